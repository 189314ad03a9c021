// The double precision math functions with PostgreSQL's errors: 2201F for
// sqrt of a negative number and the undefined powers, 2201E for logarithms
// of zero or a negative number, 22003 for inputs out of a function's range
// and for results that overflow to infinity or underflow to zero from finite
// inputs; NaN passes through as in PostgreSQL (NaN ^ 0 = 1 ^ NaN = 1).
// sqrt, sign, exp, ln, log, log(b, x) and power of numerics answer in numeric
// (storage/value/wide_decimal.h, storage/value/decimal_transcendental.h).
#include <cerrno>
#include <cmath>

#include "exec/functions/double_per_row.h"
#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/decimal_transcendental.h"
#include "storage/value/float_arith.h"
#include "storage/value/wide_decimal.h"

namespace ptreedb::exec {
namespace {

constexpr const char* kInvalidArgumentForPower = "2201F";
constexpr const char* kInvalidArgumentForLog = "2201E";
constexpr double kRadiansPerDegree = 0.0174532925199432957692;

// A finite input's result must stay finite; `zero_from` is the input whose result may be 0.
double checked(double x, double result, double zero_from) {
  if (std::isinf(result) && !std::isinf(x)) float_overflow();
  if (result == 0.0 && x != zero_from) float_underflow();
  return result;
}

double logarithm_argument(double x) {
  if (x == 0.0) throw SqlError(kInvalidArgumentForLog, "cannot take logarithm of zero");
  if (x < 0) throw SqlError(kInvalidArgumentForLog, "cannot take logarithm of a negative number");
  return x;
}

// sin, cos, tan: an infinite input (or a domain error) is out of range.
template <class F>
double periodic(double x, F f) {
  if (std::isnan(x)) return x;
  errno = 0;
  double result = f(x);
  if (errno != 0 || std::isinf(x)) input_out_of_range();
  return result;
}

double power(double x, double y) {
  if (std::isnan(x)) return std::isnan(y) || y != 0.0 ? x : 1.0;
  if (std::isnan(y)) return x != 1.0 ? y : 1.0;
  if (x == 0 && y < 0) throw SqlError(kInvalidArgumentForPower, "zero raised to a negative power is undefined");
  if (x < 0 && std::floor(y) != y) {
    throw SqlError(kInvalidArgumentForPower, "a negative number raised to a non-integer power yields a complex result");
  }
  if (std::isinf(y)) {
    const double magnitude = std::fabs(x);
    if (magnitude == 1.0) return 1.0;
    if (y > 0.0) return magnitude > 1.0 ? y : 0.0;
    return magnitude > 1.0 ? 0.0 : -y;
  }
  if (std::isinf(x)) {
    if (y == 0.0) return 1.0;
    if (x > 0.0) return y > 0.0 ? x : 0.0;
    const double half = y / 2;
    const bool odd_integer = std::floor(half) != half;
    if (y > 0.0) return odd_integer ? x : -x;
    return odd_integer ? -0.0 : 0.0;
  }
  errno = 0;
  const double result = std::pow(x, y);
  if (errno == EDOM || std::isnan(result)) {
    if (x == 0.0) return 0.0;
    const double magnitude = std::fabs(x);
    if (magnitude == 1.0) return 1.0;
    if (y >= 0.0 ? magnitude > 1.0 : magnitude < 1.0) float_overflow();
    float_underflow();
  }
  if (errno == ERANGE) result != 0.0 ? float_overflow() : float_underflow();
  if (std::isinf(result)) float_overflow();
  if (result == 0.0 && x != 0.0) float_underflow();
  return result;
}

// sqrt and sign of a numeric: the numeric versions.
template <class F>
Vector per_numeric_row(const planner::BoundExpression& expr, const Chunk& input, F f) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& x = args[0];
  Vector out = new_result(expr.type, input.size);
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = x.nulls[i];
    if (!x.nulls[i]) out.decimals[i] = f(x.decimal(i));
  }
  return out;
}

Vector evaluate_sqrt(const planner::BoundExpression& expr, const Chunk& input) {
  if (expr.type.id == value::TypeId::kNumeric) return per_numeric_row(expr, input, value::decimal_sqrt);
  return per_row(expr, input, [](double x) {
    if (x < 0) throw SqlError(kInvalidArgumentForPower, "cannot take square root of a negative number");
    return checked(x, std::sqrt(x), 0.0);
  });
}

Vector evaluate_cbrt(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) { return checked(x, std::cbrt(x), 0.0); });
}

// power and log(b, x) of numerics.
template <class F>
Vector per_numeric_pair(const planner::BoundExpression& expr, const Chunk& input, F f) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return decimal_per_row(expr, args, input.size, [&](std::size_t i) { return f(args[0].decimal(i), args[1].decimal(i)); });
}

bool is_numeric(const planner::BoundExpression& expr) { return expr.type.id == value::TypeId::kNumeric; }

Vector evaluate_exp(const planner::BoundExpression& expr, const Chunk& input) {
  if (is_numeric(expr)) return per_numeric_row(expr, input, value::decimal_exp);
  return per_row(expr, input, [](double x) {
    if (std::isnan(x)) return x;
    if (std::isinf(x)) return x > 0.0 ? x : 0.0;
    errno = 0;
    const double result = std::exp(x);
    if (errno == ERANGE) result != 0.0 ? float_overflow() : float_underflow();
    if (std::isinf(result)) float_overflow();
    if (result == 0.0) float_underflow();
    return result;
  });
}

Vector evaluate_ln(const planner::BoundExpression& expr, const Chunk& input) {
  if (is_numeric(expr)) return per_numeric_row(expr, input, value::decimal_ln);
  return per_row(expr, input, [](double x) { return checked(x, std::log(logarithm_argument(x)), 1.0); });
}

Vector evaluate_log10(const planner::BoundExpression& expr, const Chunk& input) {
  if (is_numeric(expr) && expr.args.size() == 2) return per_numeric_pair(expr, input, value::decimal_log);
  if (is_numeric(expr)) return per_numeric_row(expr, input, value::decimal_log10);
  return per_row(expr, input, [](double x) { return checked(x, std::log10(logarithm_argument(x)), 1.0); });
}

Vector evaluate_power(const planner::BoundExpression& expr, const Chunk& input) {
  if (is_numeric(expr)) return per_numeric_pair(expr, input, value::decimal_power);
  return per_row(expr, input, [](double x, double y) { return power(x, y); });
}

Vector evaluate_pi(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [] { return M_PI; });
}

Vector evaluate_sin(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) { return periodic(x, [](double v) { return std::sin(v); }); });
}

Vector evaluate_cos(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) { return periodic(x, [](double v) { return std::cos(v); }); });
}

Vector evaluate_tan(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) { return periodic(x, [](double v) { return std::tan(v); }); });
}

Vector evaluate_cot(const planner::BoundExpression& expr, const Chunk& input) {
  // cot(0) is Infinity, not an error.
  return per_row(expr, input, [](double x) { return periodic(x, [](double v) { return 1.0 / std::tan(v); }); });
}

Vector evaluate_asin(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    if (std::isnan(x)) return x;
    if (x < -1.0 || x > 1.0) input_out_of_range();
    return std::asin(x);
  });
}

Vector evaluate_acos(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) {
    if (std::isnan(x)) return x;
    if (x < -1.0 || x > 1.0) input_out_of_range();
    return std::acos(x);
  });
}

Vector evaluate_atan(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) { return std::atan(x); });
}

Vector evaluate_atan2(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double y, double x) { return std::atan2(y, x); });
}

Vector evaluate_degrees(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) { return value::float_div(x, kRadiansPerDegree); });
}

Vector evaluate_radians(const planner::BoundExpression& expr, const Chunk& input) {
  return per_row(expr, input, [](double x) { return value::float_mul(x, kRadiansPerDegree); });
}

Vector evaluate_sign(const planner::BoundExpression& expr, const Chunk& input) {
  if (expr.type.id == value::TypeId::kNumeric) {
    return per_numeric_row(expr, input, [](value::Decimal x) {
      return value::decimal_is_nan(x) ? x : value::decimal_from_int(value::decimal_sign(x));
    });
  }
  return per_row(expr, input, [](double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; });
}

}  // namespace

const FunctionKernel kSqrtKernel{planner::FunctionId::kSqrt, evaluate_sqrt};
const FunctionKernel kCbrtKernel{planner::FunctionId::kCbrt, evaluate_cbrt};
const FunctionKernel kExpKernel{planner::FunctionId::kExp, evaluate_exp};
const FunctionKernel kLnKernel{planner::FunctionId::kLn, evaluate_ln};
const FunctionKernel kLog10Kernel{planner::FunctionId::kLog10, evaluate_log10};
const FunctionKernel kPowerKernel{planner::FunctionId::kPower, evaluate_power};
const FunctionKernel kPiKernel{planner::FunctionId::kPi, evaluate_pi};
const FunctionKernel kSinKernel{planner::FunctionId::kSin, evaluate_sin};
const FunctionKernel kCosKernel{planner::FunctionId::kCos, evaluate_cos};
const FunctionKernel kTanKernel{planner::FunctionId::kTan, evaluate_tan};
const FunctionKernel kCotKernel{planner::FunctionId::kCot, evaluate_cot};
const FunctionKernel kAsinKernel{planner::FunctionId::kAsin, evaluate_asin};
const FunctionKernel kAcosKernel{planner::FunctionId::kAcos, evaluate_acos};
const FunctionKernel kAtanKernel{planner::FunctionId::kAtan, evaluate_atan};
const FunctionKernel kAtan2Kernel{planner::FunctionId::kAtan2, evaluate_atan2};
const FunctionKernel kDegreesKernel{planner::FunctionId::kDegrees, evaluate_degrees};
const FunctionKernel kRadiansKernel{planner::FunctionId::kRadians, evaluate_radians};
const FunctionKernel kSignKernel{planner::FunctionId::kSign, evaluate_sign};

}  // namespace ptreedb::exec
