// x IN (v1, ..., vn) with many constant items, or at least two integers: one
// set lookup per row instead of n comparisons (FunctionId::kInList). The binder binds each item
// as PostgreSQL would compare it with x; when every item is a constant and all
// comparisons share one type (numeric items promoted to their common type,
// 1 and 1.0 alike), the comparisons become one kInList: args[0] is x in that
// type, args[1..] the items; `negated` for NOT IN. PostgreSQL's NULL rules
// hold: NULL when x is NULL, or when x is not found and an item is NULL.
#pragma once

#include <optional>
#include <vector>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

// PostgreSQL hashes IN lists from 9 items (MIN_ARRAY_SIZE_FOR_HASHED_SAOP);
// shorter ones stay comparisons, except integer lists (a sorted-array lookup).
inline constexpr std::size_t kHashedInListItems = 9;

// `comparisons`: x = item (x <> item when `negated`) for each item, as bound.
// The kInList expression, or nullopt when the list does not qualify.
std::optional<BoundExpression> hashed_in_list(std::vector<BoundExpression>& comparisons, bool negated);

}  // namespace ptreedb::planner
