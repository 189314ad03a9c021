#include "storage/row/key_encoding.h"

#include <bit>
#include <cmath>

namespace ptreedb::storage::key_encoding {
namespace {

void append_big_endian(std::string& key, std::uint64_t bits, int bytes) {
  for (int shift = (bytes - 1) * 8; shift >= 0; shift -= 8) {
    key.push_back(static_cast<char>((bits >> shift) & 0xFF));
  }
}

constexpr std::uint64_t kSignBit = std::uint64_t{1} << 63;

}  // namespace

void append_int(std::string& key, std::int64_t value) {
  append_big_endian(key, static_cast<std::uint64_t>(value) ^ kSignBit, 8);
}

void append_bool(std::string& key, bool value) { key.push_back(value ? 1 : 0); }

std::uint64_t double_order_bits(double value) {
  if (value == 0) value = 0;  // -0 == 0
  std::uint64_t bits = std::isnan(value) ? 0x7FF8000000000000ULL : std::bit_cast<std::uint64_t>(value);
  return (bits & kSignBit) ? ~bits : bits ^ kSignBit;
}

void append_double(std::string& key, double value) { append_big_endian(key, double_order_bits(value), 8); }

void append_decimal(std::string& key, value::Decimal number) {
  // sign, then (for non-zero) the decimal exponent of the leading digit and the
  // significant digits; negative numbers complement both so larger magnitudes
  // sort first.
  // -Infinity sorts before every negative number (the least exponent, not
  // complemented), Infinity after every positive one, NaN after all.
  if (value::decimal_is_special(number)) {
    if (value::decimal_is_nan(number)) {
      key.push_back(3);
    } else if (number.units > 0) {
      key.push_back(2);
      append_big_endian(key, std::uint16_t{0xFFFF}, 2);
    } else {
      key.push_back(0);
      append_big_endian(key, std::uint16_t{0}, 2);
    }
    return;
  }
  number = value::decimal_normalize(number);
  if (number.units == 0) {
    key.push_back(1);
    return;
  }
  bool negative = number.units < 0;
  unsigned __int128 magnitude = negative ? -static_cast<unsigned __int128>(number.units)
                                         : static_cast<unsigned __int128>(number.units);
  char digits[40];
  int count = 0;
  for (unsigned __int128 rest = magnitude; rest != 0; rest /= 10) {
    digits[count++] = static_cast<char>('0' + static_cast<int>(rest % 10));
  }
  int exponent = count - number.scale;  // value = 0.d1d2... x 10^exponent
  std::string body;
  append_big_endian(body, static_cast<std::uint16_t>(exponent + 0x8000), 2);
  for (int i = count - 1; i >= 0; --i) body.push_back(digits[i]);
  body.push_back('\0');
  key.push_back(negative ? 0 : 2);
  if (negative) {
    for (char& byte : body) byte = static_cast<char>(~static_cast<unsigned char>(byte));
  }
  key += body;
}

void append_text(std::string& key, std::string_view text) {
  // Runs without a 0 byte (all of a text value) are appended whole; each 0
  // byte is escaped as 0 0xFF.
  for (std::size_t zero; (zero = text.find('\0')) != std::string_view::npos; text.remove_prefix(zero + 1)) {
    key.append(text.data(), zero + 1);
    key.push_back(static_cast<char>(0xFF));
  }
  key.append(text);
  key.push_back('\0');
  key.push_back('\0');
}

void append_uuid(std::string& key, std::string_view bytes) { key.append(bytes); }

void append_date(std::string& key, std::int32_t days) {
  append_big_endian(key, static_cast<std::uint32_t>(days) ^ 0x80000000U, 4);
}

void append_timestamp(std::string& key, std::int64_t microseconds) {
  append_int(key, microseconds);
}

void append_interval(std::string& key, std::int32_t months, std::int32_t days,
                     std::int64_t microseconds) {
  constexpr __int128 kMicrosPerDay = __int128{86400} * 1000000;
  __int128 span = (__int128{months} * 30 + days) * kMicrosPerDay + microseconds;
  auto bits = static_cast<unsigned __int128>(span) ^ (static_cast<unsigned __int128>(1) << 127);
  append_big_endian(key, static_cast<std::uint64_t>(bits >> 64), 8);
  append_big_endian(key, static_cast<std::uint64_t>(bits), 8);
}

void append_null(std::string& key) { key.push_back(1); }
void append_not_null(std::string& key) { key.push_back(0); }

}  // namespace ptreedb::storage::key_encoding
