// parse_ident(text [, strict boolean]): the parts of a qualified SQL name as
// text[] (exec/functions/parse_ident.cpp).
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_parse_ident(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.empty() || args.size() > 2) throw_no_such_function(name, args, location);
  const value::SqlType text = value::SqlType::of(value::TypeId::kText);
  const value::SqlType boolean = value::SqlType::of(value::TypeId::kBoolean);
  BoundExpression qualified = resolve_unknown(std::move(args[0]), text);
  if (!value::is_character_type(qualified.type.id)) throw_no_such_function(name, args, location);
  BoundExpression out = function_node(FunctionId::kParseIdent, value::SqlType::array_of(text), {});
  out.args.push_back(coerce(std::move(qualified), text, false));
  if (args.size() == 2) {
    BoundExpression strict = resolve_unknown(std::move(args[1]), boolean);
    if (strict.type.id != value::TypeId::kBoolean) throw_no_such_function(name, args, location);
    out.args.push_back(std::move(strict));
  }
  return out;
}

}  // namespace

const FunctionBinding kParseIdentBinding{FunctionId::kParseIdent, "parse_ident", {"parse_ident"}, bind_parse_ident};

}  // namespace ptreedb::planner
