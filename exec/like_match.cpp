#include "exec/like_match.h"

#include <cstddef>

#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

std::size_t code_point_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead >> 5) == 0x6) return 2;
  if ((lead >> 4) == 0xE) return 3;
  if ((lead >> 3) == 0x1E) return 4;
  return 1;  // a stray continuation byte counts as one character
}

char fold(char c, bool case_insensitive) {
  // The C locale folds ASCII letters only, as PostgreSQL does under it.
  return case_insensitive && c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

bool like_match(std::string_view text, std::string_view pattern, bool case_insensitive) {
  std::size_t t = 0, p = 0;
  std::size_t star_pattern = std::string_view::npos, star_text = 0;
  while (t < text.size()) {
    if (p < pattern.size()) {
      char c = pattern[p];
      if (c == '%') {
        star_pattern = ++p;
        star_text = t;
        continue;
      }
      if (c == '_') {
        t += code_point_length(static_cast<unsigned char>(text[t]));
        ++p;
        continue;
      }
      std::size_t literal = p;
      if (c == '\\') {
        if (p + 1 == pattern.size()) {
          throw SqlError("22025", "LIKE pattern must not end with escape character");
        }
        literal = p + 1;
      }
      if (fold(pattern[literal], case_insensitive) == fold(text[t], case_insensitive)) {
        ++t;
        p = literal + 1;
        continue;
      }
    }
    // Mismatch: let the last '%' swallow one more character and retry.
    if (star_pattern == std::string_view::npos) return false;
    star_text += code_point_length(static_cast<unsigned char>(text[star_text]));
    t = star_text;
    p = star_pattern;
  }
  // The text is used up: only trailing '%' can still match (PostgreSQL does not
  // look for a dangling escape here, so 'x' LIKE 'x\' is simply false).
  while (p < pattern.size() && pattern[p] == '%') ++p;
  return p == pattern.size();
}

}  // namespace ptreedb::exec
