// Bound expressions for the exec unit tests, shaped as the binder shapes them,
// so each test states only which expression it evaluates.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "planner/bound_expression.h"
#include "planner/logical_plan.h"
#include "storage/value/decimal.h"

namespace ptreedb::exec::testing {

inline planner::BoundExpression integer_constant(std::int64_t value, value::SqlType type) {
  planner::BoundExpression out;
  out.kind = planner::ExprKind::kConstant;
  out.type = type;
  out.constant.is_null = false;
  out.constant.int_value = value;
  return out;
}

// A numeric literal; nullptr gives a numeric NULL.
inline planner::BoundExpression numeric_constant(const char* text) {
  planner::BoundExpression out;
  out.kind = planner::ExprKind::kConstant;
  out.type = value::SqlType::of(value::TypeId::kNumeric);
  out.constant.is_null = text == nullptr;
  if (text != nullptr) out.constant.decimal_value = value::parse_decimal(text);
  return out;
}

inline planner::BoundExpression text_constant(const std::string& text, value::SqlType type) {
  planner::BoundExpression out;
  out.kind = planner::ExprKind::kConstant;
  out.type = type;
  out.constant.is_null = false;
  out.constant.text_value = text;
  return out;
}

inline planner::BoundExpression comparison(planner::ComparisonOp op, planner::BoundExpression a,
                                           planner::BoundExpression b) {
  planner::BoundExpression out;
  out.kind = planner::ExprKind::kComparison;
  out.type = value::SqlType::of(value::TypeId::kBoolean);
  out.comparison = op;
  out.args = {std::move(a), std::move(b)};
  return out;
}

inline planner::BoundExpression arithmetic(planner::ArithmeticOp op, planner::BoundExpression a,
                                           planner::BoundExpression b, value::SqlType type) {
  planner::BoundExpression out;
  out.kind = planner::ExprKind::kArithmetic;
  out.type = type;
  out.arithmetic = op;
  out.args = {std::move(a), std::move(b)};
  return out;
}

// AND / OR over `args`, or NOT over one.
inline planner::BoundExpression logical(planner::ExprKind kind, std::vector<planner::BoundExpression> args) {
  planner::BoundExpression out;
  out.kind = kind;
  out.type = value::SqlType::of(value::TypeId::kBoolean);
  out.args = std::move(args);
  return out;
}

}  // namespace ptreedb::exec::testing
