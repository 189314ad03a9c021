#include "planner/bound_expression.h"

namespace ptreedb::planner {

bool BoundExpression::is_constant_tree() const {
  if (kind == ExprKind::kColumn) return false;
  for (const auto& arg : args) {
    if (!arg.is_constant_tree()) return false;
  }
  return true;
}

}  // namespace ptreedb::planner
