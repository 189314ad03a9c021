// GREATEST(a, b, ...) and LEAST(a, b, ...): the arguments' common type, each
// argument coerced to it, as PostgreSQL's transformMinMaxExpr does.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_extreme(FunctionId id, const char* name, std::vector<BoundExpression>& args) {
  value::SqlType type = common_type(args, name);
  std::vector<BoundExpression> coerced;
  coerced.reserve(args.size());
  for (auto& arg : args) coerced.push_back(coerce(std::move(arg), type, false));
  return function_node(id, type, std::move(coerced));
}

BoundExpression bind_greatest(const std::string&, std::vector<BoundExpression>& args, int) {
  return bind_extreme(FunctionId::kGreatest, "GREATEST", args);
}

BoundExpression bind_least(const std::string&, std::vector<BoundExpression>& args, int) {
  return bind_extreme(FunctionId::kLeast, "LEAST", args);
}

}  // namespace

const FunctionBinding kGreatestBinding{FunctionId::kGreatest, "GREATEST", {}, bind_greatest};
const FunctionBinding kLeastBinding{FunctionId::kLeast, "LEAST", {}, bind_least};

}  // namespace ptreedb::planner
