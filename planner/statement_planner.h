// Turns one parsed statement into a plan against the catalog of a world.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "planner/plan.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

// Throws SqlError for unknown names, type errors and unsupported statements.
StatementPlan plan_statement(const PgQuery__Node& statement, const storage::World& world);

// A column's DEFAULT bound and coerced to its type; a NULL constant when none.
BoundExpression bind_default(const storage::ColumnSchema& column);
// A new DEFAULT type-checked as PostgreSQL does when it is declared (42804
// when it cannot be assigned); privileges wait for its use.
void check_default(const storage::ColumnSchema& column);

// The SQL type a column definition names (type modifiers included).
value::SqlType resolve_column_type(const PgQuery__TypeName& type_name);

}  // namespace ptreedb::planner
