#include "storage/value/similar_to_pattern.h"

#include <algorithm>

#include "storage/sql_error.h"

namespace ptreedb::value {
namespace {

// Bytes of the UTF-8 character starting with `lead` (1 for anything else).
std::size_t character_length(unsigned char lead) {
  if (lead >= 0xF0) return 4;
  if (lead >= 0xE0) return 3;
  if (lead >= 0xC0) return 2;
  return 1;
}

}  // namespace

std::string similar_to_regex(std::string_view pattern, std::optional<std::string_view> escape) {
  std::string_view escape_character = escape ? *escape : std::string_view("\\");
  if (!escape_character.empty() && character_length(static_cast<unsigned char>(escape_character[0])) !=
                                       escape_character.size()) {
    throw SqlError("22025", "invalid escape string", {}, "Escape string must be empty or one character.");
  }
  std::string out = "^(?:";
  bool after_escape = false;
  int separators = 0;
  int bracket_depth = 0;
  // Where a bracket expression stands: 1 right after '[', 2 after a '^'
  // there (']' is still an element), 3 further in (']' closes it).
  int class_position = 0;
  for (std::size_t at = 0; at < pattern.size();) {
    const std::size_t length =
        std::min(character_length(static_cast<unsigned char>(pattern[at])), pattern.size() - at);
    const std::string_view character = pattern.substr(at, length);
    at += length;
    if (length > 1) {  // a multibyte character is never syntax
      if (after_escape) {
        out += '\\';
        after_escape = false;
      } else if (character == escape_character) {
        after_escape = true;
        continue;
      }
      out += character;
      class_position = 3;  // an element: a following ']' closes the class
      continue;
    }
    const char c = character[0];
    if (after_escape) {
      if (c == '"' && bracket_depth < 1) {
        if (separators == 0) {
          // PostgreSQL writes part 1 as (?:...){1,1}?, which its regex engine
          // reads as "shortest match for the whole part"; PCRE2 makes only
          // the repetition lazy, so the part is made ungreedy throughout.
          out.replace(0, 4, "^(?U:");
          out += ")(";
        } else if (separators == 1) {
          out += "){1,1}(?:";
        } else {
          throw SqlError("2200C",
                         "SQL regular expression may not contain more than two escape-double-quote separators");
        }
        ++separators;
      } else {
        // Any character may be escaped, which reaches the regex escapes (\d).
        out += '\\';
        out += c;
        class_position = 3;
      }
      after_escape = false;
    } else if (!escape_character.empty() && character == escape_character) {
      after_escape = true;
    } else if (bracket_depth > 0) {
      if (c == '\\') out += '\\';  // a literal backslash in the class
      out += c;
      if (c == ']' && class_position > 2) {
        --bracket_depth;
      } else if (c == '[') {
        ++bracket_depth;
        class_position = 3;
      } else if (c == '^') {
        ++class_position;
      } else {
        class_position = 3;
      }
    } else if (c == '[') {
      out += c;
      bracket_depth = 1;
      class_position = 1;
    } else if (c == '%') {
      out += ".*";
    } else if (c == '_') {
      out += '.';
    } else if (c == '(') {
      out += "(?:";
    } else if (c == '\\' || c == '.' || c == '^' || c == '$') {
      out += '\\';
      out += c;
    } else {
      out += c;
    }
  }
  return out + ")$";
}

}  // namespace ptreedb::value
