// uuid (OID 2950): 16 bytes, kept in a column as a 16-byte string so that
// comparison, hashing and keys are the bytes' order, as PostgreSQL's uuid_cmp
// (memcmp) orders them.
#pragma once

#include <string>
#include <string_view>

namespace ptreedb::value {

inline constexpr std::size_t kUuidBytes = 16;

// uuid_in: 32 hex digits in either case, optionally in braces, with a hyphen
// allowed after any group of four digits (except after the last). Anything
// else throws 22P02 `invalid input syntax for type uuid: "..."`.
std::string parse_uuid(std::string_view text);

// uuid_out: lower-case 8-4-4-4-12 groups.
void append_uuid(std::string& out, std::string_view bytes);
std::string format_uuid(std::string_view bytes);

// A version 4 (random) uuid from the system's random source (getrandom(2)),
// as gen_random_uuid().
std::string random_uuid();

}  // namespace ptreedb::value
