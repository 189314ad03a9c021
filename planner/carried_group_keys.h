// GROUP BY keys that another key determines: when every column of a base
// table's primary key is a key, that table's other columns grouped beside it
// are functionally dependent on it (PostgreSQL's
// remove_useless_groupby_columns). They need not be hashed or compared.
#pragma once

#include <vector>

#include "planner/bound_expression.h"
#include "planner/expression_binder.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

// Per key of `keys` (bound over `scope`): whether it is such a column; empty
// when none is.
std::vector<bool> carried_group_keys(const std::vector<BoundExpression>& keys, const Scope& scope,
                                     const storage::World& world);

}  // namespace ptreedb::planner
