#include "planner/conjuncts.h"

#include <algorithm>

#include "storage/stack_depth.h"

namespace ptreedb::planner {

using value::SqlType;
using value::TypeId;

BoundExpression boolean_constant(bool value) {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = SqlType::of(TypeId::kBoolean);
  out.constant.is_null = false;
  out.constant.int_value = value ? 1 : 0;
  return out;
}

bool is_true_constant(const BoundExpression& expr) {
  return expr.kind == ExprKind::kConstant && expr.type.id == TypeId::kBoolean && !expr.constant.is_null &&
         expr.constant.int_value != 0;
}

namespace {

void flatten(BoundExpression expr, ExprKind kind, std::vector<BoundExpression>& out) {
  check_stack_depth();
  if (expr.kind == kind) {
    for (auto& arg : expr.args) flatten(std::move(arg), kind, out);
    return;
  }
  out.push_back(std::move(expr));
}

BoundExpression combine(std::vector<BoundExpression> parts, ExprKind kind) {
  if (parts.empty()) return boolean_constant(kind == ExprKind::kAnd);
  if (parts.size() == 1) return std::move(parts[0]);
  BoundExpression out;
  out.kind = kind;
  out.type = SqlType::of(TypeId::kBoolean);
  out.args = std::move(parts);
  return out;
}

bool contains_same(const std::vector<BoundExpression>& list, const BoundExpression& expr) {
  return std::any_of(list.begin(), list.end(), [&](const BoundExpression& e) { return same_expression(e, expr); });
}

// (a AND b) OR (a AND c) -> a, (b OR c); returns the parts to AND together.
std::vector<BoundExpression> factor_or(BoundExpression or_expr) {
  std::vector<BoundExpression> branches;
  flatten(std::move(or_expr), ExprKind::kOr, branches);
  std::vector<std::vector<BoundExpression>> branch_parts;
  for (auto& branch : branches) {
    std::vector<BoundExpression> parts;
    flatten(std::move(branch), ExprKind::kAnd, parts);
    branch_parts.push_back(std::move(parts));
  }
  std::vector<BoundExpression> common;
  for (const auto& candidate : branch_parts[0]) {
    bool everywhere = std::all_of(branch_parts.begin() + 1, branch_parts.end(),
                                  [&](const auto& parts) { return contains_same(parts, candidate); });
    if (everywhere && !contains_same(common, candidate)) common.push_back(candidate);
  }
  std::vector<BoundExpression> result = common;
  std::vector<BoundExpression> rest;
  bool some_branch_empty = false;
  for (auto& parts : branch_parts) {
    std::vector<BoundExpression> remaining;
    for (auto& part : parts) {
      if (!contains_same(common, part)) remaining.push_back(std::move(part));
    }
    if (remaining.empty()) some_branch_empty = true;
    rest.push_back(combine(std::move(remaining), ExprKind::kAnd));
  }
  // A branch reduced to the common factors alone makes the rest of the OR true.
  if (!some_branch_empty) result.push_back(combine(std::move(rest), ExprKind::kOr));
  return result;
}

}  // namespace

std::vector<BoundExpression> split_conjuncts(BoundExpression predicate) {
  check_stack_depth();
  std::vector<BoundExpression> parts;
  flatten(std::move(predicate), ExprKind::kAnd, parts);
  std::vector<BoundExpression> out;
  for (auto& part : parts) {
    if (part.kind == ExprKind::kOr) {
      for (auto& factor : factor_or(std::move(part))) {
        if (factor.kind == ExprKind::kAnd) {
          for (auto& inner : split_conjuncts(std::move(factor))) out.push_back(std::move(inner));
        } else if (!is_true_constant(factor)) {
          out.push_back(std::move(factor));
        }
      }
    } else if (!is_true_constant(part)) {
      out.push_back(std::move(part));
    }
  }
  return out;
}

BoundExpression conjunction(std::vector<BoundExpression> parts) { return combine(std::move(parts), ExprKind::kAnd); }
BoundExpression disjunction(std::vector<BoundExpression> parts) { return combine(std::move(parts), ExprKind::kOr); }

void collect_columns(const BoundExpression& expr, std::set<std::size_t>& columns) {
  check_stack_depth();
  if (expr.kind == ExprKind::kColumn) columns.insert(expr.column);
  for (const auto& arg : expr.args) collect_columns(arg, columns);
}

BoundExpression remap_columns(BoundExpression expr, const std::function<std::size_t(std::size_t)>& map) {
  check_stack_depth();
  if (expr.kind == ExprKind::kColumn) expr.column = map(expr.column);
  for (auto& arg : expr.args) arg = remap_columns(std::move(arg), map);
  return expr;
}

BoundExpression correlated_to_joined(BoundExpression expr, std::size_t inner_offset) {
  check_stack_depth();
  if (expr.kind == ExprKind::kColumn) {
    expr.column += inner_offset;
  } else if (expr.kind == ExprKind::kOuterColumn) {
    expr.kind = ExprKind::kColumn;
  }
  for (auto& arg : expr.args) arg = correlated_to_joined(std::move(arg), inner_offset);
  return expr;
}

}  // namespace ptreedb::planner
