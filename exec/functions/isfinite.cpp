// isfinite: dates and timestamps other than +/-infinity; intervals always.
#include <limits>

#include "exec/functions/function_kernel.h"
#include "exec/functions/text_results.h"
#include "storage/value/date_time.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_isfinite(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const value::TypeId type = args[0].type.id;
  return int_per_row(expr, args, input.size, [&](std::size_t i) -> std::int64_t {
    if (type == value::TypeId::kInterval) return 1;
    if (type == value::TypeId::kDate) {
      return value::Date{static_cast<std::int32_t>(args[0].ints[i])}.is_finite() ? 1 : 0;
    }
    return value::Timestamp{args[0].ints[i]}.is_finite() ? 1 : 0;  // timestamptz's infinities are the same
  });
}

}  // namespace

const FunctionKernel kIsFiniteKernel{planner::FunctionId::kIsFinite, evaluate_isfinite};

}  // namespace ptreedb::exec
