// The array aggregate and operators' entry points the expression binder asks.
#pragma once

#include <optional>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "planner/bound_expression.h"
#include "planner/expression_binder.h"

namespace ptreedb::planner {

// array_agg(x [ORDER BY ...]): string_agg over each row's value as an array
// element (NULL as NULL), wrapped in braces and cast to x's array type (NULL
// for a group without rows, as array_agg is); nullopt for other names.
std::optional<BoundExpression> bind_array_aggregate(const ExpressionBinder& binder, const std::string& name,
                                                    const PgQuery__FuncCall& call);

}  // namespace ptreedb::planner
