// like_escape(pattern, escape) as PostgreSQL's do_like_escape: the pattern
// rewritten so a backslash escapes. An empty escape doubles every backslash
// (none escapes); a backslash escape leaves the pattern as it is; another
// character becomes a backslash, and a backslash not escaped by it doubles.
// An escape of more than one character is 22025.
#include <string>
#include <string_view>

#include "exec/functions/pcre2_pattern.h"
#include "exec/functions/text_results.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

std::string like_escape(std::string_view pattern, std::string_view escape) {
  std::string out;
  if (escape.empty()) {
    for (char c : pattern) {
      if (c == '\\') out.push_back('\\');
      out.push_back(c);
    }
    return out;
  }
  if (character_length(escape, 0) != escape.size()) {
    throw SqlError("22025", "invalid escape string", {}, "Escape string must be empty or one character.");
  }
  if (escape == "\\") return std::string(pattern);
  bool after_escape = false;
  for (std::size_t at = 0; at < pattern.size();) {
    const std::size_t length = character_length(pattern, at);
    const std::string_view character = pattern.substr(at, length);
    if (character == escape && !after_escape) {
      out.push_back('\\');
      after_escape = true;
    } else if (character == "\\") {
      out.push_back('\\');
      if (!after_escape) out.push_back('\\');
      after_escape = false;
    } else {
      out.append(character);
      after_escape = false;
    }
    at += length;
  }
  return out;
}

Vector evaluate_like_escape(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) { return like_escape(args[0].texts[i], args[1].texts[i]); });
}

}  // namespace

const FunctionKernel kLikeEscapeKernel{planner::FunctionId::kLikeEscape, evaluate_like_escape};

}  // namespace ptreedb::exec
