#include "server/log_text.h"

#include <cstdio>

namespace ptreedb::server {
namespace {

void append_hex(std::string& out, unsigned char byte) {
  char hex[5];
  std::snprintf(hex, sizeof hex, "\\x%02x", byte);
  out += hex;
}

// Length of the well-formed UTF-8 sequence starting at `i`, or 0.
std::size_t sequence_length(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
  if (length == 0 || text.size() - i < length) return 0;
  const auto second = static_cast<unsigned char>(text[i + 1]);
  unsigned char low = 0x80, high = 0xBF;
  if (lead == 0xE0) low = 0xA0;
  if (lead == 0xED) high = 0x9F;
  if (lead == 0xF0) low = 0x90;
  if (lead == 0xF4) high = 0x8F;
  if (second < low || second > high) return 0;
  for (std::size_t j = 2; j < length; ++j) {
    const auto next = static_cast<unsigned char>(text[i + j]);
    if (next < 0x80 || next > 0xBF) return 0;
  }
  return length;
}

}  // namespace

std::string log_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7F) {
      if (byte == '\\') out += '\\';
      out += static_cast<char>(byte);
      ++i;
      continue;
    }
    if (byte < 0x80) {
      switch (byte) {
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default: append_hex(out, byte);
      }
      ++i;
      continue;
    }
    const std::size_t length = sequence_length(text, i);
    if (length == 0) {
      append_hex(out, byte);
      ++i;
      continue;
    }
    const auto second = static_cast<unsigned char>(text[i + 1]);
    const bool c1_control = byte == 0xC2 && second < 0xA0;
    const bool line_separator = byte == 0xE2 && second == 0x80 && (text[i + 2] == '\xA8' || text[i + 2] == '\xA9');
    if (c1_control) {
      append_hex(out, second);
    } else if (line_separator) {
      out += text[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

}  // namespace ptreedb::server
