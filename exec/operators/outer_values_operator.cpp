// Outer values: a placeholder the decorrelation of a subquery replaces
// before execution; reaching one is an internal error.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode&, const planner::OuterValuesNode&, const Sink&) {
  throw SqlError(sqlstate::kInternalError, "outer values of a subquery were never bound");
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::OuterValuesNode& outer) {
  Labels labels;
  for (std::size_t c : outer.outer_columns) {
    std::string name = "outer.#" + std::to_string(c + 1);
    labels.push_back({name, name});
  }
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::OuterValuesNode&, const NodeLines& at) {
  title(at, "Outer Values", node);
}

}  // namespace ptreedb::exec
