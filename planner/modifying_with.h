// Data-modifying WITH queries: INSERT, UPDATE or DELETE in the WITH list of
// a statement's top level (PostgreSQL allows them nowhere else). While such a
// statement is planned, its parts are known here: each is planned once,
// against the statement's snapshot, after the parts it reads, and every
// reference to one reads the rows its RETURNING gave (a CTE scan).
#pragma once

#include <optional>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "planner/plan.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

struct CommonTableScope;

// Whether the statement is a SELECT, INSERT, UPDATE or DELETE whose own WITH
// list holds a data-modifying query.
bool has_modifying_with(const PgQuery__Node& statement);

// Plans such a statement: its parts, then itself.
ModifyingWithPlan plan_modifying_with(const PgQuery__Node& statement, const storage::World& world);

// Whether `common` is a data-modifying WITH query.
bool is_modifying(const PgQuery__CommonTableExpr& common);

// A data-modifying WITH query met in a WITH list: fine at the top level of
// the statement being planned, else 0A000 as PostgreSQL refuses it.
void check_modifying_allowed(const PgQuery__CommonTableExpr& common);

// What a reference to a data-modifying WITH query reads: its part's slot and
// RETURNING columns (named by the query's column list), the part planned
// first if it was not yet. 0A000 without RETURNING.
struct ReturnedRowsOf {
  std::shared_ptr<ReturnedRowsSlot> slot;
  std::vector<OutputColumn> columns;
};
ReturnedRowsOf returned_rows_of(const PgQuery__CommonTableExpr& common);

}  // namespace ptreedb::planner
