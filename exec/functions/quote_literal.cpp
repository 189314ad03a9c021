// quote_literal and quote_nullable of a text.
#include "exec/functions/quote_literal.h"

#include "exec/functions/function_kernel.h"
#include "exec/functions/text_results.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_quote_literal(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) { return quote_literal(args[0].texts[i]); });
}

Vector evaluate_quote_nullable(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  // Never NULL: a NULL argument is the word NULL.
  return text_per_row(expr, {}, input.size, [&](std::size_t i) {
    return args[0].nulls[i] ? std::string("NULL") : quote_literal(args[0].texts[i]);
  });
}

}  // namespace

const FunctionKernel kQuoteLiteralKernel{planner::FunctionId::kQuoteLiteral, evaluate_quote_literal};
const FunctionKernel kQuoteNullableKernel{planner::FunctionId::kQuoteNullable, evaluate_quote_nullable};

}  // namespace ptreedb::exec
