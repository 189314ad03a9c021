// concat(VARIADIC "any") and concat_ws(separator, VARIADIC "any"): the
// arguments' text forms joined, NULL arguments skipped.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::TypeId;

BoundExpression bind_concat_arguments(FunctionId id, const std::string& name, std::vector<BoundExpression>& args,
                                      int location, std::size_t minimum) {
  if (args.size() < minimum) throw_no_such_function(name, args, location);
  const value::SqlType text = value::SqlType::of(TypeId::kText);
  BoundExpression out = function_node(id, text, {});
  for (std::size_t i = 0; i < args.size(); ++i) {
    BoundExpression arg = resolve_unknown(std::move(args[i]), text);
    // concat_ws's separator is a text parameter.
    if (id == FunctionId::kConcatWs && i == 0) {
      if (!value::is_character_type(arg.type.id)) throw_no_such_function(name, args, location);
      arg = coerce(std::move(arg), text, false);
    }
    out.args.push_back(std::move(arg));
  }
  return out;
}

BoundExpression bind_concat(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_concat_arguments(FunctionId::kConcat, name, args, location, 1);
}

BoundExpression bind_concat_ws(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_concat_arguments(FunctionId::kConcatWs, name, args, location, 2);
}

}  // namespace

const FunctionBinding kConcatBinding{FunctionId::kConcat, "concat", {"concat"}, bind_concat};
const FunctionBinding kConcatWsBinding{FunctionId::kConcatWs, "concat_ws", {"concat_ws"}, bind_concat_ws};

}  // namespace ptreedb::planner
