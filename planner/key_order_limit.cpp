#include "planner/key_order_limit.h"

namespace ptreedb::planner {

void limit_in_key_order(PlanNode& node) {
  auto* sort = std::get_if<SortNode>(&node.op);
  if (sort == nullptr || !sort->limit || sort->keys.empty()) return;
  std::vector<std::size_t> columns;
  for (const auto& key : sort->keys) {
    if (key.descending) return;  // primary key columns are never NULL, so NULLS FIRST/LAST does not matter
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
  if (scan == nullptr || scan->row_positions) return;
  const std::vector<std::size_t>& key = scan->table->schema().primary_key();
  if (columns.size() > key.size()) return;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (columns[i] != key[i]) return;
  }
  scan->key_order_limit = static_cast<std::size_t>(sort->offset + *sort->limit);
  sort->keys.clear();  // the scan's rows arrive in key order
}

}  // namespace ptreedb::planner
