// CURRENT_TIMESTAMP, LOCALTIMESTAMP and CURRENT_DATE, bound as constants of the
// moment the statement is planned (UTC, the only time zone served). PostgreSQL
// fixes them at transaction start; here they are fixed per statement.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

BoundExpression bind_current_time(const PgQuery__SQLValueFunction& function);

}  // namespace ptreedb::planner
