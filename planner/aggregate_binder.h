// Binds aggregate calls: count, sum, avg, min, max, string_agg, bool_and,
// bool_or and every, the variance and standard deviation family, covar_*,
// corr and regr_*, the ordered-set percentile_cont, percentile_disc and mode,
// the hypothetical-set rank family, with DISTINCT, ORDER BY inside the call and FILTER
// (WHERE ...), typed and checked as PostgreSQL 15 does.
#pragma once

#include <optional>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "planner/bound_expression.h"
#include "planner/expression_binder.h"

namespace ptreedb::planner {

// The aggregate a function name calls, if it is one.
std::optional<AggregateKind> aggregate_kind_of(const std::string& name);

// rank, dense_rank, percent_rank and cume_dist called WITHIN GROUP: the
// hypothetical-set aggregate (with OVER they are window functions).
std::optional<AggregateKind> hypothetical_aggregate_of(const std::string& name);

// A kAggregate expression for `call` (see BoundExpression for how its args are laid out).
BoundExpression bind_aggregate_call(const ExpressionBinder& binder, AggregateKind kind, const std::string& name,
                                    const PgQuery__FuncCall& call);

// Throws 42809 when `call` uses DISTINCT, ORDER BY or FILTER on a function
// that is not an aggregate.
void reject_aggregate_clauses(const std::string& name, const PgQuery__FuncCall& call);

}  // namespace ptreedb::planner
