// concat and concat_ws: the arguments' text forms, NULL arguments skipped;
// concat_ws is NULL when its separator is.
#include "exec/evaluate.h"
#include "exec/functions/text_results.h"

namespace ptreedb::exec {
namespace {

Vector concatenate(const planner::BoundExpression& expr, const Chunk& input, bool with_separator) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const std::size_t first = with_separator ? 1 : 0;
  // Only the separator makes the result NULL.
  std::vector<Vector> strict_args;
  if (with_separator) strict_args.push_back(args[0]);
  return text_per_row(expr, strict_args, input.size, [&](std::size_t i) {
    std::string out;
    bool any = false;
    for (std::size_t a = first; a < args.size(); ++a) {
      if (args[a].nulls[i]) continue;
      if (with_separator && any) out += args[0].texts[i];
      append_text(out, args[a], i);
      any = true;
    }
    return out;
  });
}

Vector evaluate_concat(const planner::BoundExpression& expr, const Chunk& input) {
  return concatenate(expr, input, false);
}

Vector evaluate_concat_ws(const planner::BoundExpression& expr, const Chunk& input) {
  return concatenate(expr, input, true);
}

}  // namespace

const FunctionKernel kConcatKernel{planner::FunctionId::kConcat, evaluate_concat};
const FunctionKernel kConcatWsKernel{planner::FunctionId::kConcatWs, evaluate_concat_ws};

}  // namespace ptreedb::exec
