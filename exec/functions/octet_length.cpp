// octet_length: the value's bytes.
#include "exec/functions/text_results.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_octet_length(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size,
                     [&](std::size_t i) { return static_cast<std::int64_t>(args[0].texts[i].size()); });
}

}  // namespace

const FunctionKernel kOctetLengthKernel{planner::FunctionId::kOctetLength, evaluate_octet_length};

}  // namespace ptreedb::exec
