#include "exec/zone_filter.h"

#include "exec/key_range.h"
#include "exec/table_scan.h"

namespace ptreedb::exec {

using planner::ComparisonOp;
using storage::SlotKind;

ZoneFilter::ZoneFilter(const storage::TableSchema& schema, const planner::BoundExpression& filter) {
  std::vector<const planner::BoundExpression*> conjuncts;
  collect_conjuncts(filter, conjuncts);
  for (std::size_t column = 0; column < schema.columns().size(); ++column) {
    const value::SqlType& type = schema.columns()[column].type;
    const SlotKind kind = slot_kind_of(type.id);
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

bool ZoneFilter::excludes(const storage::LeafColumns& columns, const storage::RowRef* leaf_rows,
                          std::uint32_t leaf_size) const {
  for (const Bound& bound : bounds_) {
    const storage::LeafColumn* column = columns.column(bound.column, bound.kind, bound.offset, leaf_rows, leaf_size);
    if (column == nullptr) continue;
    // A comparison with NULL is never true: a leaf of NULLs passes nothing.
    if (!column->has_values()) return true;
    if (!column->has_range()) continue;
    const int low = compare(bound, *column, column->min());
    const int high = compare(bound, *column, column->max());
    bool none = false;
    switch (bound.op) {
      case ComparisonOp::kEqual: none = low > 0 || high < 0; break;
      case ComparisonOp::kLess: none = low >= 0; break;
      case ComparisonOp::kLessEqual: none = low > 0; break;
      case ComparisonOp::kGreater: none = high <= 0; break;
      case ComparisonOp::kGreaterEqual: none = high < 0; break;
      default: break;
    }
    if (none) return true;
  }
  return false;
}

}  // namespace ptreedb::exec
