// A string as a SQL literal ('it''s'), as EXPLAIN prints constants.
#pragma once

#include <string>
#include <string_view>

namespace ptreedb::exec {

inline std::string quote_literal(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

}  // namespace ptreedb::exec
