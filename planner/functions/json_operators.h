// The json and jsonb operators' entries in the scalar-function registry:
// which function an operator binds to, so bind_binary_operator asks once.
#pragma once

#include <optional>
#include <string>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

// The function `left op right` binds to when it is a json/jsonb operator
// (->, ->>, #>, #>>, @>, <@, ?, ?|, ?&, #-, and || or - beside a jsonb).
std::optional<FunctionId> json_operator_function(const std::string& op, const BoundExpression& left,
                                                 const BoundExpression& right);

// json and jsonb functions not implemented yet (aggregates, set-returning
// functions, row values): 0A000 naming the function, wherever it is called.
void refuse_unsupported_json_function(const std::string& name, int location);

}  // namespace ptreedb::planner
