// Function scan: a set-returning function in FROM, called for each input
// row (exec/table_function_rows), in the pipeline of its input.
#include "exec/plan_executor.h"

#include <utility>

#include "exec/evaluate.h"
#include "exec/table_function_rows.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode&, const planner::FunctionScanNode& function, const Sink& sink) {
  std::vector<BoundExpression> args = prepare(function.call.args);
  stream(*function.input, [&](Chunk&& chunk, std::size_t partition) {
    std::vector<Vector> values;
    values.reserve(args.size());
    for (const auto& arg : args) values.push_back(evaluate(arg, chunk));
    // Rows of one input chunk stay in order within its partition.
    expand_table_function(function, chunk, values, interrupt_,
                          [&](Chunk&& out) { sink(std::move(out), partition); });
  });
}

}  // namespace ptreedb::exec
