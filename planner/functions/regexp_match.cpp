// regexp_match(string, pattern [, flags]) and regexp_split_to_array(string,
// pattern [, flags]): text arguments (untyped literals text), a text[] result.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_text_array_function(FunctionId id, const std::string& name, std::vector<BoundExpression>& args,
                                         int location) {
  if (args.size() < 2 || args.size() > 3) throw_no_such_function(name, args, location);
  return function_node(id, value::SqlType::array_of(value::SqlType::of(value::TypeId::kText)),
                       text_arguments(name, args, location));
}

BoundExpression bind_regexp_match(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_text_array_function(FunctionId::kRegexpMatch, name, args, location);
}

BoundExpression bind_regexp_split_to_array(const std::string& name, std::vector<BoundExpression>& args,
                                           int location) {
  return bind_text_array_function(FunctionId::kRegexpSplitToArray, name, args, location);
}

}  // namespace

const FunctionBinding kRegexpMatchBinding{FunctionId::kRegexpMatch, "regexp_match", {"regexp_match"},
                                          bind_regexp_match};
const FunctionBinding kRegexpSplitToArrayBinding{
    FunctionId::kRegexpSplitToArray, "regexp_split_to_array", {"regexp_split_to_array"}, bind_regexp_split_to_array};

}  // namespace ptreedb::planner
