#include "exec/zone_filter.h"

#include <algorithm>
#include <limits>
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
          const bool blank_padded = type.id == value::TypeId::kChar;
          if (blank_padded) {
            for (std::string& text : *values) text.resize(value::bpchar_significant(text).size());
          }
          text_sets_.push_back(TextSet{column, schema.layout().offset(column), blank_padded, std::move(*values)});
        }
      }
      continue;
    }
    if (kind != SlotKind::kInt && kind != SlotKind::kDate && kind != SlotKind::kDecimal) continue;
    ColumnBounds on_column{column, kind, schema.layout().offset(column), {}};
    for (const ColumnBound& bound : bounds_on(conjuncts, column, type)) {
      on_column.bounds.push_back(Bound{bound.op, bound.constant->int_value, bound.constant->decimal_value});
    }
    if (!on_column.bounds.empty()) bounds_.push_back(std::move(on_column));
  }
}

std::vector<std::size_t> ZoneFilter::columns() const {
  std::vector<std::size_t> columns;
  for (const ColumnBounds& bounds : bounds_) columns.push_back(bounds.column);
  for (const TextSet& set : text_sets_) columns.push_back(set.column);
  return columns;
}

std::uint64_t ZoneFilter::matching_codes(const TextSet& set, const storage::LeafColumn& column) {
  // Asked once per leaf: the set's values are kept without trailing blanks
  // (char(n)), so each entry is trimmed once and compared by length first.
  const std::vector<std::string_view>& dictionary = column.dictionary();
  std::uint64_t matching = 0;
  for (std::size_t code = 0; code < dictionary.size(); ++code) {
    const std::string_view entry = set.blank_padded ? value::bpchar_significant(dictionary[code]) : dictionary[code];
    for (const std::string& value : set.values) {
      if (entry.size() == value.size() && entry == value) {
        matching |= std::uint64_t{1} << code;
        break;
      }
    }
  }
  return matching;
}

std::optional<ZoneFilter::Range> ZoneFilter::range_in(const ColumnBounds& on_column, const storage::LeafColumn& column) {
  using Storage = storage::LeafColumn::Storage;
  using Wide = __int128;
  constexpr Wide kUnitsLimit = static_cast<Wide>(1) << 64;
  // Inclusive, in the leaf's stored units; widened so that c + 1 cannot wrap.
  Wide low = std::numeric_limits<std::int64_t>::min(), high = std::numeric_limits<std::int64_t>::max();
  bool empty = false;
  for (const Bound& bound : on_column.bounds) {
    // The constant in stored units: exactly `at`, or between `below` and
    // `below + 1` when it falls between two stored values.
    Wide at = bound.int_value;
    bool exact = true;
    if (column.storage() == Storage::kDecimal64) {
      const value::Decimal constant = bound.decimal_value;
      const std::int32_t gap = column.decimal_scale() - constant.scale;
      if (gap > 18 || gap < -18 || constant.units >= kUnitsLimit || constant.units <= -kUnitsLimit) return std::nullopt;
      Wide power = 1;
      for (std::int32_t k = 0; k < (gap < 0 ? -gap : gap); ++k) power *= 10;
      if (gap >= 0) {
        at = constant.units * power;
      } else {
        at = constant.units / power;
        const Wide rest = constant.units - at * power;
        if (rest < 0) --at;  // floor
        exact = rest == 0;
      }
    } else if (column.storage() != Storage::kInt32 && column.storage() != Storage::kInt64) {
      return std::nullopt;
    }
    // Not exact: `at` is the stored value just below the constant.
    switch (bound.op) {
      case ComparisonOp::kGreaterEqual: low = std::max(low, exact ? at : at + 1); break;
      case ComparisonOp::kGreater: low = std::max(low, at + 1); break;
      case ComparisonOp::kLessEqual: high = std::min(high, at); break;
      case ComparisonOp::kLess: high = std::min(high, exact ? at - 1 : at); break;
      case ComparisonOp::kEqual:
        empty |= !exact;
        low = std::max(low, at);
        high = std::min(high, at);
        break;
      default: return std::nullopt;
    }
  }
  empty |= low > high;
  if (empty) return Range{0, 0, true};
  return Range{static_cast<std::int64_t>(low), static_cast<std::int64_t>(high), false};
}

namespace {

// mask[i] (or &=, unless `first`) whether codes[i] lies in [low, low + span]
// and is not NULL; compared in the codes' own width so that the loop runs
// on as many codes a vector register holds.
template <class Code>
void mask_range(const Code* codes, const std::uint8_t* nulls, std::uint32_t count, std::uint64_t low_code,
                std::uint64_t span, bool first, std::uint8_t* __restrict mask) {
  const auto low = static_cast<Code>(low_code);
  const auto most = static_cast<Code>(span);
  auto pass = [&](std::uint32_t i) -> std::uint8_t { return static_cast<Code>(codes[i] - low) <= most; };
  if (first) {
    for (std::uint32_t i = 0; i < count; ++i) mask[i] = pass(i);
  } else {
    for (std::uint32_t i = 0; i < count; ++i) mask[i] &= pass(i);
  }
  if (nulls != nullptr) {
    for (std::uint32_t i = 0; i < count; ++i) mask[i] &= nulls[i] == 0;
  }
}

}  // namespace

std::uint32_t ZoneFilter::select(const storage::LeafColumns& columns, const storage::RowRef* leaf_rows,
                                 std::uint32_t leaf_size, std::uint32_t begin, std::uint32_t count,
                                 std::uint32_t* picks) const {
  // First the leaves' ranges alone: a column whose values all miss its range
  // rules the leaf out before any row is looked at; one whose values all
  // fall in it needs no look. What remains is tested row by row.
  struct RangeTest {
    const storage::LeafColumn* column;
    std::uint64_t low_code, span;  // the passing codes: [low_code, low_code + span]
  };
  RangeTest range_tests[kMaxTests];
  std::size_t range_test_count = 0;
  for (const ColumnBounds& on_column : bounds_) {
    const storage::LeafColumn* column =
        columns.column(on_column.column, on_column.kind, on_column.offset, leaf_rows, leaf_size);
    if (column == nullptr) continue;
    // A comparison with NULL is never true: a leaf of NULLs passes nothing.
    if (!column->has_values()) return 0;
    const std::optional<Range> range = range_in(on_column, *column);
    if (!range) continue;  // the whole filter still tests it
    if (range->empty || column->max() < range->low || column->min() > range->high) return 0;
    if (column->nulls() == nullptr && column->min() >= range->low && column->max() <= range->high) continue;
    // The range within the leaf's, as codes (which are values less the least).
    const std::int64_t low = std::max(range->low, column->min()), high = std::min(range->high, column->max());
    const auto reference = static_cast<std::uint64_t>(column->reference());
    if (range_test_count < kMaxTests) {
      range_tests[range_test_count++] = RangeTest{column, static_cast<std::uint64_t>(low) - reference,
                                                  static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low)};
    }
  }
  // The text sets: none of the leaf's values in the set rules it out; all of
  // them (and no NULL) needs no look.
  struct TextTest {
    const std::uint8_t* codes;
    std::uint64_t matching;  // bit kNullCode is never set
  };
  TextTest text_tests[kMaxTextSets];
  std::size_t text_test_count = 0;
  for (const TextSet& set : text_sets_) {
    const storage::LeafColumn* column = columns.column(set.column, SlotKind::kText, set.offset, leaf_rows, leaf_size);
    if (column == nullptr || column->codes() == nullptr) continue;  // nothing to test it on
    const std::uint64_t matching = matching_codes(set, *column);
    if (matching == 0) return 0;
    const std::uint64_t every = (std::uint64_t{1} << column->dictionary().size()) - 1;
    if (matching == every && column->nulls() == nullptr) continue;
    text_tests[text_test_count++] = TextTest{column->codes(), matching};
  }
  if (range_test_count == 0 && text_test_count == 0) {
    for (std::uint32_t k = 0; k < count; ++k) picks[k] = begin + k;
    return count;
  }
  // Every test over every row of a block into a mask (plain loops the
  // compiler vectorizes), then the passing rows listed once.
  constexpr std::uint32_t kBlock = 256;
  std::uint8_t mask[kBlock];
  std::uint32_t kept = 0;
  for (std::uint32_t from = begin; from < begin + count; from += kBlock) {
    const std::uint32_t n = std::min(kBlock, begin + count - from);
    bool first = true;
    for (std::size_t t = 0; t < range_test_count; ++t) {
      const RangeTest& test = range_tests[t];
      const std::uint8_t* nulls = test.column->nulls() != nullptr ? test.column->nulls() + from : nullptr;
      test.column->visit_codes(
          [&](const auto* codes) { mask_range(codes + from, nulls, n, test.low_code, test.span, first, mask); });
      first = false;
    }
    for (std::size_t t = 0; t < text_test_count; ++t) {
      const std::uint8_t* codes = text_tests[t].codes + from;
      const std::uint64_t wanted = text_tests[t].matching;
      if (first) {
        for (std::uint32_t i = 0; i < n; ++i) mask[i] = static_cast<std::uint8_t>((wanted >> codes[i]) & 1u);
      } else {
        for (std::uint32_t i = 0; i < n; ++i) mask[i] &= static_cast<std::uint8_t>((wanted >> codes[i]) & 1u);
      }
      first = false;
    }
    for (std::uint32_t i = 0; i < n; ++i) {  // no branch per row
      picks[kept] = from + i;
      kept += mask[i];
    }
  }
  return kept;
}

}  // namespace ptreedb::exec
