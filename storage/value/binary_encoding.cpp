#include "storage/value/binary_encoding.h"

#include <cstdint>

#include "storage/sql_error.h"

namespace ptreedb::value {
namespace {

constexpr char kHexDigits[] = "0123456789abcdef";
constexpr char kBase64Digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// The character at `at` as the error messages quote it (a whole UTF-8 sequence).
std::string character_at(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  std::size_t length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
  return std::string(text.substr(at, length));
}

int hex_value(std::string_view text, std::size_t at) {
  const char c = text[at];
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  throw SqlError(sqlstate::kInvalidParameterValue, "invalid hexadecimal digit: \"" + character_at(text, at) + "\"");
}

int base64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

bool is_octal(char c, char high) { return c >= '0' && c <= high; }

}  // namespace

void append_hex(std::string& out, std::string_view bytes) {
  out.reserve(out.size() + bytes.size() * 2);
  for (char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    out.push_back(kHexDigits[byte >> 4]);
    out.push_back(kHexDigits[byte & 0xf]);
  }
}

std::string decode_hex(std::string_view text) {
  std::string bytes;
  bytes.reserve(text.size() / 2);
  for (std::size_t i = 0; i < text.size();) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    const int high = hex_value(text, i++);
    if (i >= text.size()) {
      throw SqlError(sqlstate::kInvalidParameterValue, "invalid hexadecimal data: odd number of digits");
    }
    const int low = hex_value(text, i++);
    bytes.push_back(static_cast<char>(high << 4 | low));
  }
  return bytes;
}

std::string encode_base64(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4 + bytes.size() / 57 + 1);
  std::size_t line_start = 0;
  std::uint32_t buffer = 0;
  int position = 2;
  for (char c : bytes) {
    buffer |= static_cast<std::uint32_t>(static_cast<unsigned char>(c)) << (position * 8);
    if (--position < 0) {
      for (int shift : {18, 12, 6, 0}) out.push_back(kBase64Digits[(buffer >> shift) & 0x3f]);
      position = 2;
      buffer = 0;
    }
    // As pg_base64_encode: a newline after every 76 characters.
    if (out.size() - line_start >= 76) {
      out.push_back('\n');
      line_start = out.size();
    }
  }
  if (position != 2) {
    out.push_back(kBase64Digits[(buffer >> 18) & 0x3f]);
    out.push_back(kBase64Digits[(buffer >> 12) & 0x3f]);
    out.push_back(position == 0 ? kBase64Digits[(buffer >> 6) & 0x3f] : '=');
    out.push_back('=');
  }
  return out;
}

std::string decode_base64(std::string_view text) {
  std::string bytes;
  bytes.reserve(text.size() * 3 / 4);
  std::uint32_t buffer = 0;
  int position = 0, end = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (is_space(c)) continue;
    int value = 0;
    if (c == '=') {
      if (end == 0) {
        if (position == 2) {
          end = 1;
        } else if (position == 3) {
          end = 2;
        } else {
          throw SqlError(sqlstate::kInvalidParameterValue, "unexpected \"=\" while decoding base64 sequence");
        }
      }
    } else {
      value = base64_value(c);
      if (value < 0) {
        throw SqlError(sqlstate::kInvalidParameterValue,
                       "invalid symbol \"" + character_at(text, i) + "\" found while decoding base64 sequence");
      }
    }
    buffer = (buffer << 6) + static_cast<std::uint32_t>(value);
    if (++position == 4) {
      bytes.push_back(static_cast<char>((buffer >> 16) & 0xff));
      if (end == 0 || end > 1) bytes.push_back(static_cast<char>((buffer >> 8) & 0xff));
      if (end == 0 || end > 2) bytes.push_back(static_cast<char>(buffer & 0xff));
      buffer = 0;
      position = 0;
    }
  }
  if (position != 0) {
    throw SqlError(sqlstate::kInvalidParameterValue, "invalid base64 end sequence", {},
                   "Input data is missing padding, is truncated, or is otherwise corrupted.");
  }
  return bytes;
}

std::string encode_escape(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte == 0 || byte >= 0x80) {
      out.push_back('\\');
      out.push_back(static_cast<char>('0' + (byte >> 6)));
      out.push_back(static_cast<char>('0' + ((byte >> 3) & 7)));
      out.push_back(static_cast<char>('0' + (byte & 7)));
    } else if (c == '\\') {
      out += "\\\\";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string decode_escape(std::string_view text) {
  std::string bytes;
  bytes.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] != '\\') {
      bytes.push_back(text[i++]);
    } else if (i + 3 < text.size() && is_octal(text[i + 1], '3') && is_octal(text[i + 2], '7') &&
               is_octal(text[i + 3], '7')) {
      bytes.push_back(static_cast<char>((text[i + 1] - '0') << 6 | (text[i + 2] - '0') << 3 | (text[i + 3] - '0')));
      i += 4;
    } else if (i + 1 < text.size() && text[i + 1] == '\\') {
      bytes.push_back('\\');
      i += 2;
    } else {
      throw SqlError(sqlstate::kInvalidTextRepresentation, "invalid input syntax for type bytea");
    }
  }
  return bytes;
}

BinaryEncoding binary_encoding_named(std::string_view name) {
  // PostgreSQL compares the names case-insensitively.
  std::string lower(name);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  if (lower == "hex") return BinaryEncoding::kHex;
  if (lower == "base64") return BinaryEncoding::kBase64;
  if (lower == "escape") return BinaryEncoding::kEscape;
  throw SqlError(sqlstate::kInvalidParameterValue, "unrecognized encoding: \"" + std::string(name) + "\"");
}

std::string encode_binary(std::string_view bytes, BinaryEncoding encoding) {
  switch (encoding) {
    case BinaryEncoding::kHex: {
      std::string out;
      append_hex(out, bytes);
      return out;
    }
    case BinaryEncoding::kBase64: return encode_base64(bytes);
    case BinaryEncoding::kEscape: return encode_escape(bytes);
  }
  return {};
}

std::string decode_binary(std::string_view text, BinaryEncoding encoding) {
  switch (encoding) {
    case BinaryEncoding::kHex: return decode_hex(text);
    case BinaryEncoding::kBase64: return decode_base64(text);
    case BinaryEncoding::kEscape: return decode_escape(text);
  }
  return {};
}

}  // namespace ptreedb::value
