// text ~ pattern (!~, ~*, !~*): regular expressions by PCRE2
// (exec/functions/pcre2_pattern.h), each pattern compiled once per chunk. A
// boolean match only asks whether a match exists, so PCRE2's first-match
// rule answers as PostgreSQL's longest-match engine does; its syntax covers
// PostgreSQL's advanced regular expressions (bracket classes, \d \w \s,
// non-greedy quantifiers, lookahead).
#include "exec/functions/function_kernel.h"
#include "exec/functions/pcre2_pattern.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_regex_match(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  Pcre2Patterns patterns;
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = args[0].nulls[i] || args[1].nulls[i];
    if (out.nulls[i]) continue;
    const pcre2_code* pattern = patterns.compiled(args[1].texts[i], expr.case_insensitive, false);
    bool found = patterns.find(pattern, args[0].texts[i], 0);
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
