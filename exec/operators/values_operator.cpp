// Values: constant rows (VALUES, or the one empty row of a FROM-less SELECT),
// evaluated once and emitted as one chunk.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <utility>

#include "exec/evaluate.h"

namespace ptreedb::exec {

using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode& node, const planner::ValuesNode& values, const Sink& sink) {
  Chunk chunk;
  chunk.size = values.rows.size();
  for (const auto& type : node.types) chunk.columns.emplace_back(type);
  Chunk one_row;
  one_row.size = 1;
  for (const auto& row : values.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      Vector value = evaluate(prepare(row[c]), one_row);
      chunk.columns[c].append_from(value, 0);
      for (const auto& owner : value.text_owners) chunk.columns[c].text_owners.push_back(owner);
    }
  }
  sink(std::move(chunk), 0);
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode& node, const planner::ValuesNode&) {
  Labels labels;
  for (std::size_t c = 0; c < node.types.size(); ++c) {
    std::string name = "column" + std::to_string(c + 1);
    labels.push_back({name, "\"*VALUES*\"." + name});
  }
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::ValuesNode& values, const NodeLines& at) {
  bool result = values.rows.size() == 1 && node.types.empty();
  title(at, result ? "Result" : "Values Scan on \"*VALUES*\"", node);
  Labels none;
  for (const auto& row : values.rows) {
    for (const auto& value : row) shown(value, none, false);  // finds subqueries
  }
  print_subqueries(at.details);
}

}  // namespace ptreedb::exec
