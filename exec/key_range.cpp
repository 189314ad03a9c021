#include "exec/key_range.h"

#include <string>
#include <vector>

#include "storage/row/key_encoding.h"
#include "storage/stack_depth.h"
#include "storage/value/character.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ComparisonOp;
using planner::ExprKind;
using value::TypeId;

namespace {


// The key encoding of a constant, exactly as storage encodes a column value.
bool append_constant(std::string& key, TypeId type, const planner::Constant& constant) {
  namespace encode = storage::key_encoding;
  if (constant.is_null) return false;
  switch (type) {
    case TypeId::kBoolean: encode::append_bool(key, constant.int_value != 0); return true;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: encode::append_int(key, constant.int_value); return true;
    case TypeId::kReal:
    case TypeId::kDouble: encode::append_double(key, constant.double_value); return true;
    case TypeId::kNumeric: encode::append_decimal(key, constant.decimal_value); return true;
    case TypeId::kChar: encode::append_text(key, value::bpchar_significant(constant.text_value)); return true;
    case TypeId::kVarchar:
    case TypeId::kText: encode::append_text(key, constant.text_value); return true;
    case TypeId::kDate: encode::append_date(key, static_cast<std::int32_t>(constant.int_value)); return true;
    case TypeId::kTimestampTz:
    case TypeId::kTimestamp: encode::append_timestamp(key, constant.int_value); return true;
    case TypeId::kInterval:
      encode::append_interval(key, constant.interval_value.months, constant.interval_value.days,
                              constant.interval_value.micros);
      return true;
  }
  return false;
}

struct ColumnBound {
  ComparisonOp op;  // as `column op constant`
  const planner::Constant* constant;
};

void collect_conjuncts(const BoundExpression& expr, std::vector<const BoundExpression*>& out) {
  check_stack_depth();
  if (expr.kind == ExprKind::kAnd) {
    for (const auto& arg : expr.args) collect_conjuncts(arg, out);
  } else {
    out.push_back(&expr);
  }
}

// Comparisons of column `column` (of type `type`, uncast) with a constant of that same type.
std::vector<ColumnBound> bounds_on(const std::vector<const BoundExpression*>& conjuncts, std::size_t column,
                                   const value::SqlType& type) {
  std::vector<ColumnBound> out;
  for (const BoundExpression* conjunct : conjuncts) {
    if (conjunct->kind != ExprKind::kComparison || conjunct->comparison == ComparisonOp::kNotEqual) continue;
    for (int side = 0; side < 2; ++side) {
      const BoundExpression& a = conjunct->args[side];
      const BoundExpression& b = conjunct->args[1 - side];
      if (a.kind == ExprKind::kColumn && a.column == column && a.type.id == type.id &&
          b.kind == ExprKind::kConstant && b.type.id == type.id && !b.constant.is_null) {
        out.push_back({side == 0 ? conjunct->comparison : planner::mirrored(conjunct->comparison), &b.constant});
      }
    }
  }
  return out;
}

}  // namespace

std::string past_prefix(std::string prefix) {
  // No key encoding emits a run of 0xff bytes this long.
  prefix.append(128, '\xff');
  return prefix;
}

std::optional<KeyRange> primary_key_range(const storage::TableSchema& schema, const BoundExpression& filter) {
  if (!schema.has_primary_key()) return std::nullopt;
  std::vector<const BoundExpression*> conjuncts;
  collect_conjuncts(filter, conjuncts);
  std::string prefix;
  for (std::size_t column : schema.primary_key()) {
    const value::SqlType& type = schema.column(column).type;
    std::vector<ColumnBound> bounds = bounds_on(conjuncts, column, type);
    const ColumnBound* equal = nullptr;
    for (const auto& bound : bounds) {
      if (bound.op == ComparisonOp::kEqual) equal = &bound;
    }
    if (equal != nullptr) {
      if (!append_constant(prefix, type.id, *equal->constant)) return std::nullopt;
      continue;
    }
    // A range on this column ends the prefix; a later column cannot narrow it.
    std::string low = prefix, high;
    bool has_low = false, has_high = false;
    for (const auto& bound : bounds) {
      std::string encoded = prefix;
      if (!append_constant(encoded, type.id, *bound.constant)) continue;
      bool lower = bound.op == ComparisonOp::kGreater || bound.op == ComparisonOp::kGreaterEqual;
      if (lower && (!has_low || encoded > low)) {
        low = encoded;
        has_low = true;
      } else if (!lower && (!has_high || past_prefix(encoded) < high)) {
        high = past_prefix(encoded);
        has_high = true;
      }
    }
    if (prefix.empty() && !has_low && !has_high) return std::nullopt;
    if (!has_high) high = past_prefix(prefix);
    return KeyRange{storage::RowKey(low), storage::RowKey(high)};
  }
  // Every key column fixed: at most one row.
  return KeyRange{storage::RowKey(prefix), storage::RowKey(prefix)};
}

}  // namespace ptreedb::exec
