// Window functions of a query block: the calls of the select list and ORDER
// BY (after grouping, over the group rows) computed by one WindowNode.
#include "planner/query_block_planner.h"

#include <functional>

#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner::block_planning {

void reject_window_calls(const BoundExpression& expr, const char* where) {
  if (expr.contains(ExprKind::kWindow)) {
    throw SqlError("42P20", std::string("window functions are not allowed in ") + where);
  }
}

PlanPtr QueryBlockPlanner::plan_windows(const PlanPtr& input, std::vector<BoundExpression>& projections) {
  std::vector<BoundExpression> calls;
  const std::size_t width = input->types.size();
  std::function<BoundExpression(BoundExpression)> extract = [&](BoundExpression expr) {
    check_stack_depth();
    if (expr.kind == ExprKind::kWindow) {
      std::size_t position = calls.size();
      for (std::size_t i = 0; i < calls.size() && position == calls.size(); ++i) {
        if (same_expression(calls[i], expr)) position = i;
      }
      SqlType type = expr.type;
      if (position == calls.size()) calls.push_back(std::move(expr));
      return column_reference(width + position, type);
    }
    for (auto& arg : expr.args) arg = extract(std::move(arg));
    return expr;
  };
  for (auto& projection : projections) projection = extract(std::move(projection));
  for (const auto& call : calls) {
    if (call.contains(ExprKind::kOuterColumn)) outer_in_output_ = true;
  }
  std::vector<SqlType> types = concat_types(input->types, types_of(calls));
  return make_node(WindowNode{input, std::move(calls)}, std::move(types), input->estimated_rows);
}

}  // namespace ptreedb::planner::block_planning
