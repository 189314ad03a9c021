// The textual encodings of binary data that encode(bytea, format) and
// decode(text, format) use, as PostgreSQL's encode.c: hex, base64 (lines of 76
// characters) and escape. Decoding errors carry PostgreSQL's SQLSTATE and text.
#pragma once

#include <string>
#include <string_view>

namespace ptreedb::value {

// Lower-case hex digits, two per byte.
void append_hex(std::string& out, std::string_view bytes);
// Hex digit pairs, whitespace between them skipped; 22023 `invalid hexadecimal
// digit: "g"` or `invalid hexadecimal data: odd number of digits`.
std::string decode_hex(std::string_view text);

std::string encode_base64(std::string_view bytes);
// 22023 for a bad symbol, a misplaced "=" or a missing end.
std::string decode_base64(std::string_view text);

// NUL and bytes above 0x7f as "\ooo", a backslash doubled.
std::string encode_escape(std::string_view bytes);
// "\ooo" and "\\" decoded, other bytes kept; 22P02 for a lone backslash.
std::string decode_escape(std::string_view text);

// encode()/decode()'s format argument: 22023 `unrecognized encoding: "..."`.
enum class BinaryEncoding : unsigned char { kHex, kBase64, kEscape };
BinaryEncoding binary_encoding_named(std::string_view name);
std::string encode_binary(std::string_view bytes, BinaryEncoding encoding);
std::string decode_binary(std::string_view text, BinaryEncoding encoding);

}  // namespace ptreedb::value
