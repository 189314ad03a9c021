// COALESCE evaluates each argument only on the rows still NULL, so an
// argument's errors count only where PostgreSQL would reach it.
#include "exec/evaluate.h"
#include "exec/functions/function_kernel.h"
#include "exec/selection_filter.h"
#include "exec/vector_parts.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_coalesce(const planner::BoundExpression& expr, const Chunk& input) {
  Vector out = new_result(expr.type, input.size);
  std::fill(out.nulls.begin(), out.nulls.end(), 1);
  std::vector<std::uint32_t> remaining(input.size);
  for (std::uint32_t i = 0; i < input.size; ++i) remaining[i] = i;
  for (const auto& arg : expr.args) {
    if (remaining.empty()) break;
    Vector values = evaluate(arg, rows_for(arg, input, remaining));
    scatter(out, remaining, values);
    std::vector<std::uint32_t> still_null;
    for (std::size_t i = 0; i < remaining.size(); ++i) {
      if (values.nulls[i]) still_null.push_back(remaining[i]);
    }
    remaining = std::move(still_null);
  }
  return out;
}

}  // namespace

const FunctionKernel kCoalesceKernel{planner::FunctionId::kCoalesce, evaluate_coalesce};

}  // namespace ptreedb::exec
