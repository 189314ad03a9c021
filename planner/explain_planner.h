// EXPLAIN [ANALYZE] [(option, ...)] statement: the options checked as
// PostgreSQL checks them, and the statement planned (and timed) as usual.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "planner/plan.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

ExplainPlan plan_explain(const PgQuery__ExplainStmt& explain, const storage::World& world);

}  // namespace ptreedb::planner
