// Binds parse-tree expressions against the columns in scope: resolves names,
// types every node as PostgreSQL would, and makes implicit coercions explicit.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "planner/bound_expression.h"
#include "planner/table_sample.h"

namespace ptreedb::planner {

struct ScopeColumn {
  std::string table;  // the table's name or alias
  std::string name;
  value::SqlType type;
  std::uint32_t table_oid = 0;  // a base table's column: where it comes from
  std::int16_t column_number = 0;
  // A side's copy of a USING/NATURAL join column: reachable only as table.name
  // (the merged column answers to the bare name and to `*`).
  bool qualified_only = false;
};

struct Scope {
  std::vector<ScopeColumn> columns;
  const Scope* outer = nullptr;  // the enclosing query's scope, for correlated references
  // Set on the scope a LATERAL subquery sees as its enclosing one: those
  // columns are bound to values when the subquery runs (once per value), so
  // the subquery keeps its conditions on them as filters instead of being
  // decorrelated; the columns it reads are collected here.
  std::set<std::size_t>* parameters = nullptr;
};

class ExpressionBinder;
struct WindowClause;

// Plans subqueries met inside expressions (the select planner implements it).
class SubqueryHook {
 public:
  virtual ~SubqueryHook() = default;
  virtual BoundExpression bind_sublink(const PgQuery__SubLink& sublink, const ExpressionBinder& binder) = 0;
  // The TABLESAMPLE of the query's one sampled table, for approximate
  // aggregates; null when none is sampled (42P10 when several are).
  virtual const TableSample* sampled_table() const { return nullptr; }
};

class ExpressionBinder {
 public:
  explicit ExpressionBinder(const Scope& scope, SubqueryHook* subqueries = nullptr)
      : scope_(scope), subqueries_(subqueries) {}
  BoundExpression bind(const PgQuery__Node* node) const;
  const Scope& scope() const { return scope_; }
  // The WINDOW clause that OVER name and OVER (name ...) refer to.
  void set_window_clause(const WindowClause* clause) { windows_ = clause; }
  // `left op right` with the operands already bound (for IN/ANY subqueries).
  BoundExpression bind_binary_operator(const std::string& op, BoundExpression left, BoundExpression right,
                                       int location) const;

 private:
  BoundExpression bind_column(const PgQuery__ColumnRef& ref) const;
  BoundExpression bind_constant(const PgQuery__AConst& constant) const;
  BoundExpression bind_operator(const PgQuery__AExpr& expr) const;
  BoundExpression bind_infix_operator(const PgQuery__AExpr& expr) const;
  BoundExpression bind_prefix_operator(const PgQuery__AExpr& expr) const;
  BoundExpression bind_other_operator(const PgQuery__AExpr& expr) const;
  BoundExpression bind_any_equal(const PgQuery__AExpr& expr) const;
  BoundExpression bind_any_all(const PgQuery__AExpr& expr, bool all) const;
  BoundExpression bind_array_expr(const PgQuery__AArrayExpr& array) const;
  BoundExpression bind_type_cast(const PgQuery__TypeCast& cast) const;
  BoundExpression bind_bool_expr(const PgQuery__BoolExpr& bool_expr) const;
  BoundExpression bind_indirection(const PgQuery__AIndirection& indirection) const;
  BoundExpression bind_array_subscript(BoundExpression array, const PgQuery__AIndices& indices) const;
  BoundExpression bind_coalesce(const PgQuery__CoalesceExpr& coalesce) const;
  BoundExpression bind_min_max(const PgQuery__MinMaxExpr& extreme) const;
  BoundExpression bind_null_test(const PgQuery__NullTest& test) const;
  BoundExpression bind_sql_value_function(const PgQuery__SQLValueFunction& function) const;
  BoundExpression bind_collate(const PgQuery__CollateClause& collate) const;
  BoundExpression bind_sublink(const PgQuery__SubLink& sublink) const;
  BoundExpression bind_grouping(const PgQuery__GroupingFunc& grouping) const;
  BoundExpression bind_function(const PgQuery__FuncCall& call) const;
  BoundExpression bind_scalar_function(const std::string& name, const PgQuery__FuncCall& call) const;
  BoundExpression bind_case(const PgQuery__CaseExpr& case_expr) const;
  BoundExpression bind_distinct_from(PgQuery__Node* left, PgQuery__Node* right, bool distinct, int location) const;
  BoundExpression bind_comparison(const char* op, PgQuery__Node* left, PgQuery__Node* right,
                                  int location) const;
  // INTERVAL '...' DAY TO SECOND(p): `mask` the fields, `precision` -1 when none.
  BoundExpression bind_qualified_interval(BoundExpression inner, std::int32_t mask, std::int32_t precision,
                                          int location) const;

  const Scope& scope_;
  SubqueryHook* subqueries_;
  const WindowClause* windows_ = nullptr;
};

// The expression converted to `target`: unchanged when already of that type,
// else wrapped in a Cast. Implicit coercions allow only what PostgreSQL allows
// implicitly (numeric widening, unknown literals, text types, date->timestamp);
// anything else throws 42804 (implicit) or 42846 (no cast at all).
BoundExpression coerce(BoundExpression expr, value::SqlType target, bool explicit_cast);

// A literal NULL or string whose type is still open becomes `type`; others unchanged.
BoundExpression resolve_unknown(BoundExpression expr, value::SqlType type, bool explicit_cast = false);

// 42883 "function name(types) does not exist", as PostgreSQL reports a call
// no variant of the function takes.
[[noreturn]] void throw_no_such_function(const std::string& name, const std::vector<BoundExpression>& args,
                                         int location);

// The name PostgreSQL gives an output column for an expression without alias.
std::string default_column_name(const PgQuery__Node* node);

BoundExpression make_constant_text(std::string text);

// The type PostgreSQL resolves for values meeting in one column (CASE branches,
// UNION columns, VALUES rows); `context` names the construct in errors.
value::SqlType common_type(const std::vector<BoundExpression>& exprs, const char* context);

}  // namespace ptreedb::planner
