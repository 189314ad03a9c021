#include "exec/select_executor.h"

#include "exec/plan_executor.h"

namespace ptreedb::exec {

std::vector<Chunk> run_select(const planner::SelectPlan& plan) {
  PlanExecutor executor;
  return executor.collect(*plan.root);
}

std::size_t run_select(const planner::SelectPlan& plan, RowSink& sink) {
  PlanExecutor executor;
  return executor.stream_in_order(*plan.root, sink);
}

}  // namespace ptreedb::exec
