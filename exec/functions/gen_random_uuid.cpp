// gen_random_uuid(): a new version 4 uuid per row.
#include "exec/functions/text_results.h"
#include "storage/value/uuid.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_gen_random_uuid(const planner::BoundExpression& expr, const Chunk& input) {
  return text_per_row(expr, {}, input.size, [](std::size_t) { return value::random_uuid(); });
}

}  // namespace

const FunctionKernel kGenRandomUuidKernel{planner::FunctionId::kGenRandomUuid, evaluate_gen_random_uuid};

}  // namespace ptreedb::exec
