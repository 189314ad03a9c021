#include "storage/value/decimal.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>

#include "storage/sql_error.h"

namespace ptreedb::value {

namespace {

using Unsigned = unsigned __int128;
using decimal_detail::in_range;
using decimal_detail::kMaxUnits;
using decimal_detail::kPow10;
using decimal_detail::scale_up;

// PostgreSQL's numeric division keeps at least this many significant digits
// (NUMERIC_MIN_SIG_DIGITS) and estimates magnitudes in base-10000 digits.
constexpr int kMinSignificantDigits = 16;
constexpr int kBaseDigits = 4;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool equals_ignoring_case(std::string_view text, std::string_view word) {
  if (text.size() != word.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != word[i]) return false;
  }
  return true;
}

[[noreturn]] void throw_syntax(std::string_view text) {
  throw SqlError(sqlstate::kInvalidTextRepresentation,
                 "invalid input syntax for type numeric: \"" + std::string(text) + "\"");
}

[[noreturn]] void throw_division_by_zero() {
  throw SqlError(sqlstate::kDivisionByZero, "division by zero");
}

using decimal_detail::kInfinityUnits;
using decimal_detail::kNaNUnits;

// The infinity of the given sign (+1 or -1).
Decimal signed_infinity(int sign) { return sign < 0 ? kDecimalNegativeInfinity : kDecimalInfinity; }

// Where -Infinity, finite values and Infinity, NaN stand: -1, 0, 1, 2.
int special_rank(Decimal value) {
  if (value.units == kNaNUnits) return 2;
  if (value.units == kInfinityUnits) return 1;
  if (value.units == -kInfinityUnits) return -1;
  return 0;
}

Unsigned magnitude(__int128 units) {
  return units < 0 ? Unsigned(0) - static_cast<Unsigned>(units) : static_cast<Unsigned>(units);
}

int digit_count(Unsigned value) {
  int digits = 1;
  while (digits <= kDecimalMaxDigits && value >= static_cast<Unsigned>(kPow10.values[digits])) {
    ++digits;
  }
  return digits;
}

// Writes the decimal digits of `value` ending at `end`; returns the first one.
char* write_digits_backwards(Unsigned value, char* end) {
  constexpr std::uint64_t kChunk = 10'000'000'000'000'000'000ULL;  // 10^19
  while (value >= kChunk) {
    std::uint64_t chunk = static_cast<std::uint64_t>(value % kChunk);
    value /= kChunk;
    for (int i = 0; i < 19; ++i) {
      *--end = static_cast<char>('0' + chunk % 10);
      chunk /= 10;
    }
  }
  std::uint64_t rest = static_cast<std::uint64_t>(value);
  do {
    *--end = static_cast<char>('0' + rest % 10);
    rest /= 10;
  } while (rest != 0);
  return end;
}

// Computes 10 * remainder = digit * divisor + new remainder for remainder <
// divisor without overflowing even when the divisor is close to 2^128.
unsigned next_quotient_digit(Unsigned& remainder, Unsigned divisor) {
  if (divisor <= std::numeric_limits<Unsigned>::max() / 10) {
    Unsigned widened = remainder * 10;
    remainder = widened % divisor;
    return static_cast<unsigned>(widened / divisor);
  }
  unsigned digit = 0;
  Unsigned accumulated = 0;
  for (int i = 0; i < 10; ++i) {
    if (accumulated >= divisor - remainder) {
      accumulated -= divisor - remainder;
      ++digit;
    } else {
      accumulated += remainder;
    }
  }
  remainder = accumulated;
  return digit;
}

enum class Rounding { kTruncate, kHalfAwayFromZero };

// |numerator| * 10^shift / |denominator| rounded, as a magnitude of at most 38
// digits (throws otherwise). Long division keeps intermediates within 128 bits.
Unsigned scaled_quotient(Unsigned numerator, int shift, Unsigned denominator, Rounding rounding) {
  Unsigned quotient;
  Unsigned remainder;
  if (shift <= kDecimalMaxDigits && numerator <= std::numeric_limits<Unsigned>::max() /
                                                     static_cast<Unsigned>(kPow10.values[shift])) {
    Unsigned scaled = numerator * static_cast<Unsigned>(kPow10.values[shift]);
    quotient = scaled / denominator;
    remainder = scaled % denominator;
  } else {
    quotient = numerator / denominator;
    remainder = numerator % denominator;
    for (int step = 0; step < shift; ++step) {
      if (remainder == 0) {
        // The remaining digits are all zero.
        __int128 rest = static_cast<__int128>(quotient);
        if (quotient > static_cast<Unsigned>(kMaxUnits) || !scale_up(rest, shift - step)) {
          decimal_detail::throw_overflow();
        }
        quotient = static_cast<Unsigned>(rest);
        break;
      }
      // Another digit would pass 38 digits (and could wrap 128 bits).
      if (quotient > static_cast<Unsigned>(kMaxUnits / 10)) decimal_detail::throw_overflow();
      quotient = quotient * 10 + next_quotient_digit(remainder, denominator);
    }
  }
  if (rounding == Rounding::kHalfAwayFromZero && remainder != 0 &&
      remainder >= denominator - remainder) {
    ++quotient;
  }
  if (quotient > static_cast<Unsigned>(kMaxUnits)) decimal_detail::throw_overflow();
  return quotient;
}

__int128 with_sign(Unsigned magnitude_value, bool negative) {
  __int128 units = static_cast<__int128>(magnitude_value);
  return negative ? -units : units;
}

// Brings both operands to the larger scale; throws when that needs > 38 digits.
int align_scales(Decimal& a, Decimal& b) {
  const int scale = std::max(a.scale, b.scale);
  if (!scale_up(a.units, scale - a.scale) || !scale_up(b.units, scale - b.scale)) {
    decimal_detail::throw_overflow();
  }
  a.scale = b.scale = scale;
  return scale;
}

// The weight (power of 10000) of the leading base-10000 digit and that digit,
// as PostgreSQL's base-10000 representation would hold them. Zero gives {0, 0}.
struct BaseDigitEstimate {
  int weight = 0;
  int first_digit = 0;
};

BaseDigitEstimate leading_base_digit(Decimal value) {
  if (value.units == 0) return {};
  Unsigned abs_units = magnitude(value.units);
  // Decimal exponent of the most significant digit.
  const int exponent = digit_count(abs_units) - 1 - value.scale;
  const int weight =
      exponent >= 0 ? exponent / kBaseDigits : -((-exponent + kBaseDigits - 1) / kBaseDigits);
  const int shift = kBaseDigits * weight + value.scale;  // divide units by 10^shift
  Unsigned first = shift >= 0 ? abs_units / static_cast<Unsigned>(kPow10.values[shift])
                              : abs_units * static_cast<Unsigned>(kPow10.values[-shift]);
  return {weight, static_cast<int>(first)};
}

Decimal round_or_truncate(Decimal value, int target_scale, Rounding rounding) {
  if (decimal_is_special(value)) return value;
  const int result_scale = std::max(target_scale, 0);
  if (target_scale >= value.scale) {
    if (!scale_up(value.units, result_scale - value.scale)) decimal_detail::throw_overflow();
    value.scale = result_scale;
    return value;
  }
  const int dropped = value.scale - target_scale;
  const bool negative = value.units < 0;
  Unsigned abs_units = magnitude(value.units);
  Unsigned kept = 0;
  if (dropped <= kDecimalMaxDigits) {
    const Unsigned divisor = static_cast<Unsigned>(kPow10.values[dropped]);
    kept = abs_units / divisor;
    const Unsigned remainder = abs_units % divisor;
    if (rounding == Rounding::kHalfAwayFromZero && remainder != 0 &&
        remainder >= divisor - remainder) {
      ++kept;
    }
  }
  // (More than 38 dropped digits: |value| < 10^38 < half the rounding unit, so 0.)
  __int128 units = with_sign(kept, negative);
  if (target_scale < 0 && !scale_up(units, -target_scale)) decimal_detail::throw_overflow();
  return Decimal{units, result_scale};
}

[[noreturn]] void throw_not_convertible(Decimal special, const char* type_name) {
  throw SqlError(sqlstate::kFeatureNotSupported, std::string("cannot convert ") +
                                                     (decimal_is_nan(special) ? "NaN" : "infinity") + " to " +
                                                     type_name);
}

[[noreturn]] void throw_integer_out_of_range(const char* type_name) {
  throw SqlError(sqlstate::kNumericValueOutOfRange, std::string(type_name) + " out of range");
}

Decimal from_float_text(double value, int significant_digits) {
  if (std::isnan(value)) return kDecimalNaN;
  if (std::isinf(value)) return signed_infinity(value < 0 ? -1 : 1);
  // PostgreSQL prints the float with %.15g (%.6g for real) and parses that.
  char buffer[64];
  auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value,
                                    std::chars_format::general, significant_digits);
  (void)error;  // 64 bytes always suffice for 15 significant digits
  return parse_decimal(std::string_view(buffer, end - buffer));
}

}  // namespace

namespace decimal_detail {

void throw_overflow() {
  throw SqlError(sqlstate::kNumericValueOutOfRange, "value overflows numeric format");
}

Decimal add_slow(Decimal a, Decimal b) {
  if (decimal_is_special(a) || decimal_is_special(b)) {
    if (decimal_is_nan(a) || decimal_is_nan(b)) return kDecimalNaN;
    if (decimal_is_special(a) && decimal_is_special(b) && a.units != b.units) return kDecimalNaN;  // Inf + -Inf
    return decimal_is_special(a) ? a : b;
  }
  const int scale = align_scales(a, b);
  Decimal result{0, scale};
  if (__builtin_add_overflow(a.units, b.units, &result.units) || !in_range(result.units)) {
    throw_overflow();
  }
  return result;
}

Decimal multiply_slow(Decimal a, Decimal b) {
  if (decimal_is_special(a) || decimal_is_special(b)) {
    if (decimal_is_nan(a) || decimal_is_nan(b)) return kDecimalNaN;
    const int sign = decimal_sign(a) * decimal_sign(b);
    return sign == 0 ? kDecimalNaN : signed_infinity(sign);  // an infinity times zero is NaN
  }
  Decimal result{0, a.scale + b.scale};
  if (__builtin_mul_overflow(a.units, b.units, &result.units) || !in_range(result.units) ||
      result.scale > kDecimalMaxScale) {
    throw_overflow();
  }
  return result;
}

int compare_slow(Decimal a, Decimal b) {
  const int rank_a = special_rank(a);
  const int rank_b = special_rank(b);
  if (rank_a != 0 || rank_b != 0) return (rank_a > rank_b) - (rank_a < rank_b);
  const int sign_a = decimal_sign(a);
  const int sign_b = decimal_sign(b);
  if (sign_a != sign_b) return sign_a < sign_b ? -1 : 1;
  if (sign_a == 0) return 0;
  // Same sign: compare magnitudes at a common scale. A value that cannot be
  // scaled up without exceeding 38 digits is the larger magnitude.
  __int128 abs_a = a.units < 0 ? -a.units : a.units;
  __int128 abs_b = b.units < 0 ? -b.units : b.units;
  int magnitude_order;
  if (a.scale < b.scale) {
    magnitude_order = scale_up(abs_a, b.scale - a.scale) ? (abs_a > abs_b) - (abs_a < abs_b) : 1;
  } else {
    magnitude_order = scale_up(abs_b, a.scale - b.scale) ? (abs_a > abs_b) - (abs_a < abs_b) : -1;
  }
  return sign_a * magnitude_order;
}

}  // namespace decimal_detail

Decimal parse_decimal(std::string_view text) {
  std::size_t pos = 0;
  while (pos < text.size() && is_space(text[pos])) ++pos;
  std::size_t end = text.size();
  while (end > pos && is_space(text[end - 1])) --end;
  const std::string_view body = text.substr(pos, end - pos);

  {
    std::string_view word = body;
    if (!word.empty() && (word[0] == '+' || word[0] == '-')) word.remove_prefix(1);
    if (equals_ignoring_case(body, "nan")) return kDecimalNaN;
    if (equals_ignoring_case(word, "infinity") || equals_ignoring_case(word, "inf")) {
      return signed_infinity(body[0] == '-' ? -1 : 1);
    }
  }

  std::size_t i = 0;
  bool negative = false;
  if (i < body.size() && (body[i] == '+' || body[i] == '-')) {
    negative = body[i] == '-';
    ++i;
  }
  __int128 units = 0;
  int significant_digits = 0;  // digits from the first non-zero one on
  int fraction_digits = 0;
  bool any_digit = false;
  bool seen_point = false;
  for (; i < body.size(); ++i) {
    const char c = body[i];
    if (is_digit(c)) {
      any_digit = true;
      if (seen_point) ++fraction_digits;
      // Digits past the 38th only count, so a syntax error later still wins.
      if ((units != 0 || c != '0') && ++significant_digits <= kDecimalMaxDigits) {
        units = units * 10 + (c - '0');
      }
    } else if (c == '.' && !seen_point) {
      seen_point = true;
    } else {
      break;
    }
  }
  if (!any_digit) throw_syntax(text);

  long long exponent = 0;
  if (i < body.size() && (body[i] == 'e' || body[i] == 'E')) {
    ++i;
    bool negative_exponent = false;
    if (i < body.size() && (body[i] == '+' || body[i] == '-')) {
      negative_exponent = body[i] == '-';
      ++i;
    }
    if (i >= body.size() || !is_digit(body[i])) throw_syntax(text);
    for (; i < body.size() && is_digit(body[i]); ++i) {
      // Anything this large cannot fit in 38 digits / scale 16383 anyway.
      if (exponent < 1'000'000'000) exponent = exponent * 10 + (body[i] - '0');
    }
    if (negative_exponent) exponent = -exponent;
  }
  if (i != body.size()) throw_syntax(text);
  if (significant_digits > kDecimalMaxDigits) decimal_detail::throw_overflow();

  // The display scale is the fraction digits written minus the exponent.
  long long scale = fraction_digits - exponent;
  if (scale < 0) {
    if (scale < -kDecimalMaxDigits || !scale_up(units, static_cast<int>(-scale))) {
      if (units != 0) decimal_detail::throw_overflow();
    }
    scale = 0;
  }
  if (scale > kDecimalMaxScale) decimal_detail::throw_overflow();
  return Decimal{negative ? -units : units, static_cast<std::int32_t>(scale)};
}

void append_decimal(std::string& out, Decimal value) {
  if (decimal_is_special(value)) {
    out += decimal_is_nan(value) ? "NaN" : value.units < 0 ? "-Infinity" : "Infinity";
    return;
  }
  char digits[48];
  char* const digits_end = digits + sizeof digits;
  const char* first = write_digits_backwards(magnitude(value.units), digits_end);
  const std::size_t digit_count_value = static_cast<std::size_t>(digits_end - first);
  const std::size_t scale = static_cast<std::size_t>(value.scale);
  if (value.units < 0) out.push_back('-');
  if (digit_count_value > scale) {
    out.append(first, digit_count_value - scale);
  } else {
    out.push_back('0');
  }
  if (scale > 0) {
    out.push_back('.');
    if (digit_count_value < scale) out.append(scale - digit_count_value, '0');
    const std::size_t fraction_shown = std::min(scale, digit_count_value);
    out.append(digits_end - fraction_shown, fraction_shown);
  }
}

std::string format_decimal(Decimal value) {
  std::string out;
  append_decimal(out, value);
  return out;
}

namespace {

// Division (and div()) with NaN or an infinity on either side.
Decimal divide_special(Decimal dividend, Decimal divisor) {
  if (decimal_is_nan(dividend) || decimal_is_nan(divisor)) return kDecimalNaN;
  if (decimal_is_infinite(dividend)) {
    if (decimal_is_infinite(divisor)) return kDecimalNaN;
    if (divisor.units == 0) throw_division_by_zero();
    return signed_infinity(decimal_sign(dividend) * decimal_sign(divisor));
  }
  return Decimal{0, 0};  // finite / infinity
}

}  // namespace

int decimal_div_scale(Decimal dividend, Decimal divisor) {
  const BaseDigitEstimate a = leading_base_digit(dividend);
  const BaseDigitEstimate b = leading_base_digit(divisor);
  // Estimated weight of the quotient; equal leading digits count as "smaller".
  int quotient_weight = a.weight - b.weight;
  if (a.first_digit <= b.first_digit) --quotient_weight;
  int scale = kMinSignificantDigits - quotient_weight * kBaseDigits;
  scale = std::max({scale, dividend.scale, divisor.scale, 0});
  return std::min(scale, kDecimalMaxResultScale);
}

Decimal decimal_div_to_scale(Decimal dividend, Decimal divisor, int result_scale) {
  if (decimal_is_special(dividend) || decimal_is_special(divisor)) return divide_special(dividend, divisor);
  if (divisor.units == 0) throw_division_by_zero();
  // q * 10^-r = (u1 * 10^-s1) / (u2 * 10^-s2)  =>  q = u1 * 10^(s2 + r - s1) / u2.
  const int shift = divisor.scale + result_scale - dividend.scale;
  Unsigned numerator = magnitude(dividend.units);
  Unsigned denominator = magnitude(divisor.units);
  int numerator_shift = shift;
  if (shift < 0) {
    // Only for explicit scales below the dividend's: scale the divisor instead.
    // Past 2^128 the quotient is below 10^38 / 2^128 < 0.5 units, so it rounds to 0.
    if (-shift > kDecimalMaxDigits ||
        __builtin_mul_overflow(denominator, static_cast<Unsigned>(kPow10.values[-shift]),
                               &denominator)) {
      return Decimal{0, result_scale};
    }
    numerator_shift = 0;
  }
  const Unsigned quotient =
      scaled_quotient(numerator, numerator_shift, denominator, Rounding::kHalfAwayFromZero);
  const bool negative = (dividend.units < 0) != (divisor.units < 0);
  return Decimal{with_sign(quotient, negative), result_scale};
}

Decimal decimal_div(Decimal dividend, Decimal divisor) {
  if (decimal_is_special(dividend) || decimal_is_special(divisor)) return divide_special(dividend, divisor);
  if (divisor.units == 0) throw_division_by_zero();
  return decimal_div_to_scale(dividend, divisor, decimal_div_scale(dividend, divisor));
}

Decimal decimal_div_trunc(Decimal dividend, Decimal divisor) {
  if (decimal_is_special(dividend) || decimal_is_special(divisor)) return divide_special(dividend, divisor);
  if (divisor.units == 0) throw_division_by_zero();
  align_scales(dividend, divisor);
  return Decimal{dividend.units / divisor.units, 0};
}

Decimal decimal_mod(Decimal dividend, Decimal divisor) {
  if (decimal_is_special(dividend) || decimal_is_special(divisor)) {
    // POSIX fmod, except that only a zero divisor is an error.
    if (decimal_is_nan(dividend) || decimal_is_nan(divisor)) return kDecimalNaN;
    if (decimal_is_infinite(dividend)) {
      if (divisor.units == 0) throw_division_by_zero();
      return kDecimalNaN;
    }
    return dividend;  // finite % infinity
  }
  if (divisor.units == 0) throw_division_by_zero();
  const int scale = align_scales(dividend, divisor);
  return Decimal{dividend.units % divisor.units, scale};
}

Decimal decimal_rescale(Decimal value, int target_scale) {
  return round_or_truncate(value, target_scale, Rounding::kHalfAwayFromZero);
}

Decimal decimal_round(Decimal value, int target_scale) {
  target_scale = std::clamp(target_scale, -kDecimalMaxResultScale, kDecimalMaxResultScale);
  return round_or_truncate(value, target_scale, Rounding::kHalfAwayFromZero);
}

Decimal decimal_trunc(Decimal value, int target_scale) {
  target_scale = std::clamp(target_scale, -kDecimalMaxResultScale, kDecimalMaxResultScale);
  return round_or_truncate(value, target_scale, Rounding::kTruncate);
}

Decimal decimal_floor(Decimal value) {
  Decimal truncated = round_or_truncate(value, 0, Rounding::kTruncate);
  if (value.units < 0 && decimal_compare(truncated, value) != 0) --truncated.units;
  return truncated;
}

Decimal decimal_ceil(Decimal value) {
  Decimal truncated = round_or_truncate(value, 0, Rounding::kTruncate);
  if (value.units > 0 && decimal_compare(truncated, value) != 0) {
    ++truncated.units;
    if (!in_range(truncated.units)) decimal_detail::throw_overflow();
  }
  return truncated;
}

Decimal decimal_apply_typmod(Decimal value, int precision, int scale) {
  if (decimal_is_special(value)) {
    if (decimal_is_nan(value)) return value;
    throw SqlError(sqlstate::kNumericValueOutOfRange, "numeric field overflow",
                   "A field with precision " + std::to_string(precision) + ", scale " + std::to_string(scale) +
                       " cannot hold an infinite value.");
  }
  // |result| must stay below 10^(precision - scale); a value at scale s meets
  // that when |units| < 10^(precision - scale + s).
  const int max_integer_digits = precision - scale;
  const auto fits = [&](const Decimal& candidate) {
    const int bound_exponent = max_integer_digits + candidate.scale;
    if (candidate.units == 0 || bound_exponent > kDecimalMaxDigits) return true;
    return bound_exponent > 0 &&
           magnitude(candidate.units) < static_cast<Unsigned>(kPow10.values[bound_exponent]);
  };
  const auto field_overflow = [&] {
    const std::string bound =
        max_integer_digits == 0 ? "1" : "10^" + std::to_string(max_integer_digits);
    throw SqlError(sqlstate::kNumericValueOutOfRange, "numeric field overflow",
                   "A field with precision " + std::to_string(precision) + ", scale " +
                       std::to_string(scale) + " must round to an absolute value less than " +
                       bound + ".");
  };
  // Check before adding fraction digits, which cannot change the integer part
  // but could exceed 38 digits and mask PostgreSQL's error.
  if (scale >= value.scale && !fits(value)) field_overflow();
  const Decimal rounded = round_or_truncate(value, scale, Rounding::kHalfAwayFromZero);
  if (!fits(rounded)) field_overflow();
  return rounded;
}

Decimal decimal_normalize(Decimal value) {
  if (value.units == 0) return Decimal{0, 0};
  while (value.scale > 0 && value.units % 10 == 0) {
    value.units /= 10;
    --value.scale;
  }
  return value;
}

std::size_t decimal_hash(Decimal value) {
  const Decimal normal = decimal_normalize(value);
  const Unsigned bits = static_cast<Unsigned>(normal.units);
  std::size_t hash = std::hash<std::uint64_t>{}(static_cast<std::uint64_t>(bits));
  const std::uint64_t high = static_cast<std::uint64_t>(bits >> 64);
  hash ^= std::hash<std::uint64_t>{}(high) + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
  hash ^=
      std::hash<std::int32_t>{}(normal.scale) + 0x9e3779b97f4a7c15ULL + (hash << 6) + (hash >> 2);
  return hash;
}

std::int64_t decimal_to_int64(Decimal value) {
  if (decimal_is_special(value)) throw_not_convertible(value, "bigint");
  const Decimal rounded = round_or_truncate(value, 0, Rounding::kHalfAwayFromZero);
  if (rounded.units > std::numeric_limits<std::int64_t>::max() ||
      rounded.units < std::numeric_limits<std::int64_t>::min()) {
    throw_integer_out_of_range("bigint");
  }
  return static_cast<std::int64_t>(rounded.units);
}

std::int32_t decimal_to_int32(Decimal value) {
  if (decimal_is_special(value)) throw_not_convertible(value, "integer");
  const Decimal rounded = round_or_truncate(value, 0, Rounding::kHalfAwayFromZero);
  if (rounded.units > std::numeric_limits<std::int32_t>::max() ||
      rounded.units < std::numeric_limits<std::int32_t>::min()) {
    throw_integer_out_of_range("integer");
  }
  return static_cast<std::int32_t>(rounded.units);
}

std::int16_t decimal_to_int16(Decimal value) {
  if (decimal_is_special(value)) throw_not_convertible(value, "smallint");
  const Decimal rounded = round_or_truncate(value, 0, Rounding::kHalfAwayFromZero);
  if (rounded.units > std::numeric_limits<std::int16_t>::max() ||
      rounded.units < std::numeric_limits<std::int16_t>::min()) {
    throw_integer_out_of_range("smallint");
  }
  return static_cast<std::int16_t>(rounded.units);
}

double decimal_to_double(Decimal value) {
  if (decimal_is_special(value)) {
    if (decimal_is_nan(value)) return std::numeric_limits<double>::quiet_NaN();
    return value.units < 0 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  }
  // Exact operands make one IEEE division correctly rounded: 10^22 is the
  // largest power of ten a double holds exactly.
  static constexpr double kExactPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                            1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  constexpr __int128 kExactIntegerLimit = __int128(1) << 53;
  if (value.units < kExactIntegerLimit && value.units > -kExactIntegerLimit && value.scale <= 22) {
    return static_cast<double>(static_cast<std::int64_t>(value.units)) / kExactPowers[value.scale];
  }
  const std::string text = format_decimal(value);
  double result = 0;
  auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), result);
  (void)ptr;
  if (error == std::errc::result_out_of_range) {
    throw SqlError(sqlstate::kNumericValueOutOfRange,
                   "\"" + text + "\" is out of range for type double precision");
  }
  return result;
}

float decimal_to_float(Decimal value) {
  if (decimal_is_special(value)) return static_cast<float>(decimal_to_double(value));
  const std::string text = format_decimal(value);
  float result = 0;
  auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), result);
  (void)ptr;
  if (error == std::errc::result_out_of_range) {
    // PostgreSQL's float4in reports overflow and underflow the same way.
    throw SqlError(sqlstate::kNumericValueOutOfRange,
                   "\"" + text + "\" is out of range for type real");
  }
  return result;
}

Decimal decimal_from_double(double value) { return from_float_text(value, 15); }

Decimal decimal_from_float(float value) { return from_float_text(value, 6); }

}  // namespace ptreedb::value
