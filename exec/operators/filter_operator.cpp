// Filter: keeps the rows of each input chunk where the predicate is true
// (exec/selection_filter), in the pipeline of its input.
#include "exec/plan_executor.h"

#include <utility>

#include "exec/selection_filter.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode&, const planner::FilterNode& filter, const Sink& sink) {
  BoundExpression predicate = prepare(filter.predicate);
  stream(*filter.input, [&](Chunk&& chunk, std::size_t partition) {
    filter_chunk(chunk, predicate);
    if (chunk.size > 0) sink(std::move(chunk), partition);
  });
}

}  // namespace ptreedb::exec
