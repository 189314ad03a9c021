// float4/float8 arithmetic, comparison and casts with PostgreSQL's checks: an
// operation on finite inputs that overflows to infinity raises 22003 "value out
// of range: overflow", one that underflows to zero raises "value out of range:
// underflow", x / 0 raises 22012. Ordering follows PostgreSQL's btree rules:
// NaN equals NaN and sorts above every other value, -0 equals 0.
#pragma once

#include <cmath>
#include <concepts>
#include <cstddef>
#include <functional>
#include <limits>

namespace ptreedb::value {

namespace float_detail {
[[noreturn]] void throw_overflow();
[[noreturn]] void throw_underflow();
[[noreturn]] void throw_division_by_zero();
}  // namespace float_detail

template <std::floating_point Float>
inline Float float_add(Float a, Float b) {
  const Float result = a + b;
  if (std::isinf(result) && !std::isinf(a) && !std::isinf(b)) float_detail::throw_overflow();
  return result;
}

template <std::floating_point Float>
inline Float float_sub(Float a, Float b) {
  const Float result = a - b;
  if (std::isinf(result) && !std::isinf(a) && !std::isinf(b)) float_detail::throw_overflow();
  return result;
}

template <std::floating_point Float>
inline Float float_mul(Float a, Float b) {
  const Float result = a * b;
  if (std::isinf(result) && !std::isinf(a) && !std::isinf(b)) float_detail::throw_overflow();
  if (result == 0 && a != 0 && b != 0) float_detail::throw_underflow();
  return result;
}

template <std::floating_point Float>
inline Float float_div(Float a, Float b) {
  if (b == 0 && !std::isnan(a)) float_detail::throw_division_by_zero();
  const Float result = a / b;
  if (std::isinf(result) && !std::isinf(a)) float_detail::throw_overflow();
  if (result == 0 && a != 0 && !std::isinf(b)) float_detail::throw_underflow();
  return result;
}

// float8 -> float4 with PostgreSQL's overflow/underflow errors.
inline float double_to_float(double value) {
  const float result = static_cast<float>(value);
  if (std::isinf(result) && !std::isinf(value)) float_detail::throw_overflow();
  if (result == 0.0f && value != 0.0) float_detail::throw_underflow();
  return result;
}

// -1, 0, 1 in PostgreSQL's float order (NaN last and equal to itself).
template <std::floating_point Float>
inline int float_compare(Float a, Float b) {
  if (std::isnan(a)) return std::isnan(b) ? 0 : 1;
  if (std::isnan(b)) return -1;
  return (a > b) - (a < b);
}

// Consistent with float_compare: 0 and -0 hash alike, as do all NaNs.
template <std::floating_point Float>
inline std::size_t float_hash(Float value) {
  if (value == 0) return 0;
  if (std::isnan(value)) return std::hash<double>{}(std::numeric_limits<double>::quiet_NaN());
  return std::hash<double>{}(static_cast<double>(value));
}

}  // namespace ptreedb::value
