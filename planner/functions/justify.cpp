// justify_hours(interval), justify_days(interval), justify_interval(interval).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_justify(FunctionId id, const std::string& name, std::vector<BoundExpression>& args,
                             int location) {
  return bind_signature(id, name, args, location, {TypeId::kInterval}, TypeId::kInterval);
}

BoundExpression bind_justify_hours(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_justify(FunctionId::kJustifyHours, name, args, location);
}
BoundExpression bind_justify_days(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_justify(FunctionId::kJustifyDays, name, args, location);
}
BoundExpression bind_justify_interval(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_justify(FunctionId::kJustifyInterval, name, args, location);
}

}  // namespace

const FunctionBinding kJustifyHoursBinding{FunctionId::kJustifyHours, "justify_hours", {"justify_hours"},
                                           bind_justify_hours};
const FunctionBinding kJustifyDaysBinding{FunctionId::kJustifyDays, "justify_days", {"justify_days"},
                                          bind_justify_days};
const FunctionBinding kJustifyIntervalBinding{FunctionId::kJustifyInterval, "justify_interval", {"justify_interval"},
                                              bind_justify_interval};

}  // namespace ptreedb::planner
