// Plans a SELECT (with its FROM items, joins, subqueries, grouping, set
// operations and CTEs) into an operator tree.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "planner/expression_binder.h"
#include "planner/plan.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

// The rows a recursive WITH query's recursive term reads of itself: the
// previous round's, with the non-recursive term's columns.
struct WorkTableReference {
  std::uint64_t id = 0;
  std::vector<OutputColumn> columns;
};

// The WITH queries visible at a point of a statement; an inner WITH shadows
// an outer one.
struct CommonTableScope {
  std::vector<const PgQuery__CommonTableExpr*> tables;
  const CommonTableScope* parent = nullptr;
  // WITH RECURSIVE: each query sees the whole list; these read themselves.
  bool recursive = false;
  std::vector<const PgQuery__CommonTableExpr*> self_referring;
  // A scope of no tables set while `work_table_of`'s recursive term is
  // planned: a reference to that query reads `work_table`.
  const PgQuery__CommonTableExpr* work_table_of = nullptr;
  const WorkTableReference* work_table = nullptr;

  const PgQuery__CommonTableExpr* find(const std::string& name) const;
  const WorkTableReference* work_table_for(const PgQuery__CommonTableExpr* common) const;
};

// The queries of `with` as the scope of what follows it (`scope`'s parent
// stays the caller's); a RECURSIVE list checked first (planner/recursive_with.h).
void enter_with_clause(const PgQuery__WithClause& with, CommonTableScope& scope);

// The scope `common`, a query of `home`'s list, is planned in: the queries
// listed before it, not itself; under RECURSIVE the whole list.
CommonTableScope scope_seen_by(const CommonTableScope& home, const PgQuery__CommonTableExpr& common);

// The views being expanded around a point of a statement, innermost first: a
// view met again inside its own expansion is a cycle.
struct ExpandingView {
  const std::string& name;
  const ExpandingView* outer = nullptr;
};

struct PlanningContext {
  const storage::World& world;
  const CommonTableScope* common_tables = nullptr;
  const ExpandingView* expanding_views = nullptr;
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

// ---- For INSERT, UPDATE and DELETE (planner/dml_planner.cpp) ----

// A relation its caller planned (a DML statement's target) and the names its
// columns go by.
struct PlannedRelation {
  PlanPtr plan;
  std::vector<ScopeColumn> columns;
};

// Binds a DML statement's output expressions (new values, RETURNING) with
// `binder`, whose scope is the relation's columns then the FROM items'; it
// plans subqueries the way a select list does.
using BindOutputs = std::function<std::vector<BoundExpression>(const ExpressionBinder& binder)>;

// The rows of `relation` joined with `from_items` (UPDATE's FROM, DELETE's
// USING) and filtered by `where` (may be null), projected to what
// `bind_outputs` returns: a select list without grouping, DISTINCT or ORDER BY.
PlanPtr plan_dml_rows(const PlanningContext& context, PlannedRelation relation,
                      std::span<PgQuery__Node* const> from_items, const PgQuery__Node* where,
                      const BindOutputs& bind_outputs);

// An expression that reads no columns (an INSERT ... VALUES item); scalar
// subqueries in it run once per statement.
BoundExpression bind_standalone_expression(const PgQuery__Node* node, const PlanningContext& context);

// An expression over `scope`'s columns alone (ON CONFLICT DO UPDATE's
// existing and EXCLUDED rows), evaluated by the executor over rows it
// assembles; scalar subqueries in it that read none of them run once per
// statement, correlated ones are refused.
BoundExpression bind_scoped_expression(const PgQuery__Node* node, const PlanningContext& context, const Scope& scope);

}  // namespace ptreedb::planner
