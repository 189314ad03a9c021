#include "exec/select_executor.h"

#include "exec/plan_executor.h"

namespace ptreedb::exec {

std::vector<Chunk> run_select(const planner::SelectPlan& plan) {
  PlanExecutor executor;
  return executor.collect(*plan.root);
}

}  // namespace ptreedb::exec
