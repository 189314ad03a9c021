// random(): a draw per row from the session's generator; setseed(x): seeds it
// (22023 outside [-1, 1], as PostgreSQL), per row in order.
#include <cmath>
#include <cstdio>

#include "exec/functions/text_results.h"
#include "storage/random/session_random.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

Vector evaluate_random(const planner::BoundExpression& expr, const Chunk& input) {
  Vector result = new_result(expr.type, input.size);
  for (std::size_t i = 0; i < input.size; ++i) result.doubles[i] = expr.random_source->next_double();
  return result;
}

Vector evaluate_set_seed(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return text_per_row(expr, args, input.size, [&](std::size_t i) {
    const double seed = args[0].doubles[i];
    if (seed < -1 || seed > 1 || std::isnan(seed)) {
      char text[64];
      std::snprintf(text, sizeof text, "%g", seed);
      throw SqlError(sqlstate::kInvalidParameterValue,
                     std::string("setseed parameter ") + text + " is out of allowed range [-1,1]");
    }
    expr.random_source->set_seed(seed);
    return std::string();
  });
}

}  // namespace

const FunctionKernel kRandomKernel{planner::FunctionId::kRandom, evaluate_random};
const FunctionKernel kSetSeedKernel{planner::FunctionId::kSetSeed, evaluate_set_seed};

}  // namespace ptreedb::exec
