// abs(number) in the argument's own type (an untyped literal is double precision).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_abs(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 1) throw_no_such_function(name, args, location);
  BoundExpression arg = resolve_unknown(std::move(args[0]), value::SqlType::of(value::TypeId::kDouble));
  if (!value::is_numeric_category(arg.type.id)) throw_no_such_function(name, args, location);
  value::SqlType type = arg.type;
  return function_node(FunctionId::kAbs, type, {std::move(arg)});
}

}  // namespace

const FunctionBinding kAbsBinding{FunctionId::kAbs, "abs", {"abs"}, bind_abs};

}  // namespace ptreedb::planner
