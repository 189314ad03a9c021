// has_table_privilege, has_column_privilege, has_schema_privilege, has_sequence_privilege,
// pg_has_role and pg_get_userbyid over the world's roles, owners and ACLs,
// bound while planning: constant arguments fold to a constant, an oid column
// becomes a CASE over the world's objects.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner/bound_expression.h"
#include "storage/world/world.h"

namespace ptreedb::planner::catalog {

std::optional<BoundExpression> bind_privilege_function(const std::string& name, std::vector<BoundExpression>& args,
                                                       int location, const storage::World& world);

}  // namespace ptreedb::planner::catalog
