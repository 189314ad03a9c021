// PostgreSQL's quote_literal of a text: single quotes doubled, and an E
// prefix with doubled backslashes when the text has backslashes.
#pragma once

#include <string>
#include <string_view>

namespace ptreedb::exec {

inline std::string quote_literal(std::string_view text) {
  std::string out;
  if (text.find('\\') != std::string_view::npos) out += 'E';
  out += '\'';
  for (char c : text) {
    if (c == '\'' || c == '\\') out += c;
    out += c;
  }
  return out + '\'';
}

}  // namespace ptreedb::exec
