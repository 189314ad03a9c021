// x IN (constants) as one hashed probe per row (FunctionId::kInList,
// planner/functions/in_list.h), and x = ANY(constant array) the same way.
#pragma once

#include <memory>

#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

// x IN (constants) and x = ANY(constant array) over rows: their set is built
// once per statement (by constant folding), not per chunk.
bool is_hashed_membership(const planner::BoundExpression& expr);

// The items of x IN (...) (or the elements of a constant array for x =
// ANY(array)) as one hash set; null when the array is NULL or malformed (the
// row-wise path answers those).
std::shared_ptr<const planner::InListSet> build_in_list_set(const planner::BoundExpression& expr);

// One probe per row, with PostgreSQL's NULL rules (NULL when x is NULL, or
// when x is not found and an item is NULL).
Vector evaluate_in_list(const planner::BoundExpression& expr, const Chunk& input);

}  // namespace ptreedb::exec
