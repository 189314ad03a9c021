// CREATE [OR REPLACE] VIEW.
#include "exec/ddl_changes.h"
#include "planner/ddl_planner.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

namespace ptreedb::exec {

using storage::RelationKind;

namespace {

// OR REPLACE keeps every existing column, by name and type, in place;
// new columns may only follow them (PostgreSQL's checkViewTupleDesc).
void check_replacement(const planner::ViewColumns& old_columns, const planner::ViewColumns& new_columns) {
  if (new_columns.names.size() < old_columns.names.size()) {
    throw SqlError("42P16", "cannot drop columns from view");
  }
  for (std::size_t i = 0; i < old_columns.names.size(); ++i) {
    if (old_columns.names[i] != new_columns.names[i]) {
      throw SqlError("42P16",
                     "cannot change name of view column \"" + old_columns.names[i] + "\" to \"" +
                         new_columns.names[i] + "\"",
                     {}, "Use ALTER VIEW ... RENAME COLUMN ... to change name of view column instead.");
    }
    if (!(old_columns.types[i] == new_columns.types[i])) {
      throw SqlError("42P16", "cannot change data type of view column \"" + old_columns.names[i] + "\" from " +
                                  value::format_type(old_columns.types[i]) + " to " +
                                  value::format_type(new_columns.types[i]));
    }
  }
}

}  // namespace

WorldPtr create_view(const storage::World& world, const planner::CreateViewPlan& plan) {
  std::shared_ptr<const storage::ViewDefinition> old;
  if (auto kind = storage::relation_kind(world, plan.name)) {
    if (*kind != RelationKind::kView && plan.replace) {
      throw SqlError("42809", "\"" + plan.name + "\" is not a view");
    }
    if (*kind != RelationKind::kView || !plan.replace) {
      throw SqlError("42P07", "relation \"" + storage::split_relation_key(plan.name).relation + "\" already exists");
    }
    old = world.find_view(plan.name);
  }
  // Planned again in the world committed to: what it reads may have changed
  // since the statement was planned.
  planner::ViewColumns columns = planner::plan_view_columns(plan.query_sql, plan.column_names, world);
  if (old) check_replacement(planner::plan_view_columns(old->query_sql, old->column_names, world), columns);
  planner::check_distinct_names(columns);
  auto view = std::make_shared<storage::ViewDefinition>();
  view->name = plan.name;
  view->query_sql = plan.query_sql;
  view->column_names = std::move(columns.names);
  view->oid = old ? old->oid : world.next_oid();
  return world.with_view(std::move(view));
}

}  // namespace ptreedb::exec
