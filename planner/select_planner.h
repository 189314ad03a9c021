// Plans a SELECT (with its FROM items, joins, subqueries, grouping, set
// operations and CTEs) into an operator tree.
#pragma once

#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "planner/expression_binder.h"
#include "planner/plan.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

// The WITH queries visible at a point of a statement; an inner WITH shadows
// an outer one.
struct CommonTableScope {
  std::vector<const PgQuery__CommonTableExpr*> tables;
  const CommonTableScope* parent = nullptr;
  const PgQuery__CommonTableExpr* find(const std::string& name) const;
};

struct PlanningContext {
  const storage::World& world;
  const CommonTableScope* common_tables = nullptr;
  int view_depth = 0;  // views inside views, bounded to catch cycles
};

// A planned query block: its operator tree and named output columns.
struct QueryBlock {
  PlanPtr root;
  std::vector<OutputColumn> columns;
};

QueryBlock plan_query_block(const PgQuery__SelectStmt& select, const PlanningContext& context,
                            const Scope* outer = nullptr);

// A whole SELECT statement, its scans trimmed to the columns it reads.
SelectPlan plan_select_statement(const PgQuery__SelectStmt& select, const storage::World& world);

}  // namespace ptreedb::planner
