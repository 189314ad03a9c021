// SQL LIKE / ILIKE matching: '%' any run of characters, '_' one character
// (a whole UTF-8 code point), '\' escapes the next pattern character.
#pragma once

#include <string_view>

namespace ptreedb::exec {

// Throws SqlError 22025 when an escape character ends the pattern where text remains.
bool like_match(std::string_view text, std::string_view pattern, bool case_insensitive);

}  // namespace ptreedb::exec
