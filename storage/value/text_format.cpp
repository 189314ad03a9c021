#include "storage/value/text_format.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cmath>
#include <limits>
#include <system_error>

#include "storage/sql_error.h"
#include "storage/value/extra_float_digits.h"

namespace ptreedb::value {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

char to_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool starts_with_ignoring_case(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (to_lower(text[i]) != prefix[i]) return false;
  }
  return true;
}

[[noreturn]] void throw_syntax(std::string_view type_name, std::string_view text) {
  throw SqlError(sqlstate::kInvalidTextRepresentation, "invalid input syntax for type " +
                                                           std::string(type_name) + ": \"" +
                                                           std::string(text) + "\"");
}

// Shared body of int2in/int4in/int8in: the value is accumulated negatively so
// that the minimum of each type parses without overflow.
template <class Int>
Int parse_integer(std::string_view text, std::string_view type_name) {
  std::size_t pos = 0;
  while (pos < text.size() && is_space(text[pos])) ++pos;
  bool negative = false;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
    negative = text[pos] == '-';
    ++pos;
  }
  if (pos >= text.size() || !is_digit(text[pos])) throw_syntax(type_name, text);
  std::int64_t accumulated = 0;  // <= 0
  bool out_of_range = false;
  constexpr std::int64_t kMin = std::numeric_limits<Int>::min();
  for (; pos < text.size() && is_digit(text[pos]); ++pos) {
    const int digit = text[pos] - '0';
    if (out_of_range) continue;
    if (accumulated < (kMin + digit) / 10) {
      out_of_range = true;
      continue;
    }
    accumulated = accumulated * 10 - digit;
  }
  while (pos < text.size() && is_space(text[pos])) ++pos;
  if (pos != text.size()) throw_syntax(type_name, text);
  if (!out_of_range && !negative && accumulated == kMin) out_of_range = true;
  if (out_of_range) {
    throw SqlError(
        sqlstate::kNumericValueOutOfRange,
        "value \"" + std::string(text) + "\" is out of range for type " + std::string(type_name));
  }
  return static_cast<Int>(negative ? accumulated : -accumulated);
}

// float4in/float8in. `Float` is float or double.
template <class Float>
Float parse_floating(std::string_view text, std::string_view type_name) {
  std::size_t pos = 0;
  while (pos < text.size() && is_space(text[pos])) ++pos;
  const std::size_t number_begin = pos;
  bool negative = false;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
    negative = text[pos] == '-';
    ++pos;
  }
  std::string_view rest = text.substr(pos);
  Float value = 0;
  std::size_t consumed = 0;
  if (starts_with_ignoring_case(rest, "infinity")) {
    value = std::numeric_limits<Float>::infinity();
    consumed = 8;
  } else if (starts_with_ignoring_case(rest, "inf")) {
    value = std::numeric_limits<Float>::infinity();
    consumed = 3;
  } else if (starts_with_ignoring_case(rest, "nan")) {
    value = std::numeric_limits<Float>::quiet_NaN();
    consumed = 3;
    // strtod also takes an optional "(chars)" payload.
    if (consumed < rest.size() && rest[consumed] == '(') {
      const std::size_t close = rest.find(')', consumed);
      if (close != std::string_view::npos) consumed = close + 1;
    }
    negative = false;
  } else if (!rest.empty() && (is_digit(rest[0]) || rest[0] == '.')) {
    std::chars_format format = std::chars_format::general;
    std::size_t skip = 0;
    if (rest.size() > 2 && rest[0] == '0' && (rest[1] == 'x' || rest[1] == 'X') &&
        (is_digit(rest[2]) || rest[2] == '.' ||
         (to_lower(rest[2]) >= 'a' && to_lower(rest[2]) <= 'f'))) {
      format = std::chars_format::hex;
      skip = 2;
    }
    auto [end, error] =
        std::from_chars(rest.data() + skip, rest.data() + rest.size(), value, format);
    if (end == rest.data() + skip) throw_syntax(type_name, text);
    consumed = static_cast<std::size_t>(end - rest.data());
    if (error == std::errc::result_out_of_range) {
      // Overflow, or underflow all the way to zero (subnormals are fine).
      const std::string_view number = text.substr(number_begin, pos + consumed - number_begin);
      throw SqlError(
          sqlstate::kNumericValueOutOfRange,
          "\"" + std::string(number) + "\" is out of range for type " + std::string(type_name));
    }
  } else {
    throw_syntax(type_name, text);
  }
  pos += consumed;
  while (pos < text.size() && is_space(text[pos])) ++pos;
  if (pos != text.size()) throw_syntax(type_name, text);
  return negative ? -value : value;
}

// Significant digits and decimal exponent: value = 0.d1d2d3... with the first
// digit at 10^exponent, i.e. digits × 10^(exponent - count + 1).
struct DecimalDigits {
  char digits[24];
  int count = 0;
  int exponent = 0;
  bool negative = false;

  std::uint64_t as_integer() const {
    std::uint64_t value = 0;
    for (int i = 0; i < count; ++i)
      value = value * 10 + static_cast<std::uint64_t>(digits[i] - '0');
    return value;
  }
};

// Scientific to_chars output, shortest (precision < 0) or with
// `precision` digits after the point, split into digits and exponent.
template <class Float>
DecimalDigits scientific_digits(Float value, int precision) {
  char buffer[64];
  auto [end, error] = precision < 0 ? std::to_chars(buffer, buffer + sizeof buffer, value,
                                                    std::chars_format::scientific)
                                    : std::to_chars(buffer, buffer + sizeof buffer, value,
                                                    std::chars_format::scientific, precision);
  (void)error;  // 64 bytes always suffice
  DecimalDigits result;
  const char* p = buffer;
  if (*p == '-') {
    result.negative = true;
    ++p;
  }
  for (; *p != 'e'; ++p) {
    if (*p != '.') result.digits[result.count++] = *p;
  }
  ++p;  // 'e'
  // to_chars does not terminate the buffer, so parse up to `end` only.
  std::from_chars(*p == '+' ? p + 1 : p, end, result.exponent);
  while (result.count > 1 && result.digits[result.count - 1] == '0') --result.count;
  return result;
}

// digits × 10^decimal_exponent == odd_multiple × 2^binary_exponent, exactly.
bool decimal_equals_binary(std::uint64_t digits, int decimal_exponent, std::uint64_t odd_multiple,
                           int binary_exponent) {
  using Wide = unsigned __int128;
  // Powers of five beyond 5^27 cannot divide either side's integer part
  // (digits < 10^17, odd_multiple < 2^56), so equality is then impossible.
  constexpr int kMaxFivePower = 27;
  Wide five_power = 1;
  const int fives = decimal_exponent < 0 ? -decimal_exponent : decimal_exponent;
  if (fives > kMaxFivePower) return false;
  for (int i = 0; i < fives; ++i) five_power *= 5;
  // d × 2^e × 5^e = k × 2^g, with the 5s moved to the side where they multiply.
  Wide left = digits;
  Wide right = odd_multiple;
  if (decimal_exponent >= 0) {
    left *= five_power;
  } else {
    right *= five_power;
  }
  int left_twos = decimal_exponent;
  int right_twos = binary_exponent;
  const int common = std::min(left_twos, right_twos);
  left_twos -= common;
  right_twos -= common;
  const auto shift = [](Wide& side, int twos) {
    if (twos == 0) return true;
    if (twos >= 128 || (side >> (127 - twos)) != 0) return false;  // would exceed 2^127
    side <<= twos;
    return true;
  };
  if (!shift(left, left_twos) || !shift(right, right_twos)) return false;
  return left == right;
}

// Whether the decimal lies exactly halfway between `value` and a neighbour.
// PostgreSQL's shortest-output code (its copy of Ryu) does not accept such a
// boundary even when round-half-even would read it back correctly, while
// std::to_chars does; 83748224::real prints as 8.3748224e+07, not 8.374822e+07.
template <class Float>
bool is_rounding_tie(Float value, const DecimalDigits& decimal) {
  constexpr int kMantissaBits = std::numeric_limits<Float>::digits;
  constexpr int kMinBinaryExponent = std::numeric_limits<Float>::min_exponent - kMantissaBits;
  int binary_exponent;
  const Float fraction = std::frexp(std::fabs(value), &binary_exponent);
  std::uint64_t mantissa = static_cast<std::uint64_t>(std::ldexp(fraction, kMantissaBits));
  binary_exponent -= kMantissaBits;
  if (binary_exponent < kMinBinaryExponent) {  // subnormal: the spacing is fixed
    mantissa >>= kMinBinaryExponent - binary_exponent;
    binary_exponent = kMinBinaryExponent;
  }
  const std::uint64_t digits = decimal.as_integer();
  const int decimal_exponent = decimal.exponent - decimal.count + 1;
  // Midpoints with the neighbours: (2m ± 1) × 2^(e-1); below a power of two
  // the lower neighbour is half as far: (4m - 1) × 2^(e-2).
  if (decimal_equals_binary(digits, decimal_exponent, 2 * mantissa + 1, binary_exponent - 1))
    return true;
  const bool at_power_of_two =
      mantissa == (std::uint64_t(1) << (kMantissaBits - 1)) && binary_exponent > kMinBinaryExponent;
  return at_power_of_two ? decimal_equals_binary(digits, decimal_exponent, 4 * mantissa - 1,
                                                 binary_exponent - 2)
                         : decimal_equals_binary(digits, decimal_exponent, 2 * mantissa - 1,
                                                 binary_exponent - 1);
}

// The shortest decimal strictly inside the value's rounding interval, closest
// to the value: std::to_chars' answer unless that sits on the boundary, then
// the correctly rounded form with more digits.
template <class Float>
DecimalDigits shortest_digits(Float value) {
  DecimalDigits decimal = scientific_digits(value, -1);
  if (value == 0 || !is_rounding_tie(value, decimal)) return decimal;
  constexpr int kMaxDigits = std::numeric_limits<Float>::max_digits10;
  for (int digits = decimal.count + 1; digits < kMaxDigits; ++digits) {
    DecimalDigits longer = scientific_digits(value, digits - 1);
    if (!is_rounding_tie(value, longer)) return longer;
  }
  return scientific_digits(value, kMaxDigits - 1);
}

// Lays out shortest round-trip digits as PostgreSQL's float output does.
// `plain_exponent_limit` is DBL_DIG (15) or FLT_DIG (6): decimal exponents in
// [-4, limit) print in plain notation, the rest as d.ddde+XX.
template <class Float>
void append_floating(std::string& out, Float value, int plain_exponent_limit) {
  if (std::isnan(value)) {
    out += "NaN";
    return;
  }
  if (std::isinf(value)) {
    out += value < 0 ? "-Infinity" : "Infinity";
    return;
  }
  const DecimalDigits decimal = shortest_digits(value);
  const char* digits = decimal.digits;
  const int digit_count = decimal.count;
  const int exponent = decimal.exponent;
  if (decimal.negative) out.push_back('-');
  if (exponent < -4 || exponent >= plain_exponent_limit) {
    out.push_back(digits[0]);
    if (digit_count > 1) {
      out.push_back('.');
      out.append(digits + 1, digit_count - 1);
    }
    out.push_back('e');
    out.push_back(exponent < 0 ? '-' : '+');
    const int magnitude = exponent < 0 ? -exponent : exponent;
    if (magnitude < 10) out.push_back('0');
    out += std::to_string(magnitude);
    return;
  }
  if (exponent < 0) {
    out += "0.";
    out.append(static_cast<std::size_t>(-exponent - 1), '0');
    out.append(digits, digit_count);
    return;
  }
  const int integer_digits = exponent + 1;
  if (digit_count <= integer_digits) {
    out.append(digits, digit_count);
    out.append(static_cast<std::size_t>(integer_digits - digit_count), '0');
  } else {
    out.append(digits, integer_digits);
    out.push_back('.');
    out.append(digits + integer_digits, digit_count - integer_digits);
  }
}

}  // namespace

std::int16_t parse_int16(std::string_view text) {
  return parse_integer<std::int16_t>(text, "smallint");
}

std::int32_t parse_int32(std::string_view text) {
  return parse_integer<std::int32_t>(text, "integer");
}

std::int64_t parse_int64(std::string_view text) {
  return parse_integer<std::int64_t>(text, "bigint");
}

void append_int(std::string& out, std::int64_t value) {
  char buffer[24];
  auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  (void)error;
  out.append(buffer, end);
}

std::string format_int(std::int64_t value) {
  std::string out;
  append_int(out, value);
  return out;
}

double parse_float8(std::string_view text) {
  return parse_floating<double>(text, "double precision");
}

float parse_float4(std::string_view text) { return parse_floating<float>(text, "real"); }

namespace {

// float4out/float8out at extra_float_digits <= 0: "%.*g" with the type's
// guaranteed digits (FLT_DIG 6, DBL_DIG 15) plus the setting, at least 1.
void append_rounded_floating(std::string& out, double value, int type_digits, int extra) {
  const int digits = std::max(1, type_digits + extra);
  char buffer[64];
  const int length = std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  out.append(buffer, static_cast<std::size_t>(length));
}

}  // namespace

void append_float8(std::string& out, double value) {
  const int extra = session_extra_float_digits();
  if (extra > 0 || std::isnan(value) || std::isinf(value)) {
    append_floating(out, value, 15);
  } else {
    append_rounded_floating(out, value, 15, extra);
  }
}

void append_float4(std::string& out, float value) {
  const int extra = session_extra_float_digits();
  if (extra > 0 || std::isnan(value) || std::isinf(value)) {
    append_floating(out, value, 6);
  } else {
    append_rounded_floating(out, value, 6, extra);
  }
}

std::string format_float8(double value) {
  std::string out;
  append_float8(out, value);
  return out;
}

std::string format_float4(float value) {
  std::string out;
  append_float4(out, value);
  return out;
}

bool parse_bool(std::string_view text) {
  std::size_t begin = 0;
  std::size_t end = text.size();
  while (begin < end && is_space(text[begin])) ++begin;
  while (end > begin && is_space(text[end - 1])) --end;
  const std::string_view word = text.substr(begin, end - begin);
  // A non-empty prefix of the word, but "on"/"off" need two letters to tell apart.
  const auto abbreviates = [&](std::string_view full, std::size_t min_length) {
    if (word.size() < min_length || word.size() > full.size()) return false;
    for (std::size_t i = 0; i < word.size(); ++i) {
      if (to_lower(word[i]) != full[i]) return false;
    }
    return true;
  };
  if (abbreviates("true", 1) || abbreviates("yes", 1) || abbreviates("on", 2) || word == "1") {
    return true;
  }
  if (abbreviates("false", 1) || abbreviates("no", 1) || abbreviates("off", 2) || word == "0") {
    return false;
  }
  throw_syntax("boolean", text);
}

}  // namespace ptreedb::value
