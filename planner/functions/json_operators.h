// The json and jsonb operators' entries in the scalar-function registry:
// which function an operator binds to, so bind_binary_operator asks once.
#pragma once

#include <optional>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "planner/bound_expression.h"
#include "planner/expression_binder.h"

namespace ptreedb::planner {

// The function `left op right` binds to when it is a json/jsonb operator
// (->, ->>, #>, #>>, @>, <@, ?, ?|, ?&, #-, and || or - beside a jsonb).
std::optional<FunctionId> json_operator_function(const std::string& op, const BoundExpression& left,
                                                 const BoundExpression& right);

// json_agg, jsonb_agg, json_object_agg, jsonb_object_agg(key, value): bound as
// string_agg over each row's JSON text (SQL NULL as JSON null), wrapped in
// brackets and cast to json or jsonb; nullopt for other names.
std::optional<BoundExpression> bind_json_aggregate(const ExpressionBinder& binder, const std::string& name,
                                                   const PgQuery__FuncCall& call);

// json and jsonb functions not implemented yet (aggregates, set-returning
// functions, row values): 0A000 naming the function, wherever it is called.
void refuse_unsupported_json_function(const std::string& name, int location);

}  // namespace ptreedb::planner
