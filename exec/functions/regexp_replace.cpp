// regexp_replace(source, pattern, replacement [, flags]) as PostgreSQL's
// replace_text_regexp: the first match replaced, or every one with flag g
// (an empty match advances one character); in the replacement \1 .. \9 are
// the groups (empty when unset), \& the match, \\ a backslash, and a
// backslash before anything else stays. Flags g, i, c (the last of i and c
// wins), s and t (the defaults); the newline-sensitive and syntax flags
// (n, m, p, w, x, q, b, e) are refused with 0A000, other letters 22023.
#include "exec/functions/pcre2_pattern.h"
#include "exec/functions/text_results.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

void append_replacement(std::string& out, std::string_view replacement, std::string_view text,
                        const PCRE2_SIZE* offsets, std::uint32_t groups) {
  for (std::size_t i = 0; i < replacement.size(); ++i) {
    const char c = replacement[i];
    if (c != '\\') {
      out += c;
      continue;
    }
    if (i + 1 == replacement.size()) {
      out += '\\';
      break;
    }
    const char next = replacement[i + 1];
    std::size_t group;
    if (next >= '1' && next <= '9') {
      group = static_cast<std::size_t>(next - '0');
    } else if (next == '&') {
      group = 0;
    } else if (next == '\\') {
      out += '\\';
      ++i;
      continue;
    } else {
      out += '\\';
      continue;
    }
    ++i;
    if (group < groups && offsets[2 * group] != PCRE2_UNSET) {
      out.append(text.substr(offsets[2 * group], offsets[2 * group + 1] - offsets[2 * group]));
    }
  }
}

Vector evaluate_regexp_replace(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Pcre2Patterns patterns;
  return text_per_row(expr, args, input.size, [&](std::size_t row) {
    const std::string_view text = args[0].texts[row], replacement = args[2].texts[row];
    const RegexFlags flags = args.size() > 3 ? parse_regex_flags(args[3].texts[row]) : RegexFlags{};
    const pcre2_code* pattern =
        patterns.compiled(args[1].texts[row], flags, names_a_group(replacement));
    std::string out;
    std::size_t copied = 0, search = 0;
    while (search <= text.size() && patterns.find(pattern, text, search)) {
      const PCRE2_SIZE* offsets = patterns.offsets();
      const std::size_t begin = offsets[0], end = offsets[1];
      out.append(text.substr(copied, begin - copied));
      append_replacement(out, replacement, text, offsets, patterns.group_count());
      copied = end;
      if (!flags.global) break;
      search = end;
      if (begin == end) search += search < text.size() ? character_length(text, search) : 1;
    }
    out.append(text.substr(copied));
    return out;
  });
}

}  // namespace

const FunctionKernel kRegexpReplaceKernel{planner::FunctionId::kRegexpReplace, evaluate_regexp_replace};

}  // namespace ptreedb::exec
