// Values: constant rows (VALUES, or the one empty row of a FROM-less SELECT),
// evaluated once and emitted as one chunk.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <utility>
#include <vector>

#include "exec/evaluate.h"

namespace ptreedb::exec {

using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode& node, const planner::ValuesNode& values, const Sink& sink) {
  Chunk chunk;
  chunk.size = values.rows.size();
  for (const auto& type : node.types) chunk.columns.emplace_back(type);
  Chunk one_row;
  one_row.size = 1;
  auto add = [&](std::size_t c, const planner::BoundExpression& expr) {
    Vector value = evaluate(prepare(expr), one_row);
    chunk.columns[c].append_from(value, 0);
    for (const auto& owner : value.text_owners) chunk.columns[c].text_owners.push_back(owner);
  };
  // Columns drawing from a sequence (or another volatile call: an INSERT's
  // serial DEFAULTs) come last: PostgreSQL's planner folds the other values
  // first, so a constant out of range fails the statement before any default
  // draws a number. Those columns keep PostgreSQL's row by row order.
  const std::size_t width = node.types.size();
  std::vector<bool> volatile_column(width, false);
  for (const auto& row : values.rows) {
    for (std::size_t c = 0; c < row.size() && c < width; ++c) {
      if (!volatile_column[c] && planner::contains_volatile_call(row[c])) volatile_column[c] = true;
    }
  }
  for (std::size_t c = 0; c < width; ++c) {
    if (volatile_column[c]) continue;
    for (const auto& row : values.rows) add(c, row[c]);
  }
  for (const auto& row : values.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (volatile_column[c]) add(c, row[c]);
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
