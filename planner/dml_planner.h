// Plans the statements that change rows: INSERT, UPDATE, DELETE, TRUNCATE.
//
// UPDATE and DELETE are planned as a query over the target table (plus FROM /
// USING items, filtered by WHERE) whose scan also emits each row's position in
// the table version it reads; the executor turns positions back into row keys.
// The query is the select planner's, so WHERE and SET may hold any subquery a
// SELECT may. New values are coerced to the column types as INSERT's are.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "planner/plan.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

struct CommonTableScope;

// `outer`: the WITH queries a data-modifying WITH query sees (planner/modifying_with.h).
InsertPlan plan_insert(const PgQuery__InsertStmt& insert, const storage::World& world,
                       const CommonTableScope* outer = nullptr);
UpdatePlan plan_update(const PgQuery__UpdateStmt& update, const storage::World& world,
                       const CommonTableScope* outer = nullptr);
DeletePlan plan_delete(const PgQuery__DeleteStmt& del, const storage::World& world,
                       const CommonTableScope* outer = nullptr);
TruncatePlan plan_truncate(const PgQuery__TruncateStmt& truncate, const storage::World& world);

// The value of one `SET (a, b) = (x, y)` column: its item of the row
// (UPDATE's SET and ON CONFLICT DO UPDATE's).
const PgQuery__Node* multi_assigned_value(const PgQuery__MultiAssignRef& ref);

}  // namespace ptreedb::planner
