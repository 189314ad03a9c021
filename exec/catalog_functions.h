// The catalog functions that run per row: regular expression match (~, !~,
// ~*, !~*), format_type, pg_size_pretty, quote_ident, array_to_string.
#pragma once

#include <vector>

#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

// `expr` is a kFunction with one of the catalog FunctionIds; `args` are its
// evaluated arguments over `count` rows.
Vector evaluate_catalog_function(const planner::BoundExpression& expr, const std::vector<Vector>& args,
                                 std::size_t count);

}  // namespace ptreedb::exec
