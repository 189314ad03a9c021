// floor and ceil of numeric (scale 0; NaN and the infinities unchanged) and
// of double precision.
#include <cmath>

#include "exec/functions/function_kernel.h"

namespace ptreedb::exec {
namespace {

template <class NumericPart, class DoublePart>
Vector integral_part(const planner::BoundExpression& expr, const Chunk& input, NumericPart numeric_part,
                     DoublePart double_part) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& x = args[0];
  Vector out = new_result(expr.type, input.size);
  const bool numeric = expr.type.id == value::TypeId::kNumeric;
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = x.nulls[i];
    if (out.nulls[i]) continue;
    if (numeric) {
      out.decimals[i] = numeric_part(x.decimal(i));
    } else {
      out.doubles[i] = double_part(x.doubles[i]);
    }
  }
  return out;
}

Vector evaluate_floor(const planner::BoundExpression& expr, const Chunk& input) {
  return integral_part(expr, input, value::decimal_floor, [](double x) { return std::floor(x); });
}

Vector evaluate_ceil(const planner::BoundExpression& expr, const Chunk& input) {
  return integral_part(expr, input, value::decimal_ceil, [](double x) { return std::ceil(x); });
}

}  // namespace

const FunctionKernel kFloorKernel{planner::FunctionId::kFloor, evaluate_floor};
const FunctionKernel kCeilKernel{planner::FunctionId::kCeil, evaluate_ceil};

}  // namespace ptreedb::exec
