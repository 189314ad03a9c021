// Zone maps: a scan's filter compared with each leaf's least and greatest
// column values (storage/table/leaf_columns.h), so a leaf whose range a
// conjunct `column op constant` rules out is skipped whole: its rows are
// neither copied nor filtered. Integer, date, timestamp and numeric columns.
#pragma once

#include <cstdint>
#include <vector>

#include "planner/bound_expression.h"
#include "storage/catalog/table_schema.h"
#include "storage/table/leaf_columns.h"

namespace ptreedb::exec {

class ZoneFilter {
 public:
  ZoneFilter() = default;
  ZoneFilter(const storage::TableSchema& schema, const planner::BoundExpression& filter);

  bool empty() const { return bounds_.empty(); }
  // True when no row of the leaf (its `leaf_size` `leaf_rows`, columns
  // built as needed) can pass the filter.
  bool excludes(const storage::LeafColumns& columns, const storage::RowRef* leaf_rows, std::uint32_t leaf_size) const;

 private:
  struct Bound {
    std::size_t column;
    storage::SlotKind kind;
    std::uint32_t offset;
    planner::ComparisonOp op;  // column op value
    std::int64_t int_value;    // integers, dates, timestamps
    value::Decimal decimal_value;
  };
  // <0, 0, >0 as the leaf's value `v` compares with the bound's constant.
  static int compare(const Bound& bound, const storage::LeafColumn& column, std::int64_t v);
  std::vector<Bound> bounds_;
};

}  // namespace ptreedb::exec
