#include "storage/value/json_number.h"

#include <cstdint>

#include "storage/sql_error.h"

namespace ptreedb::value {
namespace {

constexpr long kMaxExponent = 1073741823;  // numeric_in: larger exponents are 22P02
constexpr long kMaxIntegerDigits = 131072;  // NUMERIC_WEIGHT_MAX base-10000 digits: more overflow (22003)
constexpr int kMaxDisplayScale = 16383;  // NUMERIC_DSCALE_MAX

// A canonical number split into sign, integer digits (no leading zeros,
// empty for 0) and fraction digits (without trailing zeros).
struct Parts {
  bool negative = false;
  std::string_view integer;
  std::string_view fraction;
};

Parts split(std::string_view text) {
  Parts parts;
  if (!text.empty() && text.front() == '-') {
    parts.negative = true;
    text.remove_prefix(1);
  }
  std::size_t point = text.find('.');
  parts.integer = text.substr(0, point);
  if (point != std::string_view::npos) parts.fraction = text.substr(point + 1);
  while (!parts.integer.empty() && parts.integer.front() == '0') parts.integer.remove_prefix(1);
  while (!parts.fraction.empty() && parts.fraction.back() == '0') parts.fraction.remove_suffix(1);
  return parts;
}

int compare_magnitudes(const Parts& a, const Parts& b) {
  if (a.integer.size() != b.integer.size()) return a.integer.size() < b.integer.size() ? -1 : 1;
  if (int order = a.integer.compare(b.integer)) return order < 0 ? -1 : 1;
  int order = a.fraction.compare(b.fraction);  // no trailing zeros: shorter prefix is smaller
  return (order > 0) - (order < 0);
}

}  // namespace

std::string canonical_json_number(std::string_view text) {
  // The JSON grammar (checked by the parser) guarantees -?digits[.digits][e[+-]digits].
  bool negative = false;
  std::size_t i = 0;
  if (i < text.size() && text[i] == '-') {
    negative = true;
    ++i;
  }
  std::string digits;  // integer and fraction digits together
  std::size_t integer_digits = 0;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') digits += text[i++], ++integer_digits;
  std::size_t fraction_digits = 0;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') digits += text[i++], ++fraction_digits;
  }
  long exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool exponent_negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) exponent_negative = text[i++] == '-';
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      exponent = exponent * 10 + (text[i++] - '0');
      if (exponent > kMaxExponent) {  // numeric_in's bound on exponents
        throw SqlError(sqlstate::kInvalidTextRepresentation,
                       "invalid input syntax for type numeric: \"" + std::string(text) + "\"");
      }
    }
    if (exponent_negative) exponent = -exponent;
  }
  long scale = static_cast<long>(fraction_digits) - exponent;
  if (scale > kMaxDisplayScale) {
    throw SqlError(sqlstate::kNumericValueOutOfRange, "value overflows numeric format");
  }
  long display_scale = scale < 0 ? 0 : scale;
  const std::size_t first_significant = digits.find_first_not_of('0');
  if (first_significant == std::string::npos) {
    digits.clear();  // zero: only the display scale's zeros are printed
    integer_digits = 0;
    exponent = 0;
  } else if (static_cast<long>(integer_digits) + exponent - static_cast<long>(first_significant) > kMaxIntegerDigits) {
    throw SqlError(sqlstate::kNumericValueOutOfRange, "value overflows numeric format");
  }
  // The value is digits * 10^-scale; place the point display_scale digits from the right.
  long point = static_cast<long>(integer_digits) + exponent;  // digits before the point
  std::string integer_part, fraction_part;
  for (long k = 0; k < point; ++k) integer_part += k < static_cast<long>(digits.size()) ? digits[k] : '0';
  for (long k = 0; k < display_scale; ++k) {
    long index = point + k;
    fraction_part += index >= 0 && index < static_cast<long>(digits.size()) ? digits[index] : '0';
  }
  std::size_t first = integer_part.find_first_not_of('0');
  integer_part = first == std::string::npos ? "0" : integer_part.substr(first);
  bool zero = integer_part == "0" && fraction_part.find_first_not_of('0') == std::string::npos;
  std::string out = negative && !zero ? "-" : "";
  out += integer_part;
  if (!fraction_part.empty()) out += "." + fraction_part;
  return out;
}

int compare_json_numbers(std::string_view a, std::string_view b) {
  Parts x = split(a), y = split(b);
  bool x_zero = x.integer.empty() && x.fraction.empty(), y_zero = y.integer.empty() && y.fraction.empty();
  int x_sign = x_zero ? 0 : x.negative ? -1 : 1, y_sign = y_zero ? 0 : y.negative ? -1 : 1;
  if (x_sign != y_sign) return x_sign < y_sign ? -1 : 1;
  if (x_sign == 0) return 0;
  int magnitude = compare_magnitudes(x, y);
  return x_sign > 0 ? magnitude : -magnitude;
}

void append_json_number_key(std::string& key, std::string_view canonical) {
  Parts parts = split(canonical);
  if (parts.integer.empty() && parts.fraction.empty()) {
    key += '\x02';
    return;
  }
  // Significant digits and the position of the first one relative to the point.
  std::string significant(parts.integer);
  std::int32_t exponent = static_cast<std::int32_t>(parts.integer.size());
  if (parts.integer.empty()) {
    std::size_t zeros = parts.fraction.find_first_not_of('0');
    exponent = -static_cast<std::int32_t>(zeros);
    significant = std::string(parts.fraction.substr(zeros));
  } else {
    significant += parts.fraction;
  }
  while (!significant.empty() && significant.back() == '0') significant.pop_back();
  const bool negative = parts.negative;
  key += negative ? '\x01' : '\x03';
  std::uint32_t biased = static_cast<std::uint32_t>(exponent) ^ 0x80000000u;
  if (negative) biased = ~biased;
  for (int shift = 24; shift >= 0; shift -= 8) key += static_cast<char>((biased >> shift) & 0xff);
  for (char digit : significant) key += static_cast<char>(negative ? ~digit : digit);
  key += negative ? '\xff' : '\x00';
}

}  // namespace ptreedb::value
