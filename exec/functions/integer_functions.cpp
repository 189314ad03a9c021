// mod (as the % operator: 22012 for a zero divisor, the dividend's sign),
// gcd and lcm (never negative; 22003 when the result does not fit the type,
// as gcd(-2147483648, 0) does not fit an integer).
#include <cstdint>
#include <limits>

#include "exec/functions/function_kernel.h"
#include "exec/functions/text_results.h"
#include "storage/value/decimal.h"
#include "storage/value/decimal_gcd.h"
#include "storage/value/integer_arith.h"

namespace ptreedb::exec {
namespace {

using value::TypeId;

// f(x, y) over the rows where neither argument is NULL, for `Int` values.
template <class Int, class F>
void integer_rows(const Vector& a, const Vector& b, Vector& out, F f) {
  for (std::size_t i = 0; i < out.size(); ++i) {
    out.nulls[i] = a.nulls[i] | b.nulls[i];
    if (!out.nulls[i]) out.ints[i] = f(static_cast<Int>(a.ints[i]), static_cast<Int>(b.ints[i]));
  }
}

template <class F>
Vector integer_function(const planner::BoundExpression& expr, const Chunk& input, F f) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  switch (expr.type.id) {
    case TypeId::kSmallint: integer_rows<std::int16_t>(args[0], args[1], out, f); break;
    case TypeId::kInteger: integer_rows<std::int32_t>(args[0], args[1], out, f); break;
    default: integer_rows<std::int64_t>(args[0], args[1], out, f); break;
  }
  return out;
}

std::uint64_t magnitude(std::int64_t x) {
  return x < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x);
}

std::uint64_t gcd_of_magnitudes(std::uint64_t x, std::uint64_t y) {
  while (y != 0) {
    std::uint64_t rest = x % y;
    x = y;
    y = rest;
  }
  return x;
}

template <class Int>
Int fitted(unsigned __int128 result) {
  if (result > static_cast<unsigned __int128>(std::numeric_limits<Int>::max())) {
    value::integer_detail::throw_out_of_range(sizeof(Int));
  }
  return static_cast<Int>(result);
}

// The numeric version of mod, gcd or lcm.
template <class F>
Vector numeric_function(const planner::BoundExpression& expr, const Chunk& input, F f) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return decimal_per_row(expr, args, input.size, [&](std::size_t i) { return f(args[0].decimal(i), args[1].decimal(i)); });
}

Vector evaluate_mod(const planner::BoundExpression& expr, const Chunk& input) {
  if (expr.type.id == TypeId::kNumeric) return numeric_function(expr, input, value::decimal_mod);
  return integer_function(expr, input, [](auto x, auto y) { return value::int_mod(x, y); });
}

Vector evaluate_gcd(const planner::BoundExpression& expr, const Chunk& input) {
  if (expr.type.id == TypeId::kNumeric) return numeric_function(expr, input, value::decimal_gcd);
  return integer_function(expr, input, [](auto x, auto y) {
    using Int = decltype(x);
    return fitted<Int>(gcd_of_magnitudes(magnitude(x), magnitude(y)));
  });
}

Vector evaluate_lcm(const planner::BoundExpression& expr, const Chunk& input) {
  if (expr.type.id == TypeId::kNumeric) return numeric_function(expr, input, value::decimal_lcm);
  return integer_function(expr, input, [](auto x, auto y) {
    using Int = decltype(x);
    if (x == 0 || y == 0) return Int{0};
    std::uint64_t divisor = fitted<Int>(gcd_of_magnitudes(magnitude(x), magnitude(y)));
    return fitted<Int>(static_cast<unsigned __int128>(magnitude(x) / divisor) * magnitude(y));
  });
}

}  // namespace

const FunctionKernel kModKernel{planner::FunctionId::kMod, evaluate_mod};
const FunctionKernel kGcdKernel{planner::FunctionId::kGcd, evaluate_gcd};
const FunctionKernel kLcmKernel{planner::FunctionId::kLcm, evaluate_lcm};

}  // namespace ptreedb::exec
