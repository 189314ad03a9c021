// scale, min_scale, trim_scale and div over numeric (integers cast to it).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_numeric_call(FunctionId id, const std::string& name, std::vector<BoundExpression>& args,
                                  int location, std::size_t count, TypeId result) {
  if (args.size() != count) throw_no_such_function(name, args, location);
  const value::SqlType numeric = value::SqlType::of(TypeId::kNumeric);
  std::vector<BoundExpression> coerced;
  for (BoundExpression& arg : args) {
    // numeric takes integers and numerics implicitly; floats only by an explicit cast.
    const bool fits = arg.unknown_literal || arg.type.id == TypeId::kNumeric || value::is_integer_type(arg.type.id);
    if (!fits) throw_no_such_function(name, args, location);
  }
  for (BoundExpression& arg : args) coerced.push_back(coerce(resolve_unknown(std::move(arg), numeric), numeric, false));
  return function_node(id, value::SqlType::of(result), std::move(coerced));
}

BoundExpression bind_scale(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_numeric_call(FunctionId::kScale, name, args, location, 1, TypeId::kInteger);
}
BoundExpression bind_min_scale(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_numeric_call(FunctionId::kMinScale, name, args, location, 1, TypeId::kInteger);
}
BoundExpression bind_trim_scale(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_numeric_call(FunctionId::kTrimScale, name, args, location, 1, TypeId::kNumeric);
}
BoundExpression bind_div(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_numeric_call(FunctionId::kDiv, name, args, location, 2, TypeId::kNumeric);
}

}  // namespace

const FunctionBinding kScaleBinding{FunctionId::kScale, "scale", {"scale"}, bind_scale};
const FunctionBinding kMinScaleBinding{FunctionId::kMinScale, "min_scale", {"min_scale"}, bind_min_scale};
const FunctionBinding kTrimScaleBinding{FunctionId::kTrimScale, "trim_scale", {"trim_scale"}, bind_trim_scale};
const FunctionBinding kDivBinding{FunctionId::kDiv, "div", {"div"}, bind_div};

}  // namespace ptreedb::planner
