// Calls named after a type, as PostgreSQL resolves them when no function of
// that name takes the arguments: one argument is a function-style cast
// (int8(x), date(ts), "time"(ts), text(n)); timestamptz(date, time) and
// timestamptz(date, timetz) are the SQL functions PostgreSQL defines over
// date + time.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

class ExpressionBinder;

// nullopt when `name` is no type (the caller reports the missing function);
// 42883 as PostgreSQL when it is one but no cast or variant takes `args`.
std::optional<BoundExpression> bind_type_name_call(const ExpressionBinder& binder, const std::string& name,
                                                   std::vector<BoundExpression>& args, int location);

}  // namespace ptreedb::planner
