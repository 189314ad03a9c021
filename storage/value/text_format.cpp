#include "storage/value/text_format.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

#include "storage/sql_error.h"

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
    throw SqlError(sqlstate::kNumericValueOutOfRange, "value \"" + std::string(text) +
                                                          "\" is out of range for type " +
                                                          std::string(type_name));
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
        (is_digit(rest[2]) || rest[2] == '.' || (to_lower(rest[2]) >= 'a' && to_lower(rest[2]) <= 'f'))) {
      format = std::chars_format::hex;
      skip = 2;
    }
    auto [end, error] = std::from_chars(rest.data() + skip, rest.data() + rest.size(), value, format);
    if (end == rest.data() + skip) throw_syntax(type_name, text);
    consumed = static_cast<std::size_t>(end - rest.data());
    if (error == std::errc::result_out_of_range) {
      // Overflow, or underflow all the way to zero (subnormals are fine).
      const std::string_view number = text.substr(number_begin, pos + consumed - number_begin);
      throw SqlError(sqlstate::kNumericValueOutOfRange, "\"" + std::string(number) +
                                                            "\" is out of range for type " +
                                                            std::string(type_name));
    }
  } else {
    throw_syntax(type_name, text);
  }
  pos += consumed;
  while (pos < text.size() && is_space(text[pos])) ++pos;
  if (pos != text.size()) throw_syntax(type_name, text);
  return negative ? -value : value;
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
  char buffer[64];
  auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  (void)error;  // 64 bytes always suffice
  // buffer holds [-]d[.ddd]e(+|-)xx
  const char* p = buffer;
  if (*p == '-') {
    out.push_back('-');
    ++p;
  }
  char digits[32];
  int digit_count = 0;
  for (; *p != 'e'; ++p) {
    if (*p != '.') digits[digit_count++] = *p;
  }
  ++p;  // 'e'
  int exponent = 0;
  // to_chars does not terminate the buffer, so parse up to `end` only.
  std::from_chars(*p == '+' ? p + 1 : p, end, exponent);
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

double parse_float8(std::string_view text) { return parse_floating<double>(text, "double precision"); }

float parse_float4(std::string_view text) { return parse_floating<float>(text, "real"); }

void append_float8(std::string& out, double value) { append_floating(out, value, 15); }

void append_float4(std::string& out, float value) { append_floating(out, value, 6); }

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
