// upper(text), lower(text): ASCII letters change case.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_text_case(FunctionId id, const std::string& name, std::vector<BoundExpression>& args,
                               int location) {
  if (args.size() != 1) throw_no_such_function(name, args, location);
  const value::SqlType text = value::SqlType::of(value::TypeId::kText);
  return function_node(id, text, {coerce(std::move(args[0]), text, false)});
}

BoundExpression bind_upper(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_text_case(FunctionId::kUpper, name, args, location);
}

BoundExpression bind_lower(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_text_case(FunctionId::kLower, name, args, location);
}

}  // namespace

const FunctionBinding kUpperBinding{FunctionId::kUpper, "upper", {"upper"}, bind_upper};
const FunctionBinding kLowerBinding{FunctionId::kLower, "lower", {"lower"}, bind_lower};

}  // namespace ptreedb::planner
