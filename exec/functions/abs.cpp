// abs in the argument's type; integer abs of the minimum value is 22003.
#include <cmath>

#include "exec/functions/function_kernel.h"
#include "storage/value/integer_arith.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_abs(const planner::BoundExpression& expr, const Chunk& input) {
  using value::TypeId;
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& a = args[0];
  Vector out = new_result(expr.type, input.size);
  out.nulls = a.nulls;
  for (std::size_t i = 0; i < input.size; ++i) {
    if (out.nulls[i]) continue;
    switch (expr.type.id) {
      case TypeId::kSmallint: out.ints[i] = value::int_abs(static_cast<std::int16_t>(a.ints[i])); break;
      case TypeId::kInteger: out.ints[i] = value::int_abs(static_cast<std::int32_t>(a.ints[i])); break;
      case TypeId::kBigint: out.ints[i] = value::int_abs(a.ints[i]); break;
      case TypeId::kNumeric: out.decimals[i] = value::decimal_abs(a.decimal(i)); break;
      default: out.doubles[i] = std::fabs(a.doubles[i]); break;
    }
  }
  return out;
}

}  // namespace

const FunctionKernel kAbsKernel{planner::FunctionId::kAbs, evaluate_abs};

}  // namespace ptreedb::exec
