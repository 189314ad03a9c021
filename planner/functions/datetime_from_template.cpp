// to_timestamp(text, text) -> timestamptz and to_date(text, text) -> date:
// a date/time read back through a to_char template.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_to_timestamp_from_template(const std::string& name, std::vector<BoundExpression>& args,
                                                int location) {
  return bind_signature(FunctionId::kToTimestampFromTemplate, name, args, location, {TypeId::kText, TypeId::kText},
                        TypeId::kTimestampTz);
}

BoundExpression bind_to_date(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kToDate, name, args, location, {TypeId::kText, TypeId::kText}, TypeId::kDate);
}

}  // namespace

// Reached through to_timestamp's binding (planner/functions/to_timestamp.cpp) when a format is given.
const FunctionBinding kToTimestampFromTemplateBinding{FunctionId::kToTimestampFromTemplate, "to_timestamp", {},
                                                      bind_to_timestamp_from_template};
const FunctionBinding kToDateBinding{FunctionId::kToDate, "to_date", {"to_date"}, bind_to_date};

}  // namespace ptreedb::planner
