#include "planner/correlated_subquery.h"

#include <algorithm>
#include <set>

#include "storage/stack_depth.h"

namespace ptreedb::planner {

void collect_outer_columns(const BoundExpression& expr, std::vector<std::size_t>& columns) {
  check_stack_depth();
  if (expr.kind == ExprKind::kOuterColumn &&
      std::find(columns.begin(), columns.end(), expr.column) == columns.end()) {
    columns.push_back(expr.column);
  }
  for (const auto& arg : expr.args) collect_outer_columns(arg, columns);
}

BoundExpression outer_to_columns(BoundExpression expr, const std::vector<std::size_t>& outer_columns,
                                 std::size_t offset) {
  check_stack_depth();
  if (expr.kind == ExprKind::kOuterColumn) {
    auto at = std::find(outer_columns.begin(), outer_columns.end(), expr.column);
    expr.kind = ExprKind::kColumn;
    expr.column = offset + static_cast<std::size_t>(at - outer_columns.begin());
    return expr;
  }
  for (auto& arg : expr.args) arg = outer_to_columns(std::move(arg), outer_columns, offset);
  return expr;
}

BoundExpression DecorrelatedInput::over_joined(BoundExpression expr) const {
  return outer_to_columns(std::move(expr), outer_columns, inner_width);
}

PlanPtr DecorrelatedInput::join(PlanPtr distinct_outer) const {
  JoinNode node;
  node.kind = JoinKind::kInner;
  node.probe = inner;
  node.build = std::move(distinct_outer);
  node.probe_keys = inner_keys;
  node.build_keys = outer_keys;
  node.condition = condition;
  std::vector<value::SqlType> types = inner->types;
  types.insert(types.end(), outer_types.begin(), outer_types.end());
  double rows = std::max(inner->estimated_rows, node.build->estimated_rows);
  return make_node(std::move(node), std::move(types), rows);
}

DecorrelatedInput decorrelate(PlanPtr inner, const std::vector<BoundExpression>& correlated,
                              const std::vector<const BoundExpression*>& reading,
                              const std::vector<value::SqlType>& outer_scope_types) {
  DecorrelatedInput input;
  input.inner_width = inner->types.size();
  input.inner = std::move(inner);
  for (const auto& conjunct : correlated) collect_outer_columns(conjunct, input.outer_columns);
  for (const auto* expr : reading) collect_outer_columns(*expr, input.outer_columns);
  for (std::size_t c : input.outer_columns) input.outer_types.push_back(outer_scope_types[c]);
  std::vector<BoundExpression> conditions;
  for (const auto& conjunct : correlated) {
    bool placed = false;
    if (conjunct.kind == ExprKind::kComparison && conjunct.comparison == ComparisonOp::kEqual) {
      for (int side = 0; side < 2 && !placed; ++side) {
        const auto& a = conjunct.args[side];
        const auto& b = conjunct.args[1 - side];
        if (!a.contains(ExprKind::kOuterColumn) && b.contains(ExprKind::kOuterColumn) &&
            !b.contains(ExprKind::kColumn)) {
          input.inner_keys.push_back(a);
          input.outer_keys.push_back(outer_to_columns(b, input.outer_columns, 0));
          placed = true;
        }
      }
    }
    if (!placed) conditions.push_back(input.over_joined(conjunct));
  }
  if (!conditions.empty()) {
    BoundExpression all = std::move(conditions[0]);
    for (std::size_t i = 1; i < conditions.size(); ++i) {
      BoundExpression both;
      both.kind = ExprKind::kAnd;
      both.type = value::SqlType::of(value::TypeId::kBoolean);
      both.args = {std::move(all), std::move(conditions[i])};
      all = std::move(both);
    }
    input.condition = std::move(all);
  }
  return input;
}

BoundExpression outer_into_aggregates(BoundExpression expr, const DecorrelatedInput& input) {
  check_stack_depth();
  if (expr.kind == ExprKind::kAggregate) return input.over_joined(std::move(expr));
  for (auto& arg : expr.args) arg = outer_into_aggregates(std::move(arg), input);
  return expr;
}

void append_null_safe_key(const BoundExpression& expr, std::vector<BoundExpression>& keys) {
  BoundExpression is_null;
  is_null.kind = ExprKind::kIsNull;
  is_null.type = value::SqlType::of(value::TypeId::kBoolean);
  is_null.args = {expr};
  BoundExpression zero;
  zero.kind = ExprKind::kConstant;
  zero.type = expr.type;
  zero.constant.is_null = false;
  // Any valid value of the type stands in for NULL (the IS NULL key tells them apart).
  if (expr.type.id == value::TypeId::kArray) zero.constant.text_value = "{}";
  if (expr.type.id == value::TypeId::kJson || expr.type.id == value::TypeId::kJsonb) zero.constant.text_value = "null";
  BoundExpression value;
  value.kind = ExprKind::kFunction;
  value.function = FunctionId::kCoalesce;
  value.type = expr.type;
  value.args = {expr, std::move(zero)};
  keys.push_back(std::move(is_null));
  keys.push_back(std::move(value));
}

namespace {

void replace_outer_values(PlanNode& node, const PlanPtr& distinct_outer, const std::vector<std::size_t>& columns) {
  check_stack_depth();
  if (const auto* placeholder = std::get_if<OuterValuesNode>(&node.op)) {
    std::vector<BoundExpression> picked;
    for (std::size_t outer : placeholder->outer_columns) {
      auto at = std::find(columns.begin(), columns.end(), outer);
      auto index = static_cast<std::size_t>(at - columns.begin());
      picked.push_back(column_reference(index, distinct_outer->types[index]));
    }
    node.op = ProjectNode{clone_plan(distinct_outer), std::move(picked)};
    node.estimated_rows = distinct_outer->estimated_rows;
    return;
  }
  for_each_input(node, [&](PlanNode& child) { replace_outer_values(child, distinct_outer, columns); });
}

BoundExpression equality(BoundExpression a, BoundExpression b) {
  BoundExpression equal;
  equal.kind = ExprKind::kComparison;
  equal.comparison = ComparisonOp::kEqual;
  equal.type = value::SqlType::of(value::TypeId::kBoolean);
  equal.args = {std::move(a), std::move(b)};
  return equal;
}

}  // namespace

PlanPtr bind_outer_values(const PlanPtr& plan, const PlanPtr& distinct_outer,
                          const std::vector<std::size_t>& distinct_columns) {
  PlanPtr copy = clone_plan(plan);
  replace_outer_values(*copy, distinct_outer, distinct_columns);
  return copy;
}

void append_outer_value_match(const BoundExpression& inner, const BoundExpression& outer,
                              std::vector<BoundExpression>& conjuncts) {
  std::vector<BoundExpression> inner_keys, outer_keys;
  append_null_safe_key(inner, inner_keys);
  append_null_safe_key(outer, outer_keys);
  for (std::size_t k = 0; k < inner_keys.size(); ++k) conjuncts.push_back(equality(inner_keys[k], outer_keys[k]));
}

}  // namespace ptreedb::planner
