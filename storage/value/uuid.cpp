#include "storage/value/uuid.h"

#include <sys/random.h>

#include <cerrno>

#include "storage/sql_error.h"

namespace ptreedb::value {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

[[noreturn]] void throw_invalid_uuid(std::string_view text) {
  throw SqlError(sqlstate::kInvalidTextRepresentation,
                 "invalid input syntax for type uuid: \"" + std::string(text) + "\"");
}

}  // namespace

std::string parse_uuid(std::string_view text) {
  std::string bytes;
  bytes.reserve(kUuidBytes);
  std::size_t at = 0;
  const bool braces = !text.empty() && text[0] == '{';
  if (braces) ++at;
  for (std::size_t i = 0; i < kUuidBytes; ++i) {
    if (at + 1 >= text.size()) throw_invalid_uuid(text);
    const int high = hex_digit(text[at]), low = hex_digit(text[at + 1]);
    if (high < 0 || low < 0) throw_invalid_uuid(text);
    bytes.push_back(static_cast<char>(high << 4 | low));
    at += 2;
    // As uuid_in: a hyphen may follow any even-numbered byte but the last.
    if (at < text.size() && text[at] == '-' && i % 2 == 1 && i < kUuidBytes - 1) ++at;
  }
  if (braces) {
    if (at >= text.size() || text[at] != '}') throw_invalid_uuid(text);
    ++at;
  }
  if (at != text.size()) throw_invalid_uuid(text);
  return bytes;
}

void append_uuid(std::string& out, std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out.push_back('-');
    const auto byte = static_cast<unsigned char>(bytes[i]);
    out.push_back(kDigits[byte >> 4]);
    out.push_back(kDigits[byte & 0xf]);
  }
}

std::string format_uuid(std::string_view bytes) {
  std::string out;
  append_uuid(out, bytes);
  return out;
}

std::string random_uuid() {
  std::string bytes(kUuidBytes, '\0');
  std::size_t filled = 0;
  while (filled < bytes.size()) {
    const ssize_t got = getrandom(bytes.data() + filled, bytes.size() - filled, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw SqlError(sqlstate::kInternalError, "could not generate random values");
    }
    filled += static_cast<std::size_t>(got);
  }
  // RFC 4122 version 4, variant 10xx.
  bytes[6] = static_cast<char>((bytes[6] & 0x0f) | 0x40);
  bytes[8] = static_cast<char>((bytes[8] & 0x3f) | 0x80);
  return bytes;
}

}  // namespace ptreedb::value
