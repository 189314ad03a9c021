// NULLIF(a, b), bound as (a, a = b): a, NULL where the comparison is true.
#include "exec/functions/function_kernel.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_nullif(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = args[0];
  for (std::size_t i = 0; i < input.size; ++i) {
    if (!args[1].nulls[i] && args[1].ints[i]) out.nulls[i] = 1;
  }
  return out;
}

// Shows the b of the comparison, as the call was written.
std::string explain_nullif(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  const planner::BoundExpression& equal = expr.args[1];
  std::string other = equal.args.size() == 2 ? printer.text(equal.args[1]) : "?";
  return "NULLIF(" + printer.text(expr.args[0]) + ", " + other + ")";
}

}  // namespace

const FunctionKernel kNullIfKernel{planner::FunctionId::kNullIf, evaluate_nullif, explain_nullif};

}  // namespace ptreedb::exec
