// to_number(text, text) -> numeric.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_to_number(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_signature(FunctionId::kToNumber, name, args, location, {TypeId::kText, TypeId::kText}, TypeId::kNumeric);
}

}  // namespace

const FunctionBinding kToNumberBinding{FunctionId::kToNumber, "to_number", {"to_number"}, bind_to_number};

}  // namespace ptreedb::planner
