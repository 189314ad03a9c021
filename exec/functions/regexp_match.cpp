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
  RegexFlags flags = args.size() > 2 ? parse_regex_flags(args[2].texts[row]) : RegexFlags{};
  if (flags.global) {
    throw SqlError(sqlstate::kInvalidParameterValue, function + "() does not support the \"global\" option", {},
                   hint);
  }
  return flags;
}

Vector evaluate_regexp_match(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return text_per_row(expr, args, input.size, [&](std::size_t row) -> std::optional<std::string> {
    const RegexFlags flags = flags_without_global(args, row, "regexp_match", "Use the regexp_matches function instead.");
    const pcre2_code* pattern = patterns.compiled(args[1].texts[row], flags.case_insensitive, true);
    const std::uint32_t groups = Pcre2Patterns::capture_count(pattern);
    if (groups > Pcre2Patterns::kMaxGroups) {
      throw SqlError(sqlstate::kFeatureNotSupported, "regexp_match with more than 9 groups is not supported yet");
    }
    const std::string_view text = args[0].texts[row];
    if (!patterns.find(pattern, text, 0)) return std::nullopt;
    const PCRE2_SIZE* offsets = patterns.offsets();
    std::vector<std::optional<std::string>> elements;
    for (std::uint32_t g = groups == 0 ? 0 : 1; g <= groups; ++g) {
      if (offsets[2 * g] == PCRE2_UNSET) {
        elements.emplace_back();
      } else {
        elements.emplace_back(std::string(text.substr(offsets[2 * g], offsets[2 * g + 1] - offsets[2 * g])));
      }
    }
    return array_text(elements);
  });
}

Vector evaluate_regexp_split_to_array(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return text_per_row(expr, args, input.size, [&](std::size_t row) -> std::optional<std::string> {
    const RegexFlags flags = flags_without_global(args, row, "regexp_split_to_array", "");
    const pcre2_code* pattern = patterns.compiled(args[1].texts[row], flags.case_insensitive, false);
    const std::string_view text = args[0].texts[row];
    std::vector<std::optional<std::string>> pieces;
    std::size_t piece_start = 0, previous_end = 0, search = 0;
    while (search <= text.size() && patterns.find(pattern, text, search)) {
      const PCRE2_SIZE* offsets = patterns.offsets();
      const std::size_t begin = offsets[0], end = offsets[1];
      if (begin < text.size() && end > previous_end) {  // not a degenerate match
        pieces.emplace_back(std::string(text.substr(piece_start, begin - piece_start)));
        piece_start = end;
      }
      previous_end = end;
      search = end;
      if (begin == end) search += search < text.size() ? character_length(text, search) : 1;
    }
    pieces.emplace_back(std::string(text.substr(piece_start)));
    return array_text(pieces);
  });
}

}  // namespace

const FunctionKernel kRegexpMatchKernel{planner::FunctionId::kRegexpMatch, evaluate_regexp_match};
const FunctionKernel kRegexpSplitToArrayKernel{planner::FunctionId::kRegexpSplitToArray,
                                               evaluate_regexp_split_to_array};

}  // namespace ptreedb::exec
