// PostgreSQL's numeric as an exact scaled integer: value = units / 10^scale with
// up to 38 significant digits in a signed 128-bit integer. The scale is the
// display scale PostgreSQL keeps (1.50 stays "1.50"), and every operation picks
// its result scale by PostgreSQL's rules so the text output matches byte for
// byte. Anything that would need more than 38 digits raises SQLSTATE 22003
// instead of wrapping.
//
// NaN, Infinity and -Infinity (PostgreSQL 14+) are units just past the
// 38-digit range at scale 0 (see "Special values" below), so every range
// check the finite code makes already keeps them off its fast paths, and
// their integer order is numeric's: -Infinity < any number < Infinity < NaN.
//
// Hot operations (add, subtract, multiply, compare) are inline with the slow
// paths and all error raising out of line, so executor loops stay tight.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace ptreedb::value {

struct Decimal {
  __int128 units = 0;
  std::int32_t scale = 0;  // digits after the decimal point, 0..kDecimalMaxScale
};

inline constexpr int kDecimalMaxDigits = 38;
// PostgreSQL's NUMERIC_DSCALE_MAX: the largest display scale a value can carry.
inline constexpr int kDecimalMaxScale = 16383;
// PostgreSQL's NUMERIC_MAX_DISPLAY_SCALE: the cap on computed result scales
// (division) and on round()/trunc() targets.
inline constexpr int kDecimalMaxResultScale = 1000;

namespace decimal_detail {

inline constexpr __int128 kMaxUnits = [] {
  __int128 value = 1;
  for (int i = 0; i < kDecimalMaxDigits; ++i) value *= 10;
  return value - 1;
}();

inline constexpr __int128 pow10(int exponent) {
  __int128 value = 1;
  for (int i = 0; i < exponent; ++i) value *= 10;
  return value;
}

struct Pow10Table {
  __int128 values[kDecimalMaxDigits + 1];
  constexpr Pow10Table() : values{} {
    for (int i = 0; i <= kDecimalMaxDigits; ++i) values[i] = pow10(i);
  }
};
inline constexpr Pow10Table kPow10{};

inline bool in_range(__int128 units) { return units <= kMaxUnits && units >= -kMaxUnits; }

inline bool fits_int64(__int128 units) { return units == static_cast<std::int64_t>(units); }

// units * 10^exponent, or false when the result would exceed 38 digits.
inline bool scale_up(__int128& units, int exponent) {
  if (units == 0 || exponent == 0) return true;
  if (exponent > kDecimalMaxDigits) return false;
  if (__builtin_mul_overflow(units, kPow10.values[exponent], &units)) return false;
  return in_range(units);
}

// Special values: +-10^38 are the infinities, 10^38 + 1 is NaN.
inline constexpr __int128 kInfinityUnits = kMaxUnits + 1;
inline constexpr __int128 kNaNUnits = kMaxUnits + 2;

[[noreturn]] void throw_overflow();
Decimal add_slow(Decimal a, Decimal b);
Decimal multiply_slow(Decimal a, Decimal b);
int compare_slow(Decimal a, Decimal b);

}  // namespace decimal_detail

inline constexpr Decimal kDecimalNaN{decimal_detail::kNaNUnits, 0};
inline constexpr Decimal kDecimalInfinity{decimal_detail::kInfinityUnits, 0};
inline constexpr Decimal kDecimalNegativeInfinity{-decimal_detail::kInfinityUnits, 0};

// NaN or an infinity: none of the finite arithmetic applies.
inline bool decimal_is_special(Decimal value) { return !decimal_detail::in_range(value.units); }
inline bool decimal_is_nan(Decimal value) { return value.units == decimal_detail::kNaNUnits; }
inline bool decimal_is_infinite(Decimal value) {
  return value.units == decimal_detail::kInfinityUnits || value.units == -decimal_detail::kInfinityUnits;
}

inline Decimal decimal_from_int(std::int64_t value) { return Decimal{value, 0}; }

// numeric_in: leading/trailing whitespace, sign, digits with an optional point
// and exponent. Throws 22P02 (syntax) or 22003 (beyond 38 digits / scale 16383).
Decimal parse_decimal(std::string_view text);
// numeric_out: plain notation, exactly `scale` digits after the point.
std::string format_decimal(Decimal value);
void append_decimal(std::string& out, Decimal value);

// Result scale of + and - is the larger input scale. NaN with anything, or
// infinities of opposite signs, give NaN; an infinity otherwise wins.
inline Decimal decimal_add(Decimal a, Decimal b) {
  if (a.scale == b.scale && decimal_detail::in_range(a.units) && decimal_detail::in_range(b.units)) {
    Decimal result{0, a.scale};
    if (__builtin_add_overflow(a.units, b.units, &result.units) ||
        !decimal_detail::in_range(result.units)) {
      decimal_detail::throw_overflow();
    }
    return result;
  }
  return decimal_detail::add_slow(a, b);
}

inline Decimal decimal_negate(Decimal value) {
  if (value.units == decimal_detail::kNaNUnits) return value;
  return Decimal{-value.units, value.scale};
}

inline Decimal decimal_sub(Decimal a, Decimal b) { return decimal_add(a, decimal_negate(b)); }

// Exact product; result scale is the sum of the input scales. NaN, or an
// infinity times zero, gives NaN; an infinity otherwise gives the signed one.
inline Decimal decimal_mul(Decimal a, Decimal b) {
  if (decimal_detail::fits_int64(a.units) && decimal_detail::fits_int64(b.units)) {
    // |a|, |b| <= 2^63, so |a * b| <= 2^126 < 10^38: one 64x64->128 multiply
    // that cannot leave the 38-digit range.
    Decimal result{0, a.scale + b.scale};
    result.units = static_cast<__int128>(static_cast<std::int64_t>(a.units)) * static_cast<std::int64_t>(b.units);
    if (result.scale > kDecimalMaxScale) decimal_detail::throw_overflow();
    return result;
  }
  return decimal_detail::multiply_slow(a, b);
}

// PostgreSQL's numeric division: rounded (half away from zero) to a scale that
// gives at least 16 significant digits and no less than either input's scale.
// Throws 22012 on a zero divisor.
Decimal decimal_div(Decimal dividend, Decimal divisor);
// The scale decimal_div would choose (PostgreSQL's select_div_scale).
int decimal_div_scale(Decimal dividend, Decimal divisor);
// Division rounded half away from zero to an explicit result scale (>= 0).
Decimal decimal_div_to_scale(Decimal dividend, Decimal divisor, int result_scale);
// div(a, b): the quotient truncated toward zero, scale 0.
Decimal decimal_div_trunc(Decimal dividend, Decimal divisor);
// a % b: remainder with the sign of the dividend, scale max of the inputs.
Decimal decimal_mod(Decimal dividend, Decimal divisor);

inline Decimal decimal_abs(Decimal value) {
  return Decimal{value.units < 0 ? -value.units : value.units, value.scale};
}
// -1, 0 or 1 (NaN gives 1: sign() itself answers NaN for it).
inline int decimal_sign(Decimal value) { return (value.units > 0) - (value.units < 0); }

// round(x, s) and trunc(x, s); s may be negative (round left of the point).
// The result scale is max(s, 0), so round(1.5, 3) is 1.500. These four, and
// rescaling, leave NaN and the infinities as they are.
Decimal decimal_round(Decimal value, int target_scale = 0);
Decimal decimal_trunc(Decimal value, int target_scale = 0);
Decimal decimal_ceil(Decimal value);
Decimal decimal_floor(Decimal value);
// Re-scales with rounding without PostgreSQL's round() clamping of the target.
Decimal decimal_rescale(Decimal value, int target_scale);

// Coercion to numeric(precision, scale): round to the scale, then fail with
// 22003 "numeric field overflow" (with PostgreSQL's detail text) when the
// integer part does not fit in precision - scale digits. NaN fits any
// typmod; an infinity fits none.
Decimal decimal_apply_typmod(Decimal value, int precision, int scale);

// `value` at `target_scale` (>= its scale) when that needs at most 38 digits:
// a constant rescaled once to its column's scale takes the same-scale paths.
inline bool decimal_rescale_exact(Decimal& value, int target_scale) {
  if (target_scale < value.scale || target_scale > kDecimalMaxScale) return false;
  __int128 units = value.units;
  if (!decimal_detail::scale_up(units, target_scale - value.scale)) return false;
  value = Decimal{units, target_scale};
  return true;
}

// Numeric order; scale does not matter (1.50 == 1.5). NaN equals NaN and is
// above everything else.
inline int decimal_compare(Decimal a, Decimal b) {
  if (a.scale == b.scale) return (a.units > b.units) - (a.units < b.units);
  return decimal_detail::compare_slow(a, b);
}
// Equal values hash equally whatever their scale.
std::size_t decimal_hash(Decimal value);
// The same value with trailing fractional zeros removed (minimal scale).
Decimal decimal_normalize(Decimal value);

// Casts. numeric -> integer rounds half away from zero and throws PostgreSQL's
// "bigint/integer/smallint out of range" (0A000 "cannot convert NaN to
// bigint" for the special values). numeric -> float is correctly rounded.
std::int64_t decimal_to_int64(Decimal value);
std::int32_t decimal_to_int32(Decimal value);
std::int16_t decimal_to_int16(Decimal value);
double decimal_to_double(Decimal value);
float decimal_to_float(Decimal value);
// float -> numeric keeps 15 (double) or 6 (real) significant digits, like
// PostgreSQL; NaN and the infinities map to numeric's.
Decimal decimal_from_double(double value);
Decimal decimal_from_float(float value);

}  // namespace ptreedb::value
