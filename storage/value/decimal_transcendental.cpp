#include "storage/value/decimal_transcendental.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_dec_float.hpp>

#include "storage/sql_error.h"

namespace ptreedb::value {
namespace {

using Real = boost::multiprecision::number<boost::multiprecision::cpp_dec_float<150>>;

// numeric.c's constants: NUMERIC_MIN_SIG_DIGITS, NUMERIC_MAX_DISPLAY_SCALE,
// NUMERIC_MAX_RESULT_SCALE, NUMERIC_WEIGHT_MAX and DEC_DIGITS (decimal
// digits per base-10000 digit).
constexpr int kMinSignificantDigits = 16;
constexpr int kMaxDisplayScale = 1000;
constexpr int kMaxResultScale = 2000;
constexpr int kWeightMax = 32767;
constexpr int kBaseDigits = 4;

[[noreturn]] void throw_log_of_negative() {
  throw SqlError("2201E", "cannot take logarithm of a negative number");
}
[[noreturn]] void throw_log_of_zero() { throw SqlError("2201E", "cannot take logarithm of zero"); }
[[noreturn]] void throw_overflow() {
  throw SqlError(sqlstate::kNumericValueOutOfRange, "value overflows numeric format");
}

int clamp_scale(int scale) { return std::min(std::max(scale, 0), kMaxDisplayScale); }

// A value as numeric.c's NumericVar holds it: base-10000 digits with the
// weight (power of 10000) of the first, leading and trailing zero digits
// dropped. Zero has no digits.
struct BaseDigits {
  int weight = 0;
  std::vector<int> digits;
};

BaseDigits base_digits(Decimal value) {
  std::string text = format_decimal(decimal_abs(value));
  const std::size_t point = text.find('.');
  std::string integer = text.substr(0, point);
  std::string fraction = point == std::string::npos ? std::string() : text.substr(point + 1);
  if (integer == "0") integer.clear();
  integer.insert(0, (kBaseDigits - integer.size() % kBaseDigits) % kBaseDigits, '0');
  fraction.append((kBaseDigits - fraction.size() % kBaseDigits) % kBaseDigits, '0');
  const std::string all = integer + fraction;
  BaseDigits out;
  out.weight = static_cast<int>(integer.size() / kBaseDigits) - 1;
  for (std::size_t i = 0; i < all.size(); i += kBaseDigits) out.digits.push_back(std::stoi(all.substr(i, kBaseDigits)));
  std::size_t first = 0;
  while (first < out.digits.size() && out.digits[first] == 0) {
    ++first;
    --out.weight;
  }
  out.digits.erase(out.digits.begin(), out.digits.begin() + static_cast<std::ptrdiff_t>(first));
  while (!out.digits.empty() && out.digits.back() == 0) out.digits.pop_back();
  if (out.digits.empty()) out.weight = 0;
  return out;
}

// Whether a finite value has no fraction (numeric.c: ndigits <= weight + 1).
bool is_integral(Decimal value) { return decimal_normalize(value).scale == 0; }

Real to_real(Decimal value) { return Real(format_decimal(value)); }

// `value` rounded half away from zero at `scale` fraction digits; 22003 past
// numeric's 38 digits.
Decimal from_real(const Real& value, int scale) {
  Real scaled = value * boost::multiprecision::pow(Real(10), scale);
  scaled = boost::multiprecision::round(scaled);
  if (boost::multiprecision::abs(scaled) > Real("99999999999999999999999999999999999999")) throw_overflow();
  std::string digits = scaled.str(0, std::ios_base::fixed);
  const std::size_t point = digits.find('.');
  if (point != std::string::npos) digits.erase(point);
  if (digits == "-0") digits = "0";
  Decimal out = parse_decimal(digits);
  out.scale = scale;
  return out;
}

// numeric.c's estimate_ln_dweight: the decimal weight of ln(x) for x > 0.
int estimate_ln_dweight(Decimal x) {
  if (decimal_compare(x, Decimal{9, 1}) >= 0 && decimal_compare(x, Decimal{11, 1}) <= 0) {
    // ln(1 + y) ~= y near 1.
    const BaseDigits y = base_digits(decimal_sub(x, decimal_from_int(1)));
    if (y.digits.empty()) return 0;
    return y.weight * kBaseDigits + static_cast<int>(std::log10(y.digits[0]));
  }
  const BaseDigits digits = base_digits(x);
  if (digits.digits.empty()) return 0;
  int leading = digits.digits[0];
  int dweight = digits.weight * kBaseDigits;
  if (digits.digits.size() > 1) {
    leading = leading * 10000 + digits.digits[1];
    dweight -= kBaseDigits;
  }
  const double ln_x = std::log(static_cast<double>(leading)) + dweight * 2.302585092994046;
  return static_cast<int>(std::log10(std::fabs(ln_x)));
}

// ln_var's argument checks.
void check_log_argument(Decimal x) {
  const int sign = decimal_sign(x);
  if (sign == 0) throw_log_of_zero();
  if (sign < 0) throw_log_of_negative();
}

// exp(x) at `scale` (exp_var), x finite.
Decimal exp_at_scale(const Real& x, int scale) {
  const double approximate = static_cast<double>(x);
  if (std::fabs(approximate) >= kMaxResultScale * 3) {
    if (approximate > 0) throw_overflow();
    return Decimal{0, scale};
  }
  return from_real(boost::multiprecision::exp(x), scale);
}

[[noreturn]] void throw_power_error(const char* message) { throw SqlError("2201F", message); }

// Whether an integral value is odd.
bool is_odd(Decimal integral) { return decimal_sign(decimal_mod(integral, decimal_from_int(2))) != 0; }

// power_var_int: base ^ exponent for an int32 exponent, at `scale`.
Decimal power_integer(Decimal base, std::int64_t exponent, int scale) {
  if (exponent == 0) return from_real(Real(1), scale);
  if (decimal_sign(base) == 0) return Decimal{0, scale};
  if (exponent < -1 || exponent > 2) {
    // The decimal weight of the result, from the leading base-10000 digits.
    const BaseDigits digits = base_digits(base);
    double leading = digits.digits[0];
    int power_of_ten = digits.weight * kBaseDigits;
    for (std::size_t i = 1; i < digits.digits.size() && i * kBaseDigits < 16; ++i) {
      leading = leading * 10000 + digits.digits[i];
      power_of_ten -= kBaseDigits;
    }
    const double weight = static_cast<double>(exponent) * (std::log10(leading) + power_of_ten);
    if (weight > 3.0 * kWeightMax * kBaseDigits) throw_overflow();
    if (weight + 1 < -scale || weight + 1 < -kMaxDisplayScale) return Decimal{0, scale};
  }
  return from_real(boost::multiprecision::pow(to_real(base), static_cast<long long>(exponent)), scale);
}

// numeric_power's answers when an input is NaN or infinite.
Decimal power_special(Decimal base, Decimal exponent) {
  const Decimal one = decimal_from_int(1);
  if (decimal_is_nan(base)) {
    return !decimal_is_special(exponent) && decimal_sign(exponent) == 0 ? one : kDecimalNaN;
  }
  if (decimal_is_nan(exponent)) {
    return !decimal_is_special(base) && decimal_compare(base, one) == 0 ? one : kDecimalNaN;
  }
  const int base_sign = decimal_sign(base);
  const int exponent_sign = decimal_sign(exponent);
  if (base_sign == 0 && exponent_sign < 0) throw_power_error("zero raised to a negative power is undefined");
  if (base_sign < 0 && !decimal_is_special(exponent) && !is_integral(exponent)) {
    throw_power_error("a negative number raised to a non-integer power yields a complex result");
  }
  // pow(3)'s rules for infinite inputs, as POSIX gives them.
  if (!decimal_is_special(base) && decimal_compare(base, one) == 0) return one;
  if (exponent_sign == 0) return one;
  if (base_sign == 0 && exponent_sign > 0) return Decimal{0, 0};
  if (decimal_is_infinite(exponent)) {
    bool above_one = true;  // an infinite base
    if (!decimal_is_special(base)) {
      if (decimal_compare(base, decimal_negate(one)) == 0) return one;
      above_one = decimal_compare(decimal_abs(base), one) > 0;
    }
    return above_one == (exponent_sign > 0) ? kDecimalInfinity : Decimal{0, 0};
  }
  if (base.units > 0) return exponent_sign > 0 ? kDecimalInfinity : Decimal{0, 0};  // Infinity ^ y
  if (exponent_sign < 0) return Decimal{0, 0};  // -Infinity ^ negative
  return is_integral(exponent) && is_odd(exponent) ? kDecimalNegativeInfinity : kDecimalInfinity;
}

}  // namespace

Decimal decimal_ln(Decimal x) {
  if (decimal_is_special(x)) {
    if (decimal_sign(x) < 0 && !decimal_is_nan(x)) throw_log_of_negative();
    return x;  // NaN or Infinity
  }
  check_log_argument(x);
  const int scale = clamp_scale(std::max(kMinSignificantDigits - estimate_ln_dweight(x), x.scale));
  return from_real(boost::multiprecision::log(to_real(x)), scale);
}

Decimal decimal_log(Decimal base, Decimal x) {
  if (decimal_is_special(base) || decimal_is_special(x)) {
    if (decimal_is_nan(base) || decimal_is_nan(x)) return kDecimalNaN;
    if (decimal_sign(base) < 0 || decimal_sign(x) < 0) throw_log_of_negative();
    if (decimal_sign(base) == 0 || decimal_sign(x) == 0) throw_log_of_zero();
    if (decimal_is_infinite(base)) return decimal_is_infinite(x) ? kDecimalNaN : Decimal{0, 0};
    return kDecimalInfinity;  // log(finite, Infinity)
  }
  check_log_argument(base);
  check_log_argument(x);
  const int result_dweight = estimate_ln_dweight(x) - estimate_ln_dweight(base);
  const int scale = clamp_scale(std::max({kMinSignificantDigits - result_dweight, base.scale, x.scale}));
  const Real ln_base = boost::multiprecision::log(to_real(base));
  if (ln_base == 0) throw SqlError(sqlstate::kDivisionByZero, "division by zero");
  return from_real(boost::multiprecision::log(to_real(x)) / ln_base, scale);
}

Decimal decimal_log10(Decimal x) { return decimal_log(decimal_from_int(10), x); }

Decimal decimal_exp(Decimal x) {
  if (decimal_is_special(x)) {
    if (decimal_is_nan(x) || x.units > 0) return x;
    return Decimal{0, 0};  // exp(-Infinity)
  }
  double weight = decimal_to_double(x) * 0.434294481903252;
  weight = std::clamp(weight, -static_cast<double>(kMaxResultScale), static_cast<double>(kMaxResultScale));
  const int scale = clamp_scale(std::max(kMinSignificantDigits - static_cast<int>(weight), x.scale));
  return exp_at_scale(to_real(x), scale);
}

Decimal decimal_power(Decimal base, Decimal exponent) {
  if (decimal_is_special(base) || decimal_is_special(exponent)) return power_special(base, exponent);
  if (decimal_sign(base) == 0 && decimal_sign(exponent) < 0) {
    throw_power_error("zero raised to a negative power is undefined");
  }
  if (is_integral(exponent)) {
    const Decimal whole = decimal_trunc(exponent, 0);
    if (decimal_compare(whole, decimal_from_int(INT32_MIN)) >= 0 && decimal_compare(whole, decimal_from_int(INT32_MAX)) <= 0) {
      const int scale = clamp_scale(std::max(kMinSignificantDigits, base.scale));
      return power_integer(base, decimal_to_int64(whole), scale);
    }
  }
  if (decimal_sign(base) == 0) return Decimal{0, kMinSignificantDigits};
  bool negative = false;
  if (decimal_sign(base) < 0) {
    if (!is_integral(exponent)) {
      throw_power_error("a negative number raised to a non-integer power yields a complex result");
    }
    negative = is_odd(exponent);
    base = decimal_abs(base);
  }
  // The result's decimal weight from a low-precision exponent * ln(base),
  // rounded as power_var rounds it.
  const int ln_dweight = estimate_ln_dweight(base);
  const int rough_scale = std::max(8 - ln_dweight, 0);
  const Real ln_base = boost::multiprecision::log(to_real(base));
  const Real unit = boost::multiprecision::pow(Real(10), -rough_scale);
  const Real rough_ln = boost::multiprecision::round(ln_base / unit) * unit;
  double weight = static_cast<double>(boost::multiprecision::round(rough_ln * to_real(exponent) / unit) * unit);
  if (std::fabs(weight) > kMaxResultScale * 3.01) {
    if (weight > 0) throw_overflow();
    return Decimal{0, kMaxDisplayScale};
  }
  weight *= 0.434294481903252;
  const int scale =
      clamp_scale(std::max({kMinSignificantDigits - static_cast<int>(weight), base.scale, exponent.scale}));
  Decimal result = exp_at_scale(ln_base * to_real(exponent), scale);
  if (negative && decimal_sign(result) != 0) result = decimal_negate(result);
  return result;
}

}  // namespace ptreedb::value
