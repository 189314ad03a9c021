// The running states of the statistical aggregates, as PostgreSQL 15 keeps
// them so results match to the last digit:
// - var_pop, var_samp (variance), stddev_pop, stddev_samp (stddev) of
//   smallint, integer, bigint and numeric: exact sums of x and x^2 (numeric
//   result, PostgreSQL's division scale, a square root rounded to it);
// - the same of real and double precision: the count, sum and sum of squared
//   deviations updated by the Youngs-Cramer algorithm (float8_accum);
// - covar_pop, covar_samp, corr and the regr_* family of (Y, X): the same
//   algorithm over both arguments (float8_regr_accum), rows with a NULL in
//   either skipped.
// States merge as PostgreSQL's combine functions do (parallel folds, window frames).
#pragma once

#include <memory>

#include "exec/aggregate/aggregate_state.h"

namespace ptreedb::exec {

// For a call of one of those kinds; `argument` is its (first) argument's type.
std::unique_ptr<AggregateState> make_moments_state(planner::AggregateKind kind, value::SqlType argument,
                                                   value::SqlType result);

}  // namespace ptreedb::exec
