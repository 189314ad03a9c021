// regexp_count, regexp_instr, regexp_substr and regexp_like as PostgreSQL
// 15's regexp.c answers them: every match from the start position on (an
// empty match moves the search on by one character), positions and the
// start counted in characters; an occurrence or subexpression past the last
// answers 0 (instr) or NULL (substr). The "global" flag is refused (22023),
// as are a start or occurrence below 1, an endoption other than 0 or 1 and a
// negative subexpression.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "exec/functions/function_kernel.h"
#include "exec/functions/pcre2_pattern.h"
#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/character.h"

namespace ptreedb::exec {
namespace {

[[noreturn]] void invalid_parameter(const char* parameter, std::int64_t value) {
  throw SqlError(sqlstate::kInvalidParameterValue,
                 std::string("invalid value for parameter \"") + parameter + "\": " + std::to_string(value));
}

// The n-th match's (begin, end) byte offsets, PCRE2_UNSET for an unset
// group: of each group when `subpatterns` and the pattern has groups, else
// of the whole match; nullopt with fewer matches.
std::optional<std::vector<PCRE2_SIZE>> nth_match(Pcre2Patterns& cache, std::string_view text,
                                                 std::string_view pattern_text, std::int64_t start,
                                                 const RegexFlags& flags, bool subpatterns, std::int64_t n) {
  const pcre2_code* pattern = cache.compiled(pattern_text, flags, subpatterns);
  const std::uint32_t groups = subpatterns ? Pcre2Patterns::capture_count(pattern) : 0;
  std::optional<std::vector<PCRE2_SIZE>> found;
  std::int64_t seen = 0;
  for_each_match(cache, pattern, text, start, [&](const PCRE2_SIZE* offsets) {
    if (++seen < n) return true;
    found.emplace();
    for (std::size_t g = groups > 0 ? 1 : 0; g <= groups; ++g) {
      found->push_back(offsets[2 * g]);
      found->push_back(offsets[2 * g + 1]);
    }
    return false;
  });
  return found;
}

RegexFlags flags_at(const std::vector<Vector>& args, std::size_t argument, std::size_t row, const char* function) {
  RegexFlags flags = args.size() > argument ? parse_regex_flags(args[argument].texts[row]) : RegexFlags{};
  if (flags.global) {
    throw SqlError(sqlstate::kInvalidParameterValue,
                   std::string(function) + "() does not support the \"global\" option");
  }
  return flags;
}

std::int64_t integer_at(const std::vector<Vector>& args, std::size_t argument, std::size_t row, std::int64_t absent) {
  return args.size() > argument ? args[argument].ints[row] : absent;
}

std::int64_t checked_start(const std::vector<Vector>& args, std::size_t row) {
  const std::int64_t start = integer_at(args, 2, row, 1);
  if (start <= 0) invalid_parameter("start", start);
  return start;
}

std::int64_t checked_occurrence(const std::vector<Vector>& args, std::size_t row) {
  const std::int64_t n = integer_at(args, 3, row, 1);
  if (n <= 0) invalid_parameter("n", n);
  return n;
}

std::int64_t checked_subexpression(const std::vector<Vector>& args, std::size_t argument, std::size_t row) {
  const std::int64_t subexpression = integer_at(args, argument, row, 0);
  if (subexpression < 0) invalid_parameter("subexpr", subexpression);
  return subexpression;
}

// Where subexpression `subexpression` (0: the match) of `match` lies in it,
// or nullopt past its groups (a pattern without groups counts as one).
std::optional<std::size_t> subexpression_index(const std::vector<PCRE2_SIZE>& match, std::int64_t subexpression) {
  const auto patterns = static_cast<std::int64_t>(match.size() / 2);
  if (subexpression > patterns) return std::nullopt;
  return static_cast<std::size_t>(subexpression > 0 ? subexpression - 1 : 0) * 2;
}

Vector evaluate_regexp_count(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return int_per_row(expr, args, input.size, [&](std::size_t row) -> std::int64_t {
    const std::int64_t start = checked_start(args, row);
    const RegexFlags flags = flags_at(args, 3, row, "regexp_count");
    const pcre2_code* pattern = patterns.compiled(args[1].texts[row], flags, false);
    std::int64_t count = 0;
    for_each_match(patterns, pattern, args[0].texts[row], start, [&](const PCRE2_SIZE*) { return ++count > 0; });
    return count;
  });
}

Vector evaluate_regexp_instr(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return int_per_row(expr, args, input.size, [&](std::size_t row) -> std::int64_t {
    const std::int64_t start = checked_start(args, row);
    const std::int64_t n = checked_occurrence(args, row);
    const std::int64_t end_option = integer_at(args, 4, row, 0);
    if (end_option != 0 && end_option != 1) invalid_parameter("endoption", end_option);
    const std::int64_t subexpression = checked_subexpression(args, 6, row);
    const RegexFlags flags = flags_at(args, 5, row, "regexp_instr");
    const std::string_view text = args[0].texts[row];
    const auto match = nth_match(patterns, text, args[1].texts[row], start, flags, subexpression > 0, n);
    if (!match) return 0;
    const std::optional<std::size_t> at = subexpression_index(*match, subexpression);
    if (!at) return 0;
    const PCRE2_SIZE byte = (*match)[*at + static_cast<std::size_t>(end_option)];
    if (byte == PCRE2_UNSET) return 0;  // an unset group: no position
    return static_cast<std::int64_t>(value::utf8_length(text.substr(0, byte))) + 1;
  });
}

Vector evaluate_regexp_substr(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return text_per_row(expr, args, input.size, [&](std::size_t row) -> std::optional<std::string> {
    const std::int64_t start = checked_start(args, row);
    const std::int64_t n = checked_occurrence(args, row);
    const std::int64_t subexpression = checked_subexpression(args, 5, row);
    const RegexFlags flags = flags_at(args, 4, row, "regexp_substr");
    const std::string_view text = args[0].texts[row];
    const auto match = nth_match(patterns, text, args[1].texts[row], start, flags, subexpression > 0, n);
    if (!match) return std::nullopt;
    const std::optional<std::size_t> at = subexpression_index(*match, subexpression);
    if (!at || (*match)[*at] == PCRE2_UNSET) return std::nullopt;
    return std::string(text.substr((*match)[*at], (*match)[*at + 1] - (*match)[*at]));
  });
}

Vector evaluate_regexp_like(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return int_per_row(expr, args, input.size, [&](std::size_t row) -> std::int64_t {
    const RegexFlags flags = flags_at(args, 2, row, "regexp_like");
    const pcre2_code* pattern = patterns.compiled(args[1].texts[row], flags, false);
    return patterns.find(pattern, args[0].texts[row], 0) ? 1 : 0;
  });
}

}  // namespace

const FunctionKernel kRegexpCountKernel{planner::FunctionId::kRegexpCount, evaluate_regexp_count};
const FunctionKernel kRegexpInstrKernel{planner::FunctionId::kRegexpInstr, evaluate_regexp_instr};
const FunctionKernel kRegexpSubstrKernel{planner::FunctionId::kRegexpSubstr, evaluate_regexp_substr};
const FunctionKernel kRegexpLikeKernel{planner::FunctionId::kRegexpLike, evaluate_regexp_like};

}  // namespace ptreedb::exec
