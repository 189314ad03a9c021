// PostgreSQL's text input and output functions for the fixed-width scalar types:
// int2/int4/int8 (int2in, int4in, int8in), float4/float8 (float4in/out,
// float8in/out, as the session's extra_float_digits asks) and boolean (boolin/boolout). Input errors carry
// PostgreSQL's SQLSTATE and message, quoting the input as PostgreSQL does.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ptreedb::value {

// Surrounding whitespace is allowed, then an optional sign and decimal digits.
// 22P02 `invalid input syntax for type integer: "abc"`,
// 22003 `value "99999999999" is out of range for type integer`.
std::int16_t parse_int16(std::string_view text);
std::int32_t parse_int32(std::string_view text);
std::int64_t parse_int64(std::string_view text);

void append_int(std::string& out, std::int64_t value);
std::string format_int(std::int64_t value);

// strtod syntax (decimal, exponent, hexadecimal "0x1p3") plus NaN, Infinity,
// inf, with optional sign and surrounding whitespace. Values that overflow or
// underflow to zero throw 22003 `"1e400" is out of range for type double
// precision`; subnormals are accepted.
double parse_float8(std::string_view text);
float parse_float4(std::string_view text);

// Shortest text that reads back to the same value, in PostgreSQL's layout:
// plain notation for decimal exponents -4..14 (-4..5 for real), otherwise
// "1e+20" / "1.5e-05"; "NaN", "Infinity", "-Infinity", "-0". With
// extra_float_digits at 0 or below, rounded instead (extra_float_digits.h).
void append_float8(std::string& out, double value);
void append_float4(std::string& out, float value);
std::string format_float8(double value);
std::string format_float4(float value);

// t/true/y/yes/on/1 and f/false/n/no/off/0, any unambiguous prefix of the words,
// case-insensitive, surrounding whitespace allowed.
bool parse_bool(std::string_view text);
inline std::string_view format_bool(bool value) { return value ? "t" : "f"; }

}  // namespace ptreedb::value
