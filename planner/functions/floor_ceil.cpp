// floor and ceil (ceiling): numeric for a numeric argument, else double
// precision (an integer argument too, PostgreSQL's preferred numeric type).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_integral_part(FunctionId id, const std::string& name, std::vector<BoundExpression>& args,
                                   int location) {
  if (args.size() != 1) throw_no_such_function(name, args, location);
  const value::SqlType double_precision = value::SqlType::of(value::TypeId::kDouble);
  BoundExpression arg = resolve_unknown(std::move(args[0]), double_precision);
  if (!value::is_numeric_category(arg.type.id)) throw_no_such_function(name, args, location);
  if (arg.type.id != value::TypeId::kNumeric) arg = coerce(std::move(arg), double_precision, false);
  BoundExpression out = function_node(id, value::SqlType::of(arg.type.id), {});
  out.args.push_back(std::move(arg));
  return out;
}

BoundExpression bind_floor(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_integral_part(FunctionId::kFloor, name, args, location);
}

BoundExpression bind_ceil(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_integral_part(FunctionId::kCeil, name, args, location);
}

}  // namespace

const FunctionBinding kFloorBinding{FunctionId::kFloor, "floor", {"floor"}, bind_floor};
const FunctionBinding kCeilBinding{FunctionId::kCeil, "ceil", {"ceil", "ceiling"}, bind_ceil};

}  // namespace ptreedb::planner
