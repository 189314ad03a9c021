// Binds parse-tree expressions against the columns in scope: resolves names,
// types every node as PostgreSQL would, and makes implicit coercions explicit.
#pragma once

#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

struct ScopeColumn {
  std::string table;  // the table's name or alias
  std::string name;
  value::SqlType type;
};

struct Scope {
  std::vector<ScopeColumn> columns;
};

class ExpressionBinder {
 public:
  explicit ExpressionBinder(const Scope& scope) : scope_(scope) {}
  BoundExpression bind(const PgQuery__Node* node) const;

 private:
  BoundExpression bind_column(const PgQuery__ColumnRef& ref) const;
  BoundExpression bind_constant(const PgQuery__AConst& constant) const;
  BoundExpression bind_operator(const PgQuery__AExpr& expr) const;
  BoundExpression bind_function(const PgQuery__FuncCall& call) const;
  BoundExpression bind_scalar_function(const std::string& name, const PgQuery__FuncCall& call) const;
  BoundExpression bind_case(const PgQuery__CaseExpr& case_expr) const;
  BoundExpression bind_comparison(const char* op, PgQuery__Node* left, PgQuery__Node* right,
                                  int location) const;
  BoundExpression bind_qualified_interval(BoundExpression inner, std::int32_t mask, int location) const;

  const Scope& scope_;
};

// The expression converted to `target`: unchanged when already of that type,
// else wrapped in a Cast. Implicit coercions allow only what PostgreSQL allows
// implicitly (numeric widening, unknown literals, text types, date->timestamp);
// anything else throws 42804 (implicit) or 42846 (no cast at all).
BoundExpression coerce(BoundExpression expr, value::SqlType target, bool explicit_cast);

// A literal NULL or string whose type is still open becomes `type`; others unchanged.
BoundExpression resolve_unknown(BoundExpression expr, value::SqlType type, bool explicit_cast = false);

// The name PostgreSQL gives an output column for an expression without alias.
std::string default_column_name(const PgQuery__Node* node);

BoundExpression make_constant_text(std::string text);

}  // namespace ptreedb::planner
