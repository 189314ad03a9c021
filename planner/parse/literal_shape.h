// The shape of an SQL text: the text with each small integer literal
// replaced by a marker, and the literals taken out. Texts of one shape lex to
// the same tokens but for those literals' values, so they parse to the same
// tree but for the A_Const nodes the literals become (parse_cache.h). A
// PostgreSQL-compatible lexer in miniature: it knows comments (nested too),
// quoted identifiers, string literals (E'' with backslash escapes), dollar
// quoting and parameters, so nothing inside them is taken for a literal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptreedb::planner {

struct IntegerLiteral {
  std::size_t position;  // byte offset of its first digit
  std::size_t length;
  std::int32_t value;
};

struct LiteralShape {
  std::string key;  // the text, each literal replaced by kLiteralMarker
  std::vector<IntegerLiteral> literals;
};

inline constexpr char kLiteralMarker = '\x01';

// Nullopt when the text cannot be shaped safely (it holds the marker byte,
// or a quote or comment does not end: the parser reports those).
std::optional<LiteralShape> literal_shape(std::string_view sql);

}  // namespace ptreedb::planner
