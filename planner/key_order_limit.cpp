#include "planner/key_order_limit.h"

namespace ptreedb::planner {

namespace {

// Whether `columns` is a prefix of `order`.
bool leads(const std::vector<std::size_t>& columns, const std::vector<std::size_t>& order) {
  if (columns.size() > order.size()) return false;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i] != order[i]) return false;
  }
  return true;
}

}  // namespace

void limit_in_key_order(PlanNode& node) {
  auto* sort = std::get_if<SortNode>(&node.op);
  if (sort == nullptr || !sort->limit || sort->with_ties || sort->keys.empty()) return;
  std::vector<std::size_t> columns;
  const bool descending = sort->keys.front().descending;
  // NULLs sort last in a key's order: last going forwards, first backwards.
  bool nulls_as_walked = true;
  for (const auto& key : sort->keys) {
    if (key.descending != descending) return;
    nulls_as_walked = nulls_as_walked && key.nulls_first == descending;
    columns.push_back(key.output);
  }
  PlanNode* below = sort->input.get();
  while (auto* project = std::get_if<ProjectNode>(&below->op)) {
    for (auto& column : columns) {
      const BoundExpression& expression = project->expressions[column];
      if (expression.kind != ExprKind::kColumn) return;
      column = expression.column;
    }
    below = project->input.get();
  }
  auto* scan = std::get_if<ScanNode>(&below->op);
  if (scan == nullptr || scan->row_positions || scan->sample) return;
  const storage::TableSchema& schema = scan->table->schema();
  const std::vector<std::size_t>& primary_key = schema.primary_key();
  std::optional<std::size_t> walked;
  // Primary key columns are never NULL, so NULLS FIRST/LAST does not matter.
  if (leads(columns, primary_key)) {
    walked = ScanNode::kPrimaryKeyOrder;
  } else if (nulls_as_walked) {
    for (std::size_t i = 0; i < schema.indexes().size() && !walked; ++i) {
      std::vector<std::size_t> order = schema.indexes()[i].columns;
      order.insert(order.end(), primary_key.begin(), primary_key.end());
      if (leads(columns, order)) walked = i;
    }
  }
  if (!walked) return;
  // The scan below may be shared (a correlated subquery's block keeps its
  // input for decorrelation, where the LIMIT is per outer row): the sort
  // gets its own copy to stop early.
  sort->input = clone_plan(sort->input);
  below = sort->input.get();
  while (auto* project = std::get_if<ProjectNode>(&below->op)) below = project->input.get();
  scan = &std::get<ScanNode>(below->op);
  scan->key_order_limit = static_cast<std::size_t>(sort->offset + *sort->limit);
  scan->key_order_index = *walked;
  scan->key_order_descending = descending;
  sort->keys.clear();  // the scan's rows arrive in key order
}

}  // namespace ptreedb::planner
