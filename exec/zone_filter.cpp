#include "exec/zone_filter.h"

#include <optional>

#include "exec/key_range.h"
#include "exec/operand.h"
#include "exec/table_scan.h"
#include "storage/value/character.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ComparisonOp;
using planner::ExprKind;
using storage::SlotKind;

namespace {

bool is_text_column(const BoundExpression& expr, std::size_t column, value::TypeId type) {
  return expr.kind == ExprKind::kColumn && expr.column == column && expr.type.id == type;
}

bool is_text_constant(const BoundExpression& expr, value::TypeId type) {
  return expr.kind == ExprKind::kConstant && !expr.constant.is_null && expr.type.id == type;
}

// The constants `conjunct` requires `column` to equal one of: column =
// constant, an OR of those, or an IN list; none when it is none of these.
std::optional<std::vector<std::string>> text_set_of(const BoundExpression& conjunct, std::size_t column,
                                                    value::TypeId type) {
  std::vector<std::string> values;
  if (conjunct.kind == ExprKind::kComparison && conjunct.comparison == ComparisonOp::kEqual) {
    for (int side = 0; side < 2; ++side) {
      if (is_text_column(conjunct.args[side], column, type) && is_text_constant(conjunct.args[1 - side], type)) {
        return std::vector<std::string>{conjunct.args[1 - side].constant.text_value};
      }
    }
    return std::nullopt;
  }
  if (conjunct.kind == ExprKind::kOr) {
    for (const BoundExpression& arm : conjunct.args) {
      std::optional<std::vector<std::string>> arm_values = text_set_of(arm, column, type);
      if (!arm_values) return std::nullopt;
      values.insert(values.end(), arm_values->begin(), arm_values->end());
    }
    return values;
  }
  if (conjunct.kind == ExprKind::kFunction && conjunct.function == planner::FunctionId::kInList && !conjunct.negated &&
      is_text_column(conjunct.args[0], column, type)) {
    for (std::size_t i = 1; i < conjunct.args.size(); ++i) {
      if (!is_text_constant(conjunct.args[i], type)) return std::nullopt;
      values.push_back(conjunct.args[i].constant.text_value);
    }
    return values;
  }
  return std::nullopt;
}

}  // namespace

ZoneFilter::ZoneFilter(const storage::TableSchema& schema, const planner::BoundExpression& filter) {
  std::vector<const planner::BoundExpression*> conjuncts;
  collect_conjuncts(filter, conjuncts);
  for (std::size_t column = 0; column < schema.columns().size(); ++column) {
    const value::SqlType& type = schema.columns()[column].type;
    const SlotKind kind = slot_kind_of(type.id);
    if (type.id == value::TypeId::kChar || type.id == value::TypeId::kVarchar || type.id == value::TypeId::kText) {
      for (const BoundExpression* conjunct : conjuncts) {
        auto values = text_set_of(*conjunct, column, type.id);
        if (values && text_sets_.size() < kMaxTextSets) {
          text_sets_.push_back(TextSet{column, schema.layout().offset(column), type.id == value::TypeId::kChar,
                                       std::move(*values)});
        }
      }
      continue;
    }
    if (kind != SlotKind::kInt && kind != SlotKind::kDate && kind != SlotKind::kDecimal) continue;
    for (const ColumnBound& bound : bounds_on(conjuncts, column, type)) {
      bounds_.push_back(Bound{column, kind, schema.layout().offset(column), bound.op, bound.constant->int_value,
                              bound.constant->decimal_value});
    }
  }
}

int ZoneFilter::compare(const Bound& bound, const storage::LeafColumn& column, std::int64_t v) {
  if (bound.kind == SlotKind::kDecimal) {
    return value::decimal_compare(value::Decimal{v, column.decimal_scale()}, bound.decimal_value);
  }
  return v < bound.int_value ? -1 : (v > bound.int_value ? 1 : 0);
}

std::uint64_t ZoneFilter::matching_codes(const TextSet& set, const storage::LeafColumn& column) {
  const std::vector<std::string_view>& dictionary = column.dictionary();
  std::uint64_t matching = 0;
  for (std::size_t code = 0; code < dictionary.size(); ++code) {
    for (const std::string& value : set.values) {
      const bool equal = set.blank_padded ? value::bpchar_compare(dictionary[code], value) == 0 : dictionary[code] == value;
      if (equal) {
        matching |= std::uint64_t{1} << code;
        break;
      }
    }
  }
  return matching;
}

ZoneFilter::Reach ZoneFilter::reach(const Bound& bound, const storage::LeafColumn& column) {
  // A comparison with NULL is never true: a leaf of NULLs passes nothing.
  if (!column.has_values()) return Reach::kNone;
  if (!column.has_range()) return Reach::kSome;
  const int low = compare(bound, column, column.min());
  const int high = compare(bound, column, column.max());
  bool none = false;
  switch (bound.op) {
    case ComparisonOp::kEqual: none = low > 0 || high < 0; break;
    case ComparisonOp::kLess: none = low >= 0; break;
    case ComparisonOp::kLessEqual: none = low > 0; break;
    case ComparisonOp::kGreater: none = high <= 0; break;
    case ComparisonOp::kGreaterEqual: none = high < 0; break;
    default: return Reach::kSome;
  }
  if (none) return Reach::kNone;
  // Every operator here is monotone: the least and greatest value passing
  // means every value between does (and = has min = max); a NULL would not.
  const unsigned mask = comparison_mask(bound.op);
  const bool all = column.nulls() == nullptr && ((mask >> (low + 1)) & 1u) != 0 && ((mask >> (high + 1)) & 1u) != 0;
  return all ? Reach::kAll : Reach::kSome;
}

std::uint32_t ZoneFilter::select(const storage::LeafColumns& columns, const storage::RowRef* leaf_rows,
                                 std::uint32_t leaf_size, std::uint32_t begin, std::uint32_t count,
                                 std::uint32_t* picks) const {
  using Storage = storage::LeafColumn::Storage;
  // First the leaf's ranges alone: one bound that no row can pass rules the
  // leaf out before any row is looked at; bounds every row passes need no
  // look (bit b of `decided`, for the first 64 bounds).
  std::uint64_t decided = 0;
  for (std::size_t b = 0; b < bounds_.size(); ++b) {
    const Bound& bound = bounds_[b];
    const storage::LeafColumn* column = columns.column(bound.column, bound.kind, bound.offset, leaf_rows, leaf_size);
    if (column == nullptr) continue;
    const Reach verdict = reach(bound, *column);
    if (verdict == Reach::kNone) return 0;
    if (verdict == Reach::kAll && b < 64) decided |= std::uint64_t{1} << b;
  }
  // The text sets: none of the leaf's values in the set rules it out; all of
  // them (and no NULL) needs no look (bit t of `text_decided`).
  std::uint64_t matching[kMaxTextSets] = {};
  const std::uint8_t* text_codes[kMaxTextSets] = {};
  std::uint64_t text_decided = 0;
  for (std::size_t t = 0; t < text_sets_.size(); ++t) {
    const TextSet& set = text_sets_[t];
    const storage::LeafColumn* column = columns.column(set.column, SlotKind::kText, set.offset, leaf_rows, leaf_size);
    if (column == nullptr || column->codes() == nullptr) {
      text_decided |= std::uint64_t{1} << t;  // nothing to test it on
      continue;
    }
    matching[t] = matching_codes(set, *column);
    text_codes[t] = column->codes();
    if (matching[t] == 0) return 0;
    const std::uint64_t every = (std::uint64_t{1} << column->dictionary().size()) - 1;
    if (matching[t] == every && column->nulls() == nullptr) text_decided |= std::uint64_t{1} << t;
  }
  std::uint32_t kept = 0;
  bool started = false;
  // Keeps the rows `passes` (0 or 1 per row) accepts, among all of the run
  // at first, then among those kept so far. No branch per row.
  auto keep_rows = [&](const auto& passes) {
    if (!started) {
      for (std::uint32_t row = begin; row < begin + count; ++row) {
        picks[kept] = row;
        kept += passes(row);
      }
      started = true;
      return;
    }
    std::uint32_t still = 0;
    for (std::uint32_t k = 0; k < kept; ++k) {
      picks[still] = picks[k];
      still += passes(picks[k]);
    }
    kept = still;
  };
  for (std::size_t t = 0; t < text_sets_.size(); ++t) {
    if (((text_decided >> t) & 1u) != 0) continue;
    const std::uint8_t* codes = text_codes[t];
    const std::uint64_t wanted = matching[t];  // bit kNullCode is never set
    keep_rows([&](std::uint32_t row) { return static_cast<std::uint32_t>((wanted >> codes[row]) & 1u); });
    if (kept == 0) return 0;
  }
  for (std::size_t b = 0; b < bounds_.size(); ++b) {
    if (b < 64 && ((decided >> b) & 1u) != 0) continue;
    const Bound& bound = bounds_[b];
    const storage::LeafColumn* column = columns.column(bound.column, bound.kind, bound.offset, leaf_rows, leaf_size);
    if (column == nullptr) continue;
    const unsigned mask = comparison_mask(bound.op);
    const std::uint8_t* nulls = column->nulls();
    // Keeps the rows whose order against the constant (-1, 0, 1) the
    // operator accepts; NULLs never pass.
    auto keep = [&](const auto& order_of) {
      keep_rows([&](std::uint32_t row) {
        return static_cast<std::uint32_t>(nulls == nullptr || nulls[row] == 0) & ((mask >> (order_of(row) + 1)) & 1u);
      });
    };
    auto order = [](auto x, auto y) { return (x > y) - (x < y); };
    switch (column->storage()) {
      case Storage::kInt32: {
        const std::int32_t* values = column->values<std::int32_t>();
        const std::int64_t wanted = bound.int_value;
        keep([&](std::uint32_t row) { return order(std::int64_t{values[row]}, wanted); });
        break;
      }
      case Storage::kInt64: {
        const std::int64_t* values = column->values<std::int64_t>();
        const std::int64_t wanted = bound.int_value;
        keep([&](std::uint32_t row) { return order(values[row], wanted); });
        break;
      }
      case Storage::kDecimal64: {
        // Exact: both sides at the larger of the two scales, in 128 bits.
        const std::int32_t leaf_scale = column->decimal_scale();
        const value::Decimal constant = bound.decimal_value;
        const std::int32_t gap = leaf_scale - constant.scale;
        constexpr __int128 kUnitsLimit = static_cast<__int128>(1) << 64;
        if (gap > 18 || gap < -18 || constant.units >= kUnitsLimit || constant.units <= -kUnitsLimit) continue;
        __int128 power = 1;
        for (std::int32_t k = 0; k < (gap < 0 ? -gap : gap); ++k) power *= 10;
        const std::int64_t* values = column->values<std::int64_t>();
        if (gap >= 0) {
          const __int128 wanted = constant.units * power;
          keep([&](std::uint32_t row) { return order(static_cast<__int128>(values[row]), wanted); });
        } else {
          const __int128 wanted = constant.units;
          keep([&](std::uint32_t row) { return order(static_cast<__int128>(values[row]) * power, wanted); });
        }
        break;
      }
      default:
        continue;
    }
    if (kept == 0) return 0;
  }
  if (!started) {
    for (std::uint32_t k = 0; k < count; ++k) picks[k] = begin + k;
    return count;
  }
  return kept;
}

}  // namespace ptreedb::exec
