#include "planner/parse/literal_shape.h"

#include <charconv>

namespace ptreedb::planner {

namespace {

bool identifier_start(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80; }
bool identifier_char(unsigned char c) { return identifier_start(c) || (c >= '0' && c <= '9') || c == '$'; }
bool digit(unsigned char c) { return c >= '0' && c <= '9'; }

// Just past the quote that closes the one at `open`; nullopt if none does.
std::optional<std::size_t> end_of_quoted(std::string_view sql, std::size_t open, bool backslash_escapes) {
  const char quote = sql[open];
  for (std::size_t i = open + 1; i < sql.size();) {
    if (backslash_escapes && sql[i] == '\\') {
      i += 2;
    } else if (sql[i] != quote) {
      ++i;
    } else if (i + 1 < sql.size() && sql[i + 1] == quote) {
      i += 2;  // a doubled quote stands for itself
    } else {
      return i + 1;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<LiteralShape> literal_shape(std::string_view sql) {
  if (sql.find(kLiteralMarker) != std::string_view::npos) return std::nullopt;
  LiteralShape shape;
  shape.key.reserve(sql.size());
  const std::size_t n = sql.size();
  std::size_t copied = 0;  // sql[copied, i) is still to be appended to the key
  std::size_t i = 0;
  while (i < n) {
    const unsigned char c = static_cast<unsigned char>(sql[i]);
    if (c == '-' && i + 1 < n && sql[i + 1] == '-') {  // comment to the end of the line
      while (i < n && sql[i] != '\n') ++i;
      continue;
    }
    if (c == '/' && i + 1 < n && sql[i + 1] == '*') {  // comments nest in PostgreSQL
      int depth = 0;
      while (i < n) {
        if (sql[i] == '/' && i + 1 < n && sql[i + 1] == '*') {
          ++depth;
          i += 2;
        } else if (sql[i] == '*' && i + 1 < n && sql[i + 1] == '/') {
          i += 2;
          if (--depth == 0) break;
        } else {
          ++i;
        }
      }
      if (depth != 0) return std::nullopt;
      continue;
    }
    if (c == '\'' || c == '"') {
      // E'...' (and e'...') take backslash escapes; other strings and quoted
      // names only a doubled quote.
      const bool escapes = c == '\'' && i > 0 && (sql[i - 1] == 'E' || sql[i - 1] == 'e') &&
                           (i < 2 || !identifier_char(static_cast<unsigned char>(sql[i - 2])));
      auto end = end_of_quoted(sql, i, escapes);
      if (!end) return std::nullopt;
      i = *end;
      continue;
    }
    if (c == '$') {
      std::size_t j = i + 1;
      if (j < n && digit(static_cast<unsigned char>(sql[j]))) {  // a parameter, $n
        while (j < n && digit(static_cast<unsigned char>(sql[j]))) ++j;
        i = j;
        continue;
      }
      // $tag$ ... $tag$ (the tag may be empty)
      while (j < n && identifier_char(static_cast<unsigned char>(sql[j])) && sql[j] != '$') ++j;
      if (j < n && sql[j] == '$') {
        std::string_view tag = sql.substr(i, j - i + 1);
        std::size_t end = sql.find(tag, j + 1);
        if (end == std::string_view::npos) return std::nullopt;
        i = end + tag.size();
        continue;
      }
      ++i;
      continue;
    }
    if (identifier_start(c)) {
      while (i < n && identifier_char(static_cast<unsigned char>(sql[i]))) ++i;
      continue;
    }
    if (digit(c)) {
      std::size_t j = i;
      while (j < n && digit(static_cast<unsigned char>(sql[j]))) ++j;
      // Only a plain integer standing alone: not part of a decimal, an
      // exponent or a name (1.5, .5, 1e5, 123abc), and small enough to be
      // an int4 constant (larger ones parse to another node).
      const bool after_dot = i > 0 && sql[i - 1] == '.';
      const bool before_other = j < n && (identifier_char(static_cast<unsigned char>(sql[j])) || sql[j] == '.');
      std::int32_t value = 0;
      auto [end, error] = std::from_chars(sql.data() + i, sql.data() + j, value);
      if (!after_dot && !before_other && error == std::errc() && end == sql.data() + j) {
        shape.key.append(sql.substr(copied, i - copied));
        shape.key.push_back(kLiteralMarker);
        shape.literals.push_back({i, j - i, value});
        copied = j;
      }
      i = j;
      continue;
    }
    ++i;
  }
  shape.key.append(sql.substr(copied));
  return shape;
}

}  // namespace ptreedb::planner
