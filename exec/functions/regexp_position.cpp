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

// The matches of a pattern in a text: per match, `patterns` (begin, end)
// character offsets, -1 for an unset group (setup_regexp_matches).
struct Matches {
  std::vector<std::int64_t> locations;
  std::size_t patterns = 1;
  std::size_t count = 0;
};

Matches find_matches(Pcre2Patterns& cache, std::string_view text, std::string_view pattern_text, std::int64_t start,
                     const RegexFlags& flags, bool subpatterns) {
  const pcre2_code* pattern = cache.compiled(pattern_text, flags.case_insensitive, subpatterns);
  Matches matches;
  const std::uint32_t groups = subpatterns ? Pcre2Patterns::capture_count(pattern) : 0;
  if (groups > 0) matches.patterns = groups;
  // The start character's byte offset (past the end: nothing to find).
  std::size_t search = 0;
  for (std::int64_t c = 1; c < start && search < text.size(); ++c) search += character_length(text, search);
  if (start - 1 > static_cast<std::int64_t>(value::utf8_length(text))) return matches;
  auto characters = [&](PCRE2_SIZE byte) -> std::int64_t {
    return byte == PCRE2_UNSET ? -1 : static_cast<std::int64_t>(value::utf8_length(text.substr(0, byte)));
  };
  while (search <= text.size() && cache.find(pattern, text, search)) {
    const PCRE2_SIZE* offsets = cache.offsets();
    const std::size_t begin = offsets[0], end = offsets[1];
    for (std::size_t g = groups > 0 ? 1 : 0; g <= groups; ++g) {
      const bool unset = offsets[2 * g] == PCRE2_UNSET;
      matches.locations.push_back(unset ? -1 : characters(offsets[2 * g]));
      matches.locations.push_back(unset ? -1 : characters(offsets[2 * g + 1]));
    }
    ++matches.count;
    search = end;
    if (begin == end) search += search < text.size() ? character_length(text, search) : 1;
  }
  return matches;
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

// The (begin, end) pair of occurrence `n`'s subexpression, or nullopt when
// there is no such occurrence or subexpression.
std::optional<std::size_t> location_index(const Matches& matches, std::int64_t n, std::int64_t subexpression) {
  if (n > static_cast<std::int64_t>(matches.count)) return std::nullopt;
  if (subexpression > static_cast<std::int64_t>(matches.patterns)) return std::nullopt;
  std::size_t at = static_cast<std::size_t>(n - 1) * matches.patterns;
  if (subexpression > 0) at += static_cast<std::size_t>(subexpression - 1);
  return at * 2;
}

Vector evaluate_regexp_count(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return int_per_row(expr, args, input.size, [&](std::size_t row) -> std::int64_t {
    const std::int64_t start = checked_start(args, row);
    const RegexFlags flags = flags_at(args, 3, row, "regexp_count");
    return static_cast<std::int64_t>(
        find_matches(patterns, args[0].texts[row], args[1].texts[row], start, flags, false).count);
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
    const Matches matches =
        find_matches(patterns, args[0].texts[row], args[1].texts[row], start, flags, subexpression > 0);
    const std::optional<std::size_t> at = location_index(matches, n, subexpression);
    if (!at) return 0;
    const std::int64_t location = matches.locations[*at + static_cast<std::size_t>(end_option)];
    return location >= 0 ? location + 1 : 0;
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
    const Matches matches = find_matches(patterns, text, args[1].texts[row], start, flags, subexpression > 0);
    const std::optional<std::size_t> at = location_index(matches, n, subexpression);
    if (!at) return std::nullopt;
    const std::int64_t begin = matches.locations[*at], end = matches.locations[*at + 1];
    if (begin < 0 || end < 0) return std::nullopt;
    // Character offsets back to bytes.
    std::size_t first = 0;
    for (std::int64_t c = 0; c < begin; ++c) first += character_length(text, first);
    std::size_t last = first;
    for (std::int64_t c = begin; c < end; ++c) last += character_length(text, last);
    return std::string(text.substr(first, last - first));
  });
}

Vector evaluate_regexp_like(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return int_per_row(expr, args, input.size, [&](std::size_t row) -> std::int64_t {
    const RegexFlags flags = flags_at(args, 2, row, "regexp_like");
    const pcre2_code* pattern = patterns.compiled(args[1].texts[row], flags.case_insensitive, false);
    return patterns.find(pattern, args[0].texts[row], 0) ? 1 : 0;
  });
}

}  // namespace

const FunctionKernel kRegexpCountKernel{planner::FunctionId::kRegexpCount, evaluate_regexp_count};
const FunctionKernel kRegexpInstrKernel{planner::FunctionId::kRegexpInstr, evaluate_regexp_instr};
const FunctionKernel kRegexpSubstrKernel{planner::FunctionId::kRegexpSubstr, evaluate_regexp_substr};
const FunctionKernel kRegexpLikeKernel{planner::FunctionId::kRegexpLike, evaluate_regexp_like};

}  // namespace ptreedb::exec
