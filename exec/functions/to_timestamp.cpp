// to_timestamp(double precision): seconds since 1970-01-01 UTC as a timestamptz.
#include "exec/functions/function_kernel.h"
#include "storage/value/timestamp_tz.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_to_timestamp(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& seconds = args[0];
  Vector out = new_result(expr.type, input.size);
  out.nulls = seconds.nulls;
  for (std::size_t i = 0; i < input.size; ++i) {
    if (!out.nulls[i]) out.ints[i] = value::timestamptz_from_unix_seconds(seconds.doubles[i]).micros;
  }
  return out;
}

}  // namespace

const FunctionKernel kToTimestampKernel{planner::FunctionId::kToTimestamp, evaluate_to_timestamp};

}  // namespace ptreedb::exec
