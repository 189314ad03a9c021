#include "storage/value/utf8.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

#include "storage/sql_error.h"

namespace ptreedb::value {

std::size_t utf8_sequence_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  return 1;
}

std::size_t utf8_character_length(std::string_view text, std::size_t at) {
  return std::min(utf8_sequence_length(static_cast<unsigned char>(text[at])), text.size() - at);
}

namespace {

constexpr const char* kCharacterNotInRepertoire = "22021";

// pg_utf8_islegal: shortest form, no surrogates, at most U+10FFFF.
bool utf8_sequence_is_legal(const unsigned char* bytes, std::size_t length) {
  unsigned char lead = bytes[0];
  if (length == 1) return lead != 0 && lead < 0x80;
  if (lead < 0xC2 || lead > 0xF4) return false;
  unsigned char second = bytes[1];
  unsigned char low = 0x80, high = 0xBF;
  if (lead == 0xE0) low = 0xA0;
  if (lead == 0xED) high = 0x9F;
  if (lead == 0xF0) low = 0x90;
  if (lead == 0xF4) high = 0x8F;
  if (second < low || second > high) return false;
  for (std::size_t i = 2; i < length; ++i) {
    if (bytes[i] < 0x80 || bytes[i] > 0xBF) return false;
  }
  return true;
}


// The offset of the first byte of the first bad sequence, or text.size().
std::size_t first_invalid(std::string_view text, std::size_t& bad_length) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  std::size_t i = 0;
  while (i < text.size()) {
    // Eight ASCII bytes at a time: no high bit and no zero byte.
    constexpr std::uint64_t kHigh = 0x8080808080808080ULL, kOnes = 0x0101010101010101ULL;
    while (i + 8 <= text.size()) {
      std::uint64_t word;
      std::memcpy(&word, bytes + i, 8);
      if (((word | ((word - kOnes) & ~word)) & kHigh) != 0) break;
      i += 8;
    }
    if (i >= text.size()) break;
    if (bytes[i] != 0 && bytes[i] < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = utf8_sequence_length(bytes[i]);
    if (length <= text.size() - i && utf8_sequence_is_legal(bytes + i, length)) {
      i += length;
      continue;
    }
    bad_length = length;
    return i;
  }
  return text.size();
}

}  // namespace

bool is_valid_utf8(std::string_view text) {
  std::size_t length = 0;
  return first_invalid(text, length) == text.size();
}

void verify_utf8(std::string_view text) {
  std::size_t length = 0;
  const std::size_t i = first_invalid(text, length);
  if (i == text.size()) return;
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  std::string shown;
  std::size_t count = std::min({length, text.size() - i, std::size_t{8}});
  for (std::size_t j = 0; j < count; ++j) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "%s0x%02x", j == 0 ? "" : " ", bytes[i + j]);
    shown += hex;
  }
  throw SqlError(kCharacterNotInRepertoire, "invalid byte sequence for encoding \"UTF8\": " + shown);
}

}  // namespace ptreedb::value
