// CTE Scan: the rows a data-modifying WITH query returned, which the
// statement kept before running what reads them (exec/modifying_with.cpp).
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include "exec/modifying_with.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode&, const planner::CteScanNode& scan, const Sink& sink) {
  const std::vector<Chunk>* rows = returned_rows_of(*scan.slot);
  if (rows == nullptr) throw SqlError(sqlstate::kInternalError, "WITH query \"" + scan.name + "\" has not run");
  // Every reader gets its own copies: the rows stay for the statement's other scans.
  std::size_t partition = 0;
  for (const auto& chunk : *rows) {
    Chunk copy = chunk;
    sink(std::move(copy), partition++);
  }
}

// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::CteScanNode& scan) {
  Labels labels;
  for (const auto& column : scan.columns) labels.push_back({column, scan.alias + "." + column});
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::CteScanNode& scan, const NodeLines& at) {
  std::string relation = scan.name;
  if (!scan.alias.empty() && scan.alias != relation) relation += " " + scan.alias;
  title(at, "CTE Scan on " + relation, node);
}

}  // namespace ptreedb::exec
