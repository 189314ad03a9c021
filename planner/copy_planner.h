// COPY's plan: the direction, the table and its target columns (or the query
// whose rows go out), and the format options, checked in PostgreSQL 15's order
// and with its messages.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "planner/plan.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

// Only COPY FROM STDIN and COPY TO STDOUT exist here: server-side files and
// programs throw 0A000.
CopyPlan plan_copy(const PgQuery__CopyStmt& copy, const storage::World& world);

}  // namespace ptreedb::planner
