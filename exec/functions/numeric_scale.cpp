// scale(numeric), min_scale(numeric), trim_scale(numeric) and div(numeric,
// numeric) as PostgreSQL's numeric.c: the display scale; the least scale
// that keeps the value (trailing fractional zeros dropped); the value at that
// scale; the quotient truncated toward zero at scale 0 (22012 dividing by 0).
// NaN and the infinities have no scale (NULL).
#include "exec/functions/text_results.h"
#include "storage/value/decimal.h"

namespace ptreedb::exec {
namespace {

// A scale of each row's value, NULL for the special values.
template <class Scale>
Vector scale_per_row(const planner::BoundExpression& expr, const Chunk& input, Scale scale) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = int_per_row(expr, args, input.size, [&](std::size_t i) -> std::int64_t {
    const value::Decimal x = args[0].decimal(i);
    return value::decimal_is_special(x) ? 0 : scale(x);
  });
  for (std::size_t i = 0; i < input.size; ++i) {
    if (!out.nulls[i] && value::decimal_is_special(args[0].decimal(i))) out.nulls[i] = 1;
  }
  return out;
}

Vector evaluate_scale(const planner::BoundExpression& expr, const Chunk& input) {
  return scale_per_row(expr, input, [](value::Decimal x) { return x.scale; });
}

Vector evaluate_min_scale(const planner::BoundExpression& expr, const Chunk& input) {
  return scale_per_row(expr, input, [](value::Decimal x) { return value::decimal_normalize(x).scale; });
}

Vector evaluate_trim_scale(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return decimal_per_row(expr, args, input.size, [&](std::size_t i) { return value::decimal_normalize(args[0].decimal(i)); });
}

Vector evaluate_div(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return decimal_per_row(expr, args, input.size,
                         [&](std::size_t i) { return value::decimal_div_trunc(args[0].decimal(i), args[1].decimal(i)); });
}

}  // namespace

const FunctionKernel kScaleKernel{planner::FunctionId::kScale, evaluate_scale};
const FunctionKernel kMinScaleKernel{planner::FunctionId::kMinScale, evaluate_min_scale};
const FunctionKernel kTrimScaleKernel{planner::FunctionId::kTrimScale, evaluate_trim_scale};
const FunctionKernel kDivKernel{planner::FunctionId::kDiv, evaluate_div};

}  // namespace ptreedb::exec
