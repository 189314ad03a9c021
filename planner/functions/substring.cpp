// substring(text, start [, count]) in characters; substr is the same function.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_substring(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() < 2 || args.size() > 3) throw_no_such_function(name, args, location);
  // substring(bytea, ...) is in bytes and returns bytea.
  const bool bytea = args[0].type.id == value::TypeId::kBytea && !args[0].unknown_literal;
  const value::SqlType text = value::SqlType::of(bytea ? value::TypeId::kBytea : value::TypeId::kText);
  const value::SqlType integer = value::SqlType::of(value::TypeId::kInteger);
  BoundExpression out = function_node(FunctionId::kSubstring, text, {});
  out.args.push_back(coerce(std::move(args[0]), text, false));
  for (std::size_t i = 1; i < args.size(); ++i) {
    BoundExpression position = resolve_unknown(std::move(args[i]), integer);
    if (!value::is_integer_type(position.type.id)) throw_no_such_function(name, args, location);
    out.args.push_back(coerce(std::move(position), integer, false));
  }
  return out;
}

}  // namespace

const FunctionBinding kSubstringBinding{FunctionId::kSubstring, "substring", {"substring", "substr"}, bind_substring};

}  // namespace ptreedb::planner
