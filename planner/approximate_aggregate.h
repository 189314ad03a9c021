// Approximate aggregates over a table read with TABLESAMPLE BERNOULLI (p):
// estimates for the whole table (every row that passes the query's filter,
// per group) and the half-widths of their 95% confidence intervals.
//
//   approx_count(*) / approx_count(x)   estimated rows (non-NULL x)
//   approx_sum(x)                       estimated sum of x
//   approx_avg(x)                       estimated average of x
//   approx_count_error(*), approx_sum_error(x), approx_avg_error(x)
//                                       the 95% interval's half-width
//
// Each row was drawn independently with probability q = p / 100, so the sum
// and count are Horvitz-Thompson estimates (sample totals / q) with variance
// estimates (1 - q) / q^2 * sum(x^2); the average is the sample mean with
// variance (1 - q) * s^2 / n. The intervals are the normal approximation,
// estimate +- 1.96 standard errors. All are double precision. The sample's
// percentage reaches each call as its second argument.
#pragma once

#include <optional>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "planner/bound_expression.h"
#include "planner/expression_binder.h"
#include "planner/logical_plan.h"

namespace ptreedb::planner {

std::optional<AggregateKind> approximate_aggregate_of(const std::string& name);

// The kAggregate expression of the call; 0A000 when the query reads no table
// with TABLESAMPLE BERNOULLI.
BoundExpression bind_approximate_aggregate(const ExpressionBinder& binder, AggregateKind kind, const std::string& name,
                                           const PgQuery__FuncCall& call, const TableSample* sample);

bool is_approximate_aggregate(AggregateKind kind);

// For the online mode (exec/progressive_approximation.h): the percentage of
// the plan's BERNOULLI-sampled scan when approximate aggregates of the plan
// read it (subqueries in expressions aside); null otherwise.
const BoundExpression* approximated_sample_percentage(PlanNode& root);
// A copy of the plan whose sampled scan and approximate aggregates use
// `percent` instead.
PlanPtr with_sample_percentage(const PlanPtr& root, double percent);

}  // namespace ptreedb::planner
