// round and trunc: numeric to a scale (0 by default), or float8 to an integer
// value (round half to even, rint, as PostgreSQL does).
#include <cmath>

#include "exec/functions/function_kernel.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_rounding(const planner::BoundExpression& expr, const Chunk& input, bool round) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& a = args[0];
  Vector out = new_result(expr.type, input.size);
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = a.nulls[i] || (args.size() > 1 && args[1].nulls[i]);
    if (out.nulls[i]) continue;
    if (expr.type.id == value::TypeId::kNumeric) {
      int scale = args.size() > 1 ? static_cast<int>(args[1].ints[i]) : 0;
      out.decimals[i] = round ? value::decimal_round(a.decimal(i), scale) : value::decimal_trunc(a.decimal(i), scale);
    } else {
      out.doubles[i] = round ? std::nearbyint(a.doubles[i]) : std::trunc(a.doubles[i]);
    }
  }
  return out;
}

Vector evaluate_round(const planner::BoundExpression& expr, const Chunk& input) {
  return evaluate_rounding(expr, input, true);
}

Vector evaluate_trunc(const planner::BoundExpression& expr, const Chunk& input) {
  return evaluate_rounding(expr, input, false);
}

}  // namespace

const FunctionKernel kRoundKernel{planner::FunctionId::kRound, evaluate_round};
const FunctionKernel kTruncKernel{planner::FunctionId::kTrunc, evaluate_trunc};

}  // namespace ptreedb::exec
