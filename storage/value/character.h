// PostgreSQL's character(n) (bpchar) and character varying(n) semantics over
// UTF-8 text: lengths count characters, not bytes; char(n) is blank-padded to n
// characters and its trailing blanks do not matter when comparing or casting to
// text; assigning a longer value raises 22001 "value too long for type
// character varying(n)" unless the excess is all blanks (then it is cut), and an
// explicit cast (::varchar(n)) cuts silently.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ptreedb::value {

// Number of UTF-8 characters (code points) in `text`.
std::size_t utf8_length(std::string_view text);

// Coercion to character(length): pads with blanks to `length` characters, or
// cuts to it (see the file comment for when that is an error).
std::string coerce_to_char(std::string_view text, int length, bool explicit_cast = false);

// Coercion to character varying(length): the result is a prefix of `text`.
std::string_view coerce_to_varchar(std::string_view text, int length, bool explicit_cast = false);

// bpchar without its trailing blanks: what char(n) -> text/varchar gives, and
// what comparison, hashing and length() look at.
std::string_view bpchar_significant(std::string_view padded);

// Order of two char(n) values ignoring trailing blanks (bytewise, i.e. the C
// collation). For text and varchar compare the strings directly.
int bpchar_compare(std::string_view a, std::string_view b);

// length(char(n)): characters excluding trailing blanks.
inline std::size_t bpchar_length(std::string_view padded) {
  return utf8_length(bpchar_significant(padded));
}

}  // namespace ptreedb::value
