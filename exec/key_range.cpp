#include "exec/key_range.h"

#include <algorithm>
#include <string>
#include <vector>

#include "storage/row/key_encoding.h"
#include "storage/stack_depth.h"
#include "storage/value/character.h"
#include "storage/value/jsonb_order.h"

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
    case TypeId::kBytea:
    case TypeId::kEnum:
    case TypeId::kText:
    case TypeId::kName:
    case TypeId::kJson: encode::append_text(key, constant.text_value); return true;
    case TypeId::kUuid: encode::append_uuid(key, constant.text_value); return true;
    case TypeId::kJsonb: encode::append_text(key, value::jsonb_key(constant.text_value)); return true;
    case TypeId::kArray: return false;  // arrays are not key-range searched
    case TypeId::kDate: encode::append_date(key, static_cast<std::int32_t>(constant.int_value)); return true;
    case TypeId::kTimestampTz:
    case TypeId::kTime:
    case TypeId::kTimeTz:
    case TypeId::kTimestamp: encode::append_timestamp(key, constant.int_value); return true;
    case TypeId::kInterval:
      encode::append_interval(key, constant.interval_value.months, constant.interval_value.days,
                              constant.interval_value.micros);
      return true;
  }
  return false;
}

}  // namespace

void collect_conjuncts(const BoundExpression& expr, std::vector<const BoundExpression*>& out) {
  check_stack_depth();
  if (expr.kind == ExprKind::kAnd) {
    for (const auto& arg : expr.args) collect_conjuncts(arg, out);
  } else {
    out.push_back(&expr);
  }
}

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
        out.push_back({side == 0 ? conjunct->comparison : planner::mirrored(conjunct->comparison), &b.constant,
                       conjunct});
      }
    }
  }
  return out;
}

std::string past_prefix(std::string prefix) {
  // No key encoding emits a run of 0xff bytes this long.
  prefix.append(128, '\xff');
  return prefix;
}

namespace {

// Bounds on keys made of `columns`' encodings (each after a NULL marker when
// `null_marked`, as secondary index keys are): equalities on a prefix of the
// columns, then a range on the next one. The conjuncts used go to `used`.
std::optional<KeyRange> key_range_over(const storage::TableSchema& schema, const std::vector<std::size_t>& columns,
                                       bool null_marked, const BoundExpression& filter,
                                       std::vector<const BoundExpression*>* used) {
  namespace encode = storage::key_encoding;
  std::vector<const BoundExpression*> conjuncts;
  collect_conjuncts(filter, conjuncts);
  std::string prefix;
  std::vector<const BoundExpression*> taken;
  for (std::size_t column : columns) {
    const value::SqlType& type = schema.column(column).type;
    std::vector<ColumnBound> bounds = bounds_on(conjuncts, column, type);
    const ColumnBound* equal = nullptr;
    for (const auto& bound : bounds) {
      if (bound.op == ComparisonOp::kEqual) equal = &bound;
    }
    std::string marked = prefix;
    if (null_marked) encode::append_not_null(marked);
    if (equal != nullptr) {
      if (!append_constant(marked, type.id, *equal->constant)) return std::nullopt;
      prefix = std::move(marked);
      taken.push_back(equal->conjunct);
      continue;
    }
    // A range on this column ends the prefix; a later column cannot narrow it.
    std::string low = prefix, high;
    bool has_low = false, has_high = false;
    for (const auto& bound : bounds) {
      std::string encoded = marked;
      if (!append_constant(encoded, type.id, *bound.constant)) continue;
      bool lower = bound.op == ComparisonOp::kGreater || bound.op == ComparisonOp::kGreaterEqual;
      if (lower && (!has_low || encoded > low)) {
        low = encoded;
        has_low = true;
      } else if (!lower && (!has_high || past_prefix(encoded) < high)) {
        high = past_prefix(encoded);
        has_high = true;
      }
      taken.push_back(bound.conjunct);
    }
    if (prefix.empty() && !has_low && !has_high) return std::nullopt;
    // A bound on one side still excludes the column's NULLs (sorted last).
    if (!has_low) low = marked;
    if (!has_high) high = past_prefix(marked);
    if (used != nullptr) *used = std::move(taken);
    return KeyRange{storage::RowKey(low), storage::RowKey(high)};
  }
  if (used != nullptr) *used = std::move(taken);
  // Every key column fixed: one key (a secondary index key's rows all sit under it).
  return KeyRange{storage::RowKey(prefix), storage::RowKey(prefix)};
}

// The constants `column` is compared equal with by `conjunct`, when it is
// `column IN (constants)` (a hashed list) or an OR of `column = constant`:
// the column's only possible values. nullopt for any other shape.
std::optional<std::vector<const planner::Constant*>> point_values(const BoundExpression& conjunct, std::size_t column,
                                                                  const value::SqlType& type) {
  auto is_column = [&](const BoundExpression& e) {
    return e.kind == ExprKind::kColumn && e.column == column && e.type.id == type.id;
  };
  std::vector<const planner::Constant*> out;
  if (conjunct.kind == ExprKind::kFunction && conjunct.function == planner::FunctionId::kInList && !conjunct.negated &&
      is_column(conjunct.args[0])) {
    for (std::size_t i = 1; i < conjunct.args.size(); ++i) {
      const BoundExpression& item = conjunct.args[i];
      if (item.kind != ExprKind::kConstant || item.type.id != type.id) return std::nullopt;
      if (!item.constant.is_null) out.push_back(&item.constant);  // NULL matches nothing
    }
    return out;
  }
  if (conjunct.kind != ExprKind::kOr) return std::nullopt;
  // The OR's branches, nested ORs flattened.
  std::vector<const BoundExpression*> branches = {&conjunct};
  while (!branches.empty()) {
    const BoundExpression* branch = branches.back();
    branches.pop_back();
    if (branch->kind == ExprKind::kOr) {
      for (const auto& arg : branch->args) branches.push_back(&arg);
      continue;
    }
    std::vector<ColumnBound> bounds = bounds_on({branch}, column, type);
    if (bounds.size() != 1 || bounds[0].op != ComparisonOp::kEqual) return std::nullopt;
    out.push_back(bounds[0].constant);
  }
  return out;
}

std::optional<std::vector<KeyRange>> key_points_over(const storage::TableSchema& schema,
                                                     const std::vector<std::size_t>& columns, bool null_marked,
                                                     const BoundExpression& filter,
                                                     std::vector<const BoundExpression*>* used) {
  if (columns.empty()) return std::nullopt;
  std::vector<const BoundExpression*> conjuncts;
  collect_conjuncts(filter, conjuncts);
  const value::SqlType& type = schema.column(columns[0]).type;
  for (const BoundExpression* conjunct : conjuncts) {
    std::optional<std::vector<const planner::Constant*>> values = point_values(*conjunct, columns[0], type);
    if (!values) continue;
    std::vector<std::string> keys;
    for (const planner::Constant* constant : *values) {
      std::string key;
      if (null_marked) storage::key_encoding::append_not_null(key);
      if (!append_constant(key, type.id, *constant)) return std::nullopt;
      keys.push_back(std::move(key));
    }
    // Each key once, in order: the ranges then never overlap.
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    std::vector<KeyRange> out;
    out.reserve(keys.size());
    for (std::string& key : keys) {
      // A whole key (one column) is its own range; a prefix covers its rows.
      std::string high = columns.size() == 1 && !null_marked ? key : past_prefix(key);
      out.push_back({storage::RowKey(key), storage::RowKey(high)});
    }
    if (used != nullptr) *used = {conjunct};
    return out;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::vector<KeyRange>> primary_key_points(const storage::TableSchema& schema,
                                                        const BoundExpression& filter,
                                                        std::vector<const BoundExpression*>* used) {
  if (!schema.has_primary_key()) return std::nullopt;
  return key_points_over(schema, schema.primary_key(), false, filter, used);
}

std::optional<std::vector<KeyRange>> index_key_points(const storage::TableSchema& schema,
                                                      const storage::IndexSchema& index, const BoundExpression& filter,
                                                      std::vector<const BoundExpression*>* used) {
  return key_points_over(schema, index.columns, true, filter, used);
}

std::optional<KeyRange> primary_key_range(const storage::TableSchema& schema, const BoundExpression& filter) {
  if (!schema.has_primary_key()) return std::nullopt;
  return key_range_over(schema, schema.primary_key(), false, filter, nullptr);
}

std::optional<KeyRange> index_key_range(const storage::TableSchema& schema, const storage::IndexSchema& index,
                                        const BoundExpression& filter, std::vector<const BoundExpression*>* used) {
  return key_range_over(schema, index.columns, true, filter, used);
}

}  // namespace ptreedb::exec
