// WorkTable Scan: inside a recursive term, the rows the enclosing Recursive
// Union's previous round added (recursive_union_operator.cpp).
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode&, const planner::WorkTableScanNode& scan, const Sink& sink) {
  const std::vector<Chunk>* rows = nullptr;
  {
    std::lock_guard lock(recursion_mutex_);
    auto found = work_tables_.find(scan.work_table);
    if (found != work_tables_.end()) rows = found->second;
  }
  if (rows == nullptr) throw SqlError(sqlstate::kInternalError, "work table of \"" + scan.name + "\" is not ready");
  // The union keeps its rows for the next round's duplicates and its output: copies go on.
  std::size_t partition = 0;
  for (const auto& chunk : *rows) {
    Chunk copy = chunk;
    sink(std::move(copy), partition++);
  }
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::WorkTableScanNode& scan) {
  Labels labels;
  for (const auto& column : scan.columns) labels.push_back({column, scan.alias + "." + column});
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::WorkTableScanNode& scan, const NodeLines& at) {
  std::string relation = scan.name;
  if (!scan.alias.empty() && scan.alias != relation) relation += " " + scan.alias;
  title(at, "WorkTable Scan on " + relation, node);
}

}  // namespace ptreedb::exec
