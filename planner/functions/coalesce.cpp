// COALESCE(a, b, ...): the arguments' common type, each argument coerced to it.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_coalesce(const std::string&, std::vector<BoundExpression>& args, int) {
  value::SqlType type = common_type(args, "COALESCE");
  std::vector<BoundExpression> coerced;
  coerced.reserve(args.size());
  for (auto& arg : args) coerced.push_back(coerce(std::move(arg), type, false));
  return function_node(FunctionId::kCoalesce, type, std::move(coerced));
}

}  // namespace

const FunctionBinding kCoalesceBinding{FunctionId::kCoalesce, "COALESCE", {}, bind_coalesce};

}  // namespace ptreedb::planner
