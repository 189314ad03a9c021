// to_timestamp(seconds since 1970-01-01 UTC) as a timestamptz; the form with
// a format text binds as planner/functions/datetime_from_template.cpp.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::SqlType;
using value::TypeId;

BoundExpression bind_to_timestamp(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() == 2) return bind_function_call(FunctionId::kToTimestampFromTemplate, name, std::move(args), location);
  if (args.size() != 1) throw_no_such_function(name, args, location);
  BoundExpression seconds = resolve_unknown(std::move(args[0]), SqlType::of(TypeId::kDouble));
  if (!value::is_numeric_category(seconds.type.id)) throw_no_such_function(name, args, location);
  seconds = coerce(std::move(seconds), SqlType::of(TypeId::kDouble), false);
  return function_node(FunctionId::kToTimestamp, SqlType::of(TypeId::kTimestampTz), {std::move(seconds)});
}

}  // namespace

const FunctionBinding kToTimestampBinding{FunctionId::kToTimestamp, "to_timestamp", {"to_timestamp"},
                                          bind_to_timestamp};

}  // namespace ptreedb::planner
