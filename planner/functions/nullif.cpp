// NULLIF(a, b), bound from its syntax as (a, a = b): NULL when the comparison
// holds, else a, in a's type (text for an untyped literal).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_nullif(const std::string&, std::vector<BoundExpression>& args, int) {
  BoundExpression value = resolve_unknown(std::move(args[0]), value::SqlType::of(value::TypeId::kText));
  value::SqlType type = value.type;
  return function_node(FunctionId::kNullIf, type, {std::move(value), std::move(args[1])});
}

}  // namespace

const FunctionBinding kNullIfBinding{FunctionId::kNullIf, "NULLIF", {}, bind_nullif};

}  // namespace ptreedb::planner
