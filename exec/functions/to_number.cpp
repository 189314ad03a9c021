// to_number(text, format): NULL for an empty format, as in PostgreSQL.
#include "exec/functions/function_kernel.h"
#include "storage/value/number_from_template.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_to_number(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = args[0].nulls[i] || args[1].nulls[i] ? 1 : 0;
    if (out.nulls[i]) continue;
    const std::optional<value::Decimal> number = value::to_number_from_template(args[0].texts[i], args[1].texts[i]);
    if (number) {
      out.decimals[i] = *number;
    } else {
      out.nulls[i] = 1;
    }
  }
  return out;
}

}  // namespace

const FunctionKernel kToNumberKernel{planner::FunctionId::kToNumber, evaluate_to_number};

}  // namespace ptreedb::exec
