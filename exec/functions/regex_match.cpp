// text ~ pattern (!~, ~*, !~*): POSIX extended regular expressions by
// std::regex, each pattern compiled once per chunk.
#include <map>
#include <regex>

#include "exec/functions/function_kernel.h"
#include "storage/large_stack_call.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::exec {
namespace {

// libstdc++'s std::regex compiles by recursion over the pattern's nesting
// and matches by recursion over the text, measured at up to about 120 bytes
// of stack per text byte per pattern byte (`^(a|b)*$` on 20kB of text takes
// 15MB). A call that may need more than the calling thread has left runs on a
// thread with a stack sized for it; beyond kMaxRegexStack it is refused.
constexpr std::size_t kRegexStackPerStep = 256;
constexpr std::size_t kRegexCompileStackPerByte = 1024;
constexpr std::size_t kRegexStackSlack = 256 * 1024;
constexpr std::size_t kMaxRegexStack = std::size_t{16} << 30;

template <class Call>
void with_regex_stack(std::size_t needed, const Call& call) {
  if (needed <= remaining_stack_bytes()) {
    call();
  } else if (needed > kMaxRegexStack) {
    throw_stack_depth_exceeded();
  } else {
    call_with_large_stack(needed, call);
  }
}

// Patterns compile once per chunk (they are nearly always constants).
const std::regex& compiled(std::map<std::string, std::regex, std::less<>>& cache, std::string_view pattern,
                           bool case_insensitive) {
  auto found = cache.find(pattern);
  if (found != cache.end()) return found->second;
  auto flags = std::regex::extended | std::regex::nosubs;
  if (case_insensitive) flags |= std::regex::icase;
  std::regex regex;
  try {
    with_regex_stack(pattern.size() * kRegexCompileStackPerByte + kRegexStackSlack,
                     [&] { regex = std::regex(std::string(pattern), flags); });
  } catch (const std::regex_error& error) {
    throw SqlError("2201B", "invalid regular expression: " + std::string(error.what()));
  }
  return cache.emplace(std::string(pattern), std::move(regex)).first->second;
}

bool regex_found(std::string_view text, const std::regex& pattern, std::size_t pattern_size) {
  bool found = false;
  with_regex_stack((text.size() + 1) * (pattern_size + 1) * kRegexStackPerStep + kRegexStackSlack,
                   [&] { found = std::regex_search(text.begin(), text.end(), pattern); });
  return found;
}

Vector evaluate_regex_match(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  std::map<std::string, std::regex, std::less<>> patterns;
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = args[0].nulls[i] || args[1].nulls[i];
    if (out.nulls[i]) continue;
    const std::regex& pattern = compiled(patterns, args[1].texts[i], expr.case_insensitive);
    bool found = regex_found(args[0].texts[i], pattern, args[1].texts[i].size());
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
