// Helpers that take predicates apart and rewrite column references, used when
// the planner pushes filters down and turns equalities into join keys.
#pragma once

#include <cstddef>
#include <functional>
#include <set>
#include <vector>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

// The AND-ed parts of a predicate. A factor common to every branch of an OR is
// pulled out in front of it ((a AND b) OR (a AND c) gives a, b OR c), so join
// conditions repeated inside OR branches become join keys; constant TRUE parts
// are dropped.
std::vector<BoundExpression> split_conjuncts(BoundExpression predicate);

// The AND of `parts`; TRUE when there are none.
BoundExpression conjunction(std::vector<BoundExpression> parts);
BoundExpression disjunction(std::vector<BoundExpression> parts);

BoundExpression boolean_constant(bool value);
bool is_true_constant(const BoundExpression& expr);

// Input columns (kColumn) an expression reads.
void collect_columns(const BoundExpression& expr, std::set<std::size_t>& columns);

// The expression with every kColumn c replaced by kColumn map(c).
BoundExpression remap_columns(BoundExpression expr, const std::function<std::size_t(std::size_t)>& map);

// For correlated conditions: outer references become the first columns of a
// joined row (kOuterColumn i -> column i), the subquery's own columns follow
// (column j -> column inner_offset + j).
BoundExpression correlated_to_joined(BoundExpression expr, std::size_t inner_offset);

}  // namespace ptreedb::planner
