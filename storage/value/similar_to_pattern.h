// SQL regular expressions (SIMILAR TO, SUBSTRING ... SIMILAR) as POSIX ones,
// the translation PostgreSQL's similar_to_escape makes: % and _ become .*
// and ., ( becomes a non-capturing group, the pattern must match the whole
// string, and two escape-double-quotes split it into the part SUBSTRING
// returns: PostgreSQL's ^(?:part1){1,1}?(part2){1,1}(?:part3)$, written for
// PCRE2 as ^(?U:part1)(part2){1,1}(?:part3)$ (part 1 matching as little as
// it can, as PostgreSQL's engine reads the lazy repetition).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ptreedb::value {

// `escape`: nullopt for the default (backslash), empty for none, else one
// character (22025 "invalid escape string" otherwise). 2200C for more than
// two escape-double-quote separators.
std::string similar_to_regex(std::string_view pattern, std::optional<std::string_view> escape);

}  // namespace ptreedb::value
