// length(text) in characters, length(bytea) in bytes; char(n) keeps its type, so trailing blanks do not count.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_length(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 1) throw_no_such_function(name, args, location);
  BoundExpression arg = resolve_unknown(std::move(args[0]), value::SqlType::of(value::TypeId::kText));
  // length(bytea) counts bytes.
  if (!value::is_character_type(arg.type.id) && arg.type.id != value::TypeId::kBytea) {
    throw_no_such_function(name, args, location);
  }
  return function_node(FunctionId::kLength, value::SqlType::of(value::TypeId::kInteger), {std::move(arg)});
}

}  // namespace

const FunctionBinding kLengthBinding{
    FunctionId::kLength, "length", {"length", "char_length", "character_length"}, bind_length};

}  // namespace ptreedb::planner
