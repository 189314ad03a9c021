// Outer values: a placeholder the decorrelation of a subquery replaces
// before execution; reaching one is an internal error.
#include "exec/plan_executor.h"

#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode&, const planner::OuterValuesNode&, const Sink&) {
  throw SqlError(sqlstate::kInternalError, "outer values of a subquery were never bound");
}

}  // namespace ptreedb::exec
