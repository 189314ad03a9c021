// Binds window function calls (a FuncCall with OVER): ranking and offset
// functions and every aggregate over a window, the window resolved against
// the query's WINDOW clause, checked and typed as PostgreSQL 15 does.
#pragma once

#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "planner/bound_expression.h"
#include "planner/expression_binder.h"

namespace ptreedb::planner {

// The WINDOW clause of one SELECT: its definitions, in order.
struct WindowClause {
  std::vector<const PgQuery__WindowDef*> definitions;
};

// Whether `name` is a function that exists only as a window function.
bool is_window_only_function(const std::string& name);

// A kWindow expression for `call` (planner/window_call.h lays out its args).
BoundExpression bind_window_call(const ExpressionBinder& binder, const std::string& name,
                                 const PgQuery__FuncCall& call, const WindowClause* clause);

// Checks every definition of the WINDOW clause (names unique, references
// to earlier ones valid, what a reference may add), as PostgreSQL does even
// for definitions no call uses.
void check_window_clause(const ExpressionBinder& binder, const WindowClause& clause);

}  // namespace ptreedb::planner
