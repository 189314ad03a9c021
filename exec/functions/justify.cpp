// justify_hours, justify_days and justify_interval (storage/value/interval.h):
// 22008 "interval out of range" as PostgreSQL when a field overflows.
#include "exec/functions/function_kernel.h"
#include "storage/value/interval.h"

namespace ptreedb::exec {
namespace {

template <value::Interval (*Justify)(value::Interval)>
Vector evaluate_justify(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = args[0].nulls[i];
    if (!out.nulls[i]) out.intervals[i] = Justify(args[0].intervals[i]);
  }
  return out;
}

}  // namespace

const FunctionKernel kJustifyHoursKernel{planner::FunctionId::kJustifyHours, evaluate_justify<value::justify_hours>};
const FunctionKernel kJustifyDaysKernel{planner::FunctionId::kJustifyDays, evaluate_justify<value::justify_days>};
const FunctionKernel kJustifyIntervalKernel{planner::FunctionId::kJustifyInterval,
                                            evaluate_justify<value::justify_interval>};

}  // namespace ptreedb::exec
