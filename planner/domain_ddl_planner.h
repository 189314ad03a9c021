// CREATE DOMAIN, ALTER DOMAIN and DROP DOMAIN as DDL plans: the base type
// resolved, the default and CHECK expressions checked as PostgreSQL's
// DefineDomain / AlterDomain* check them.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "planner/ddl_plan.h"

namespace ptreedb::planner {

DdlPlan plan_create_domain(const PgQuery__CreateDomainStmt& statement);
DdlPlan plan_alter_domain(const PgQuery__AlterDomainStmt& statement);
DdlPlan plan_drop_domain(const PgQuery__DropStmt& statement);
// ALTER DOMAIN ... RENAME TO / RENAME CONSTRAINT.
DdlPlan plan_rename_domain(const PgQuery__RenameStmt& statement);

}  // namespace ptreedb::planner
