// GREATEST and LEAST: per row the largest (smallest) non-NULL argument, NULL
// only when every argument is; every argument is evaluated, as in PostgreSQL.
#include "exec/functions/function_kernel.h"
#include "exec/vector_parts.h"

namespace ptreedb::exec {
namespace {

template <bool kGreatest>
Vector evaluate_extreme(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  // Per row, the argument whose value wins (-1: all NULL so far).
  std::vector<int> winner(input.size, -1);
  for (std::size_t k = 0; k < args.size(); ++k) {
    const Vector& values = args[k];
    for (std::size_t i = 0; i < input.size; ++i) {
      if (values.is_null(i)) continue;
      if (winner[i] < 0) {
        winner[i] = static_cast<int>(k);
        continue;
      }
      int order = compare_elements(values, i, args[static_cast<std::size_t>(winner[i])], i);
      if (kGreatest ? order > 0 : order < 0) winner[i] = static_cast<int>(k);
    }
  }
  Vector out = new_result(expr.type, input.size);
  std::fill(out.nulls.begin(), out.nulls.end(), 1);
  for (std::size_t k = 0; k < args.size(); ++k) {
    std::vector<std::uint32_t> rows;
    for (std::uint32_t i = 0; i < input.size; ++i) {
      if (winner[i] == static_cast<int>(k)) rows.push_back(i);
    }
    if (!rows.empty()) scatter(out, rows, gather(args[k], input.size, rows));
  }
  return out;
}

}  // namespace

const FunctionKernel kGreatestKernel{planner::FunctionId::kGreatest, evaluate_extreme<true>};
const FunctionKernel kLeastKernel{planner::FunctionId::kLeast, evaluate_extreme<false>};

}  // namespace ptreedb::exec
