// width_bucket(operand, low, high, count) as PostgreSQL 15's float.c and
// numeric.c compute it: 0 below the range, count + 1 at or past its end,
// else 1 + the bucket the operand falls in (bounds may be reversed); the
// numeric bucket is floor((operand - low) * count / (high - low) + 1) with
// the quotient rounded at numeric division's scale. Errors 2201G for a count
// below 1, NaN or infinite bounds and equal bounds; 22003 past integer.
#include <cmath>
#include <cstdint>
#include <limits>

#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/wide_decimal.h"

namespace ptreedb::exec {
namespace {

constexpr const char* kInvalidArgumentForWidthBucket = "2201G";

[[noreturn]] void invalid_argument(const char* message) { throw SqlError(kInvalidArgumentForWidthBucket, message); }

std::int64_t past_the_end(std::int64_t count) {
  if (count == std::numeric_limits<std::int32_t>::max()) {
    throw SqlError(sqlstate::kNumericValueOutOfRange, "integer out of range");
  }
  return count + 1;
}

std::int64_t float_bucket(double operand, double low, double high, std::int64_t count) {
  if (count <= 0) invalid_argument("count must be greater than zero");
  if (std::isnan(operand) || std::isnan(low) || std::isnan(high)) {
    invalid_argument("operand, lower bound, and upper bound cannot be NaN");
  }
  if (std::isinf(low) || std::isinf(high)) invalid_argument("lower and upper bounds must be finite");
  if (low < high) {
    if (operand < low) return 0;
    if (operand >= high) return past_the_end(count);
    return static_cast<std::int32_t>(static_cast<double>(count) * (operand - low) / (high - low) + 1);
  }
  if (low > high) {
    if (operand > low) return 0;
    if (operand <= high) return past_the_end(count);
    return static_cast<std::int32_t>(static_cast<double>(count) * (low - operand) / (low - high) + 1);
  }
  invalid_argument("lower bound cannot equal upper bound");
}

value::WideDecimal at_scale(value::WideDecimal x, int scale) {
  for (; x.scale < scale; ++x.scale) x.units *= 10;
  return x;
}

value::WideDecimal difference(value::Decimal a, value::Decimal b) {
  const int scale = std::max(a.scale, b.scale);
  value::WideDecimal x = at_scale(value::widen(a), scale), y = at_scale(value::widen(b), scale);
  return {x.units - y.units, scale};
}

// compute_bucket: the quotient at select_div_scale, plus one, floored (it is not negative).
std::int64_t numeric_bucket(value::Decimal operand, value::Decimal low, value::Decimal high, std::int64_t count,
                            bool reversed) {
  value::WideDecimal offset = reversed ? difference(low, operand) : difference(operand, low);
  const value::WideDecimal width = reversed ? difference(low, high) : difference(high, low);
  offset.units *= count;
  const value::WideDecimal quotient =
      value::wide_div_to_scale(offset, width, value::wide_div_scale(offset, width));
  value::WideInteger whole = quotient.units;
  for (int i = 0; i < quotient.scale; ++i) whole /= 10;
  whole += 1;
  if (whole > std::numeric_limits<std::int32_t>::max()) {
    throw SqlError(sqlstate::kNumericValueOutOfRange, "integer out of range");
  }
  return static_cast<std::int64_t>(whole);
}

std::int64_t decimal_bucket(value::Decimal operand, value::Decimal low, value::Decimal high, std::int64_t count) {
  if (count <= 0) invalid_argument("count must be greater than zero");
  if (value::decimal_is_nan(operand) || value::decimal_is_nan(low) || value::decimal_is_nan(high)) {
    invalid_argument("operand, lower bound, and upper bound cannot be NaN");
  }
  if (value::decimal_is_infinite(low) || value::decimal_is_infinite(high)) {
    invalid_argument("lower and upper bounds must be finite");
  }
  const int order = value::decimal_compare(low, high);
  if (order == 0) invalid_argument("lower bound cannot equal upper bound");
  if (order < 0) {
    if (value::decimal_compare(operand, low) < 0) return 0;
    if (value::decimal_compare(operand, high) >= 0) return past_the_end(count);
    return numeric_bucket(operand, low, high, count, false);
  }
  if (value::decimal_compare(operand, low) > 0) return 0;
  if (value::decimal_compare(operand, high) <= 0) return past_the_end(count);
  return numeric_bucket(operand, low, high, count, true);
}

Vector evaluate_width_bucket(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const bool numeric = args[0].type.id == value::TypeId::kNumeric;
  return int_per_row(expr, args, input.size, [&](std::size_t i) -> std::int64_t {
    if (numeric) return decimal_bucket(args[0].decimal(i), args[1].decimal(i), args[2].decimal(i), args[3].ints[i]);
    return float_bucket(args[0].doubles[i], args[1].doubles[i], args[2].doubles[i], args[3].ints[i]);
  });
}

}  // namespace

const FunctionKernel kWidthBucketKernel{planner::FunctionId::kWidthBucket, evaluate_width_bucket};

}  // namespace ptreedb::exec
