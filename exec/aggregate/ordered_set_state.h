// The ordered-set aggregates percentile_cont, percentile_disc and mode
// (WITHIN GROUP (ORDER BY x)), as PostgreSQL 15's orderedsetaggs.c computes
// them. Their rows arrive once, already in the call's order (the aggregation
// keeps and sorts them, NULL x left out), so the state keeps each group's
// values and answers at finish: the interpolated or the first value at the
// fraction (an array of them for an array of fractions), or the most
// frequent value (the earliest in order among equals).
#pragma once

#include <memory>

#include "exec/aggregate/aggregate_state.h"

namespace ptreedb::exec {

// `fraction`: the percentile when the call's is a constant (checked even for
// a group without rows, as PostgreSQL does), else null (read from the rows).
std::unique_ptr<AggregateState> make_ordered_set_state(planner::AggregateKind kind, value::SqlType result,
                                                       const planner::BoundExpression* fraction);

}  // namespace ptreedb::exec
