// quote_literal(x) and quote_nullable(x): x's text (its type's output) as a
// quoted literal; quote_nullable gives the word NULL for NULL.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

BoundExpression bind_quoting(FunctionId id, const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 1) throw_no_such_function(name, args, location);
  const value::SqlType text = value::SqlType::of(value::TypeId::kText);
  BoundExpression arg = resolve_unknown(std::move(args[0]), text);
  return function_node(id, text, {coerce(std::move(arg), text, true)});
}

BoundExpression bind_quote_literal(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_quoting(FunctionId::kQuoteLiteral, name, args, location);
}

BoundExpression bind_quote_nullable(const std::string& name, std::vector<BoundExpression>& args, int location) {
  return bind_quoting(FunctionId::kQuoteNullable, name, args, location);
}

}  // namespace

const FunctionBinding kQuoteLiteralBinding{FunctionId::kQuoteLiteral, "quote_literal", {"quote_literal"},
                                           bind_quote_literal};
const FunctionBinding kQuoteNullableBinding{FunctionId::kQuoteNullable, "quote_nullable", {"quote_nullable"},
                                            bind_quote_nullable};

}  // namespace ptreedb::planner
