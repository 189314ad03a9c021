// The functions, casts and operators that psql and drivers use to read the
// catalogs: version(), current_user, pg_get_userbyid, format_type,
// pg_get_indexdef, 'name'::regclass, ~ and !~, COLLATE "C", ...
// Most depend only on the catalog, so they are bound to constants or to a CASE
// over the oids of the statement's world; the ones that run per row are
// scalar functions of the registry (planner/functions/, exec/functions/).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner/bound_expression.h"
#include "storage/world/world.h"

namespace ptreedb::planner::catalog {

// The world the statement being planned reads (catalog functions look oids up
// in it); set for the duration of planning, nested planning keeps the outer one.
class PlanningWorld {
 public:
  explicit PlanningWorld(const storage::World& world);
  ~PlanningWorld();
  PlanningWorld(const PlanningWorld&) = delete;
  PlanningWorld& operator=(const PlanningWorld&) = delete;
  static const storage::World* current();

 private:
  const storage::World* previous_;
};

// A call of a catalog function with bound arguments, or nothing if `name` is
// not one.
std::optional<BoundExpression> bind_catalog_function(const std::string& name, std::vector<BoundExpression>& args,
                                                     int location);

// current_user, session_user, user, current_catalog, current_schema (a
// SQLValueFunction's op number), or nothing.
std::optional<BoundExpression> bind_sql_value_function(int op);

// expr::oid, ::regclass, ::regtype, ::regproc, ::name, ::"char", or nothing
// when `type_name` is none of those.
std::optional<BoundExpression> bind_catalog_cast(const std::string& type_name, BoundExpression expr, int location);

// Catalog arrays are their text form ('{1,2}'): expr::int2[], ::oid[], ...
BoundExpression bind_array_text_cast(BoundExpression expr);

// Checks a COLLATE clause's collation exists (42704 otherwise); text compares
// bytewise under every collation ptreedb has.
void check_collation(const std::string& collation, int location);

}  // namespace ptreedb::planner::catalog
