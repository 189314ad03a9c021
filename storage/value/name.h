// name (OID 19): PostgreSQL's type for identifiers, a string of at most
// NAMEDATALEN - 1 = 63 bytes kept in a column's text slot like text and
// compared bytewise (name's collation is "C").
#pragma once

#include <cstddef>
#include <string_view>

namespace ptreedb::value {

// NAMEDATALEN: the fixed width of name's storage, its NUL terminator included
// (pg_type.typlen 64).
inline constexpr std::size_t kNameDataLength = 64;
inline constexpr std::size_t kNameMaxBytes = kNameDataLength - 1;

// namein: the longest prefix of at most 63 bytes that ends on a character
// boundary (pg_mbcliplen); longer input is cut silently.
std::string_view clip_to_name(std::string_view text);

// namerecv: binary input longer than 63 bytes is 42622 "identifier too long"
// (binary input is not cut).
void check_name_receive_length(std::string_view bytes);

}  // namespace ptreedb::value
