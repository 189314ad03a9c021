// regexp_match and regexp_split_to_array as PostgreSQL's regexp.c answers
// them. regexp_match: the first match's groups as text[] (the whole match
// when the pattern has none; an unset group is NULL), NULL without a match;
// the "global" flag is refused (22023), as PostgreSQL refuses it.
// regexp_split_to_array: the text between matches, every match; an empty
// match at the start or end of the text, or right after the previous match,
// splits nothing. Patterns with more than 9 groups are refused (0A000).
#include <optional>
#include <string>
#include <vector>

#include "exec/array_text.h"
#include "exec/functions/function_kernel.h"
#include "exec/functions/pcre2_pattern.h"
#include "exec/functions/text_results.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

RegexFlags flags_without_global(const std::vector<Vector>& args, std::size_t row, const std::string& function,
                                const std::string& hint) {
  return args.size() > 2 ? parse_regex_flags_without_global(args[2].texts[row], function, hint) : RegexFlags{};
}

Vector evaluate_regexp_match(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return text_per_row(expr, args, input.size, [&](std::size_t row) -> std::optional<std::string> {
    const RegexFlags flags = flags_without_global(args, row, "regexp_match", "Use the regexp_matches function instead.");
    const pcre2_code* pattern = patterns.compiled(args[1].texts[row], flags, true);
    const std::string_view text = args[0].texts[row];
    if (Pcre2Patterns::capture_count(pattern) > Pcre2Patterns::kMaxGroups) {
      throw SqlError(sqlstate::kFeatureNotSupported, "regexp_match with more than 9 groups is not supported yet");
    }
    if (!patterns.find(pattern, text, 0)) return std::nullopt;
    return array_text(match_groups(patterns, pattern, text, "regexp_match"));
  });
}

Vector evaluate_regexp_split_to_array(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return text_per_row(expr, args, input.size, [&](std::size_t row) -> std::optional<std::string> {
    const RegexFlags flags = flags_without_global(args, row, "regexp_split_to_array", "");
    const pcre2_code* pattern = patterns.compiled(args[1].texts[row], flags, false);
    std::vector<std::optional<std::string>> pieces;
    for (std::string& piece : regex_split(patterns, pattern, args[0].texts[row])) pieces.emplace_back(std::move(piece));
    return array_text(pieces);
  });
}

}  // namespace

const FunctionKernel kRegexpMatchKernel{planner::FunctionId::kRegexpMatch, evaluate_regexp_match};
const FunctionKernel kRegexpSplitToArrayKernel{planner::FunctionId::kRegexpSplitToArray,
                                               evaluate_regexp_split_to_array};

}  // namespace ptreedb::exec
