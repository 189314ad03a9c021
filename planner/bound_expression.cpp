#include "planner/bound_expression.h"

#include "storage/stack_depth.h"

namespace ptreedb::planner {

bool contains_volatile_call(const BoundExpression& expr) {
  check_stack_depth();
  if (expr.kind == ExprKind::kFunction && is_volatile_function(expr.function)) return true;
  for (const auto& arg : expr.args) {
    if (contains_volatile_call(arg)) return true;
  }
  return false;
}

bool BoundExpression::is_constant_tree() const {
  check_stack_depth();
  if (kind == ExprKind::kColumn || kind == ExprKind::kAggregate || kind == ExprKind::kOuterColumn ||
      kind == ExprKind::kSubquery || kind == ExprKind::kWindow || kind == ExprKind::kGrouping) {
    return false;
  }
  // Volatile: each evaluation draws a value.
  if (kind == ExprKind::kFunction && is_volatile_function(function)) return false;
  for (const auto& arg : args) {
    if (!arg.is_constant_tree()) return false;
  }
  return true;
}

}  // namespace ptreedb::planner

namespace ptreedb::planner {

bool BoundExpression::contains_aggregate() const {
  check_stack_depth();
  if (kind == ExprKind::kAggregate || kind == ExprKind::kGrouping) return true;
  for (const auto& arg : args) {
    if (arg.contains_aggregate()) return true;
  }
  return false;
}

bool BoundExpression::contains(ExprKind wanted) const {
  check_stack_depth();
  if (kind == wanted) return true;
  for (const auto& arg : args) {
    if (arg.contains(wanted)) return true;
  }
  return false;
}

bool same_expression(const BoundExpression& a, const BoundExpression& b) {
  check_stack_depth();
  if (a.kind != b.kind || !(a.type == b.type) || a.args.size() != b.args.size()) return false;
  switch (a.kind) {
    case ExprKind::kColumn:
    case ExprKind::kOuterColumn:
      if (a.column != b.column) return false;
      break;
    case ExprKind::kSubquery:
      if (a.subquery != b.subquery) return false;
      break;
    case ExprKind::kConstant: {
      const Constant &x = a.constant, &y = b.constant;
      if (x.is_null != y.is_null || x.int_value != y.int_value || x.double_value != y.double_value ||
          x.decimal_value.units != y.decimal_value.units || x.decimal_value.scale != y.decimal_value.scale ||
          x.text_value != y.text_value || !(x.interval_value == y.interval_value)) {
        return false;
      }
      break;
    }
    case ExprKind::kArithmetic:
      if (a.arithmetic != b.arithmetic) return false;
      break;
    case ExprKind::kComparison:
      if (a.comparison != b.comparison) return false;
      break;
    case ExprKind::kAggregate:
      if (a.aggregate != b.aggregate || a.distinct != b.distinct || a.aggregate_filter != b.aggregate_filter ||
          a.aggregate_order.size() != b.aggregate_order.size()) {
        return false;
      }
      for (std::size_t i = 0; i < a.aggregate_order.size(); ++i) {
        if (a.aggregate_order[i].descending != b.aggregate_order[i].descending ||
            a.aggregate_order[i].nulls_first != b.aggregate_order[i].nulls_first) {
          return false;
        }
      }
      break;
    case ExprKind::kFunction:
      // Functions keep their variant in these flags: NOT IN, ALL, the operator of ANY/ALL, ...
      if (a.function != b.function || a.negated != b.negated || a.case_insensitive != b.case_insensitive ||
          a.comparison != b.comparison || a.array_text != b.array_text) {
        return false;
      }
      break;
    case ExprKind::kCast:
      // Only a length coercion to char(n)/varchar(n) differs when explicit (it truncates).
      if (a.array_text != b.array_text) return false;
      if (a.explicit_cast != b.explicit_cast && a.type.has_typmod() &&
          (a.type.id == value::TypeId::kChar || a.type.id == value::TypeId::kVarchar)) {
        return false;
      }
      break;
    case ExprKind::kWindow:
      if (!(*a.window == *b.window)) return false;
      break;
    case ExprKind::kLike:
      if (a.negated != b.negated || a.case_insensitive != b.case_insensitive) return false;
      break;
    default:
      break;
  }
  for (std::size_t i = 0; i < a.args.size(); ++i) {
    if (!same_expression(a.args[i], b.args[i])) return false;
  }
  return true;
}

}  // namespace ptreedb::planner
