// sinh, cosh, tanh, asinh, acosh and atanh of double precision, as float.c:
// sinh and cosh saturate to infinity instead of failing, acosh below 1 and
// atanh outside [-1, 1] are 22003 "input is out of range", atanh(+-1) is
// +-Infinity.
#include <cerrno>
#include <cmath>
#include <limits>

#include "exec/functions/double_per_row.h"

namespace ptreedb::exec {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

Vector evaluate_sinh(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    errno = 0;
    const double result = std::sinh(x);
    if (errno == ERANGE) return x < 0 ? -kInfinity : kInfinity;
    return result;
  });
}

Vector evaluate_cosh(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    errno = 0;
    double result = std::cosh(x);
    if (errno == ERANGE) result = kInfinity;
    if (result == 0.0) float_underflow();
    return result;
  });
}

Vector evaluate_tanh(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    const double result = std::tanh(x);
    if (std::isinf(result)) float_overflow();
    return result;
  });
}

Vector evaluate_asinh(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) { return std::asinh(x); });
}

Vector evaluate_acosh(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    if (x < 1.0) input_out_of_range();
    return std::acosh(x);
  });
}

Vector evaluate_atanh(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    if (x < -1.0 || x > 1.0) input_out_of_range();
    if (x == -1.0) return -kInfinity;
    if (x == 1.0) return kInfinity;
    return std::atanh(x);
  });
}

}  // namespace

const FunctionKernel kSinhKernel{planner::FunctionId::kSinh, evaluate_sinh};
const FunctionKernel kCoshKernel{planner::FunctionId::kCosh, evaluate_cosh};
const FunctionKernel kTanhKernel{planner::FunctionId::kTanh, evaluate_tanh};
const FunctionKernel kAsinhKernel{planner::FunctionId::kAsinh, evaluate_asinh};
const FunctionKernel kAcoshKernel{planner::FunctionId::kAcosh, evaluate_acosh};
const FunctionKernel kAtanhKernel{planner::FunctionId::kAtanh, evaluate_atanh};

}  // namespace ptreedb::exec
