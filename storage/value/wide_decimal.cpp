#include "storage/value/wide_decimal.h"

#include <algorithm>
#include <string>

#include "storage/sql_error.h"

namespace ptreedb::value {

namespace {

// PostgreSQL's numeric constants: NUMERIC_MIN_SIG_DIGITS, DEC_DIGITS (decimal
// digits per base-10000 digit), NUMERIC_MAX_DISPLAY_SCALE.
constexpr int kMinSignificantDigits = 16;
constexpr int kBaseDigits = 4;

WideInteger power_of_ten(int exponent) { return boost::multiprecision::pow(WideInteger(10), exponent); }

int decimal_digits(const WideInteger& magnitude) {
  return magnitude == 0 ? 1 : static_cast<int>(magnitude.str().size());
}

// The weight of the leading base-10000 digit of a nonzero value and that
// digit, as PostgreSQL's normalized NumericVar holds them (zero: 0 and 0).
struct LeadingBaseDigit {
  int weight = 0;
  int digit = 0;
};

LeadingBaseDigit leading_base_digit(const WideDecimal& value) {
  if (value.units == 0) return {};
  const WideInteger magnitude = abs(value.units);
  const int exponent = decimal_digits(magnitude) - 1 - value.scale;
  const int weight = exponent >= 0 ? exponent / kBaseDigits : -((-exponent + kBaseDigits - 1) / kBaseDigits);
  const int shift = kBaseDigits * weight + value.scale;
  const WideInteger first = shift >= 0 ? magnitude / power_of_ten(shift) : magnitude * power_of_ten(-shift);
  return {weight, first.convert_to<int>()};
}

}  // namespace

WideDecimal widen(Decimal value) {
  // cpp_int has no __int128 constructor: build it from the two halves.
  const bool negative = value.units < 0;
  const unsigned __int128 magnitude =
      negative ? static_cast<unsigned __int128>(0) - static_cast<unsigned __int128>(value.units)
               : static_cast<unsigned __int128>(value.units);
  WideInteger units = static_cast<std::uint64_t>(magnitude >> 64);
  units <<= 64;
  units += static_cast<std::uint64_t>(magnitude);
  return WideDecimal{negative ? WideInteger(-units) : units, value.scale};
}

Decimal narrow(const WideDecimal& value) {
  const WideInteger magnitude = abs(value.units);
  if (decimal_digits(magnitude) > kDecimalMaxDigits || value.scale > kDecimalMaxScale) {
    throw SqlError(sqlstate::kNumericValueOutOfRange, "value overflows numeric format");
  }
  const auto high = static_cast<std::uint64_t>(magnitude >> 64);
  const auto low = static_cast<std::uint64_t>(magnitude & WideInteger(UINT64_MAX));
  const __int128 units = static_cast<__int128>((static_cast<unsigned __int128>(high) << 64) | low);
  return Decimal{value.units < 0 ? -units : units, value.scale};
}

int wide_div_scale(const WideDecimal& dividend, const WideDecimal& divisor) {
  const LeadingBaseDigit a = leading_base_digit(dividend);
  const LeadingBaseDigit b = leading_base_digit(divisor);
  // Estimated weight of the quotient; equal leading digits count as "smaller".
  int quotient_weight = a.weight - b.weight;
  if (a.digit <= b.digit) --quotient_weight;
  const int scale = std::max({kMinSignificantDigits - quotient_weight * kBaseDigits, dividend.scale, divisor.scale, 0});
  return std::min(scale, kDecimalMaxResultScale);
}

WideDecimal wide_div_to_scale(const WideDecimal& dividend, const WideDecimal& divisor, int scale) {
  if (divisor.units == 0) throw SqlError(sqlstate::kDivisionByZero, "division by zero");
  // q * 10^-r = (u1 * 10^-s1) / (u2 * 10^-s2)  =>  q = u1 * 10^(s2 + r - s1) / u2.
  const int shift = divisor.scale + scale - dividend.scale;
  WideInteger numerator = abs(dividend.units), denominator = abs(divisor.units);
  if (shift >= 0) {
    numerator *= power_of_ten(shift);
  } else {
    denominator *= power_of_ten(-shift);
  }
  WideInteger quotient = (2 * numerator + denominator) / (2 * denominator);  // half away from zero
  if ((dividend.units < 0) != (divisor.units < 0)) quotient = -quotient;
  return WideDecimal{std::move(quotient), scale};
}

WideDecimal wide_sqrt(const WideDecimal& value, int scale) {
  if (value.units < 0) throw SqlError("2201F", "cannot take square root of a negative number");
  // With one more digit than wanted: floor(10 * sqrt(u * 10^(2r - s))); the
  // integer square root of the floor is the floor of the square root.
  const int exponent = 2 * scale - value.scale + 2;
  const WideInteger radicand = exponent >= 0 ? value.units * power_of_ten(exponent)
                                             : value.units / power_of_ten(-exponent);
  const WideInteger extended = boost::multiprecision::sqrt(radicand);
  return WideDecimal{(extended + 5) / 10, scale};
}

Decimal decimal_sqrt(Decimal value) {
  if (decimal_is_special(value)) {
    if (value.units < 0) {
      throw SqlError("2201F", "cannot take square root of a negative number");
    }
    return value;  // NaN or Infinity
  }
  if (value.units == 0) return Decimal{0, std::max(kMinSignificantDigits - 1, value.scale)};
  const WideDecimal wide = widen(value);
  // numeric_sqrt: half the argument's weight in decimal digits.
  const int weight = leading_base_digit(wide).weight;
  const int half_weight = (weight + 1) * kBaseDigits / 2 - 1;
  const int scale = std::min(std::max({kMinSignificantDigits - half_weight, value.scale, 0}), kDecimalMaxResultScale);
  return narrow(wide_sqrt(wide, scale));
}

}  // namespace ptreedb::value
