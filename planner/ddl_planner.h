// Plans CREATE VIEW, CREATE INDEX, DROP TABLE/VIEW/INDEX, ALTER TABLE and the
// RENAME statements into DdlPlans. Views are checked here by planning their
// query (so unknown names fail with the position in the statement); the
// rest is resolved against the world when the executor commits.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "planner/ddl_plan.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

DdlPlan plan_create_view(const PgQuery__ViewStmt& statement, const storage::World& world);
DdlPlan plan_create_index(const PgQuery__IndexStmt& statement);
DdlPlan plan_drop(const PgQuery__DropStmt& statement);
DdlPlan plan_alter_table(const PgQuery__AlterTableStmt& statement);
DdlPlan plan_rename(const PgQuery__RenameStmt& statement);
DdlPlan plan_create_sequence(const PgQuery__CreateSeqStmt& statement);
DdlPlan plan_alter_sequence(const PgQuery__AlterSeqStmt& statement);

// What CREATE VIEW records of a query: its output names and types, planned in
// `world`. Throws what planning the query throws.
struct ViewColumns {
  std::vector<std::string> names;
  std::vector<value::SqlType> types;
};
ViewColumns plan_view_columns(const std::string& query_sql, const std::vector<std::string>& aliases,
                              const storage::World& world);
// Throws 42701 when two of the columns share a name.
void check_distinct_names(const ViewColumns& columns);

}  // namespace ptreedb::planner
