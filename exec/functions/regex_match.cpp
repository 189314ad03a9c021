// text ~ pattern (!~, ~*, !~*): regular expressions by PCRE2, each pattern
// compiled once per chunk. A boolean match only asks whether a match
// exists, so PCRE2's first-match rule answers as PostgreSQL's longest-match
// engine does; its syntax covers PostgreSQL's advanced regular expressions
// (bracket classes, \d \w \s, non-greedy quantifiers, lookahead).
//
// PCRE2 backtracks on the heap, not the stack, and a match is bounded:
// past kMatchLimit backtracking steps (about a tenth of a second) or
// kHeapLimitKiB of backtracking memory (`^(a|b)*$` over 400 kB of text needs
// over 64 MiB) it stops with 2201B "regular expression is too complex"
// (which PostgreSQL also raises for patterns its engine cannot bound), so no
// pattern holds a session for long, however it nests.
#include <map>
#include <memory>
#include <string>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "exec/functions/function_kernel.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

constexpr std::uint32_t kMatchLimit = 10'000'000;
constexpr std::uint32_t kHeapLimitKiB = 256 * 1024;

struct CodeDeleter {
  void operator()(pcre2_code* code) const { pcre2_code_free(code); }
};
struct MatchDataDeleter {
  void operator()(pcre2_match_data* data) const { pcre2_match_data_free(data); }
};
struct MatchContextDeleter {
  void operator()(pcre2_match_context* context) const { pcre2_match_context_free(context); }
};
using Code = std::unique_ptr<pcre2_code, CodeDeleter>;

std::string pcre2_message(int code) {
  PCRE2_UCHAR buffer[256];
  int length = pcre2_get_error_message(code, buffer, sizeof(buffer));
  return length < 0 ? "error " + std::to_string(code) : std::string(reinterpret_cast<const char*>(buffer), length);
}

// Patterns compile once per chunk (they are nearly always constants).
const pcre2_code* compiled(std::map<std::string, Code, std::less<>>& cache, std::string_view pattern,
                           bool case_insensitive) {
  auto found = cache.find(pattern);
  if (found != cache.end()) return found->second.get();
  // Text reaching here is valid UTF-8 (checked where it enters the server).
  std::uint32_t options = PCRE2_UTF | PCRE2_NO_UTF_CHECK | PCRE2_DOLLAR_ENDONLY;
  // Groups need not capture for a yes/no answer unless a back reference
  // (\1 ... \9) reads one; capturing groups make each backtracking frame
  // larger (`^(a|b)*$` over 400 kB of text fits the heap limit only without).
  bool back_reference = false;
  for (std::size_t i = 0; i + 1 < pattern.size(); ++i) {
    if (pattern[i] == '\\') {
      back_reference = back_reference || (pattern[i + 1] >= '1' && pattern[i + 1] <= '9');
      ++i;
    }
  }
  if (!back_reference) options |= PCRE2_NO_AUTO_CAPTURE;
  if (case_insensitive) options |= PCRE2_CASELESS;
  int error = 0;
  PCRE2_SIZE offset = 0;
  Code code(pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(), options, &error, &offset,
                          nullptr));
  if (!code) throw SqlError("2201B", "invalid regular expression: " + pcre2_message(error));
  return cache.emplace(std::string(pattern), std::move(code)).first->second.get();
}

bool regex_found(std::string_view text, const pcre2_code* pattern, pcre2_match_data* data,
                 pcre2_match_context* context) {
  int result = pcre2_match(pattern, reinterpret_cast<PCRE2_SPTR>(text.data()), text.size(), 0, PCRE2_NO_UTF_CHECK,
                           data, context);
  if (result >= 0) return true;
  if (result == PCRE2_ERROR_NOMATCH) return false;
  if (result == PCRE2_ERROR_MATCHLIMIT || result == PCRE2_ERROR_HEAPLIMIT || result == PCRE2_ERROR_DEPTHLIMIT ||
      result == PCRE2_ERROR_NOMEMORY) {
    throw SqlError("2201B", "invalid regular expression: regular expression is too complex");
  }
  throw SqlError("2201B", "invalid regular expression: " + pcre2_message(result));
}

Vector evaluate_regex_match(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  std::map<std::string, Code, std::less<>> patterns;
  std::unique_ptr<pcre2_match_context, MatchContextDeleter> context(pcre2_match_context_create(nullptr));
  std::unique_ptr<pcre2_match_data, MatchDataDeleter> data(pcre2_match_data_create(1, nullptr));
  if (!context || !data) throw std::bad_alloc();
  pcre2_set_match_limit(context.get(), kMatchLimit);
  pcre2_set_heap_limit(context.get(), kHeapLimitKiB);
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = args[0].nulls[i] || args[1].nulls[i];
    if (out.nulls[i]) continue;
    const pcre2_code* pattern = compiled(patterns, args[1].texts[i], expr.case_insensitive);
    bool found = regex_found(args[0].texts[i], pattern, data.get(), context.get());
    out.ints[i] = found != expr.negated ? 1 : 0;
  }
  return out;
}

std::string explain_regex_match(const planner::BoundExpression& expr, const ExpressionPrinter& printer) {
  std::string out = "(";
  out += printer.text(expr.args[0]);
  out += expr.negated ? " !~" : " ~";
  out += expr.case_insensitive ? "* " : " ";
  out += printer.text(expr.args[1]);
  return out + ")";
}

}  // namespace

const FunctionKernel kRegexMatchKernel{planner::FunctionId::kRegexMatch, evaluate_regex_match, explain_regex_match};

}  // namespace ptreedb::exec
