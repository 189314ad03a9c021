// quote_ident(text): the name quoted when it needs to be.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_quote_ident(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 1) throw_wrong_arguments(name, location);
  const value::SqlType text = value::SqlType::of(value::TypeId::kText);
  return function_node(FunctionId::kQuoteIdent, text, {coerce(resolve_unknown(std::move(args[0]), text), text, false)});
}

}  // namespace

const FunctionBinding kQuoteIdentBinding{FunctionId::kQuoteIdent, "quote_ident", {"quote_ident"}, bind_quote_ident};

}  // namespace ptreedb::planner
