// INSERT ... ON CONFLICT: which unique constraints arbitrate (the conflict
// target: columns inferred to the primary key or unique indexes, ON
// CONSTRAINT, or none), and DO UPDATE's SET and WHERE bound over the
// existing row (the target's name or alias) and the proposed row (EXCLUDED),
// with PostgreSQL's errors.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include <string>

#include "planner/plan.h"
#include "planner/select_planner.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

OnConflictPlan plan_on_conflict(const PgQuery__OnConflictClause& clause, const storage::TableSchema& schema,
                                const std::string& alias, const PlanningContext& context);

}  // namespace ptreedb::planner
