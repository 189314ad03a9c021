// Checked int2/int4/int8 arithmetic and casts with PostgreSQL's semantics:
// results that do not fit raise 22003 "smallint/integer/bigint out of range",
// division truncates toward zero, a zero divisor raises 22012, and
// INT_MIN % -1 is 0. Inline so vectorized loops compile to plain instructions;
// only the error paths are out of line.
#pragma once

#include <cmath>
#include <concepts>
#include <cstdint>
#include <limits>

namespace ptreedb::value {

namespace integer_detail {

[[noreturn]] void throw_out_of_range(int byte_width);
[[noreturn]] void throw_division_by_zero();

template <class Int>
[[noreturn]] inline void out_of_range() {
  throw_out_of_range(sizeof(Int));
}

}  // namespace integer_detail

template <class Int>
concept SqlInteger = std::same_as<Int, std::int16_t> || std::same_as<Int, std::int32_t> ||
    std::same_as<Int, std::int64_t>;

template <SqlInteger Int>
inline Int int_add(Int a, Int b) {
  Int result;
  if (__builtin_add_overflow(a, b, &result)) integer_detail::out_of_range<Int>();
  return result;
}

template <SqlInteger Int>
inline Int int_sub(Int a, Int b) {
  Int result;
  if (__builtin_sub_overflow(a, b, &result)) integer_detail::out_of_range<Int>();
  return result;
}

template <SqlInteger Int>
inline Int int_mul(Int a, Int b) {
  Int result;
  if (__builtin_mul_overflow(a, b, &result)) integer_detail::out_of_range<Int>();
  return result;
}

template <SqlInteger Int>
inline Int int_div(Int a, Int b) {
  if (b == 0) integer_detail::throw_division_by_zero();
  if (b == -1) {
    if (a == std::numeric_limits<Int>::min()) integer_detail::out_of_range<Int>();
    return static_cast<Int>(-a);
  }
  return static_cast<Int>(a / b);
}

template <SqlInteger Int>
inline Int int_mod(Int a, Int b) {
  if (b == 0) integer_detail::throw_division_by_zero();
  if (b == -1) return 0;  // avoids the INT_MIN % -1 trap
  return static_cast<Int>(a % b);
}

template <SqlInteger Int>
inline Int int_negate(Int a) {
  if (a == std::numeric_limits<Int>::min()) integer_detail::out_of_range<Int>();
  return static_cast<Int>(-a);
}

template <SqlInteger Int>
inline Int int_abs(Int a) {
  return a < 0 ? int_negate(a) : a;
}

// Narrowing or widening cast between integer widths, range-checked against `To`.
template <SqlInteger To, SqlInteger From>
inline To int_cast(From value) {
  if constexpr (sizeof(To) < sizeof(From)) {
    if (value < std::numeric_limits<To>::min() || value > std::numeric_limits<To>::max()) {
      integer_detail::out_of_range<To>();
    }
  }
  return static_cast<To>(value);
}

// float -> integer: rounds half to even (rint), like PostgreSQL; NaN and values
// outside the type raise "... out of range".
template <SqlInteger To, std::floating_point Float>
inline To float_to_int(Float value) {
  const Float rounded = std::rint(value);
  // The exact bounds are powers of two, representable in any float type:
  // [-2^(bits-1), 2^(bits-1)).
  constexpr Float kUpper = -static_cast<Float>(std::numeric_limits<To>::min());
  if (!(rounded >= -kUpper && rounded < kUpper)) integer_detail::out_of_range<To>();
  return static_cast<To>(rounded);
}

}  // namespace ptreedb::value
