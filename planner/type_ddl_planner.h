// CREATE TYPE ... AS ENUM, ALTER TYPE and DROP TYPE as DDL plans; the other
// CREATE TYPE forms and the type and domain statements not planned are
// refused (0A000) by name.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "planner/ddl_plan.h"

namespace ptreedb::planner {

DdlPlan plan_create_enum_type(const PgQuery__CreateEnumStmt& statement);
DdlPlan plan_alter_enum_type(const PgQuery__AlterEnumStmt& statement);
DdlPlan plan_drop_type(const PgQuery__DropStmt& statement);
DdlPlan plan_rename_type(const PgQuery__RenameStmt& statement);

// Statements about types and domains not planned yet: throws 0A000 naming
// the statement, or returns when `statement` is none of them.
void refuse_unsupported_type_statement(const PgQuery__Node& statement);

}  // namespace ptreedb::planner
