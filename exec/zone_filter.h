// Zone maps: a scan's filter compared with each leaf's least and greatest
// column values (storage/table/leaf_columns.h), so a leaf whose range a
// conjunct `column op constant` rules out is skipped whole: its rows are
// neither copied nor filtered. Integer, date, timestamp and numeric columns.
// The same conjuncts then pick the rows of the leaves that remain straight
// from their arrays, so the other columns are copied only for those rows.
// Text columns: a conjunct `column = constant`, an OR of such on one column
// or an IN list is tested against the leaf's numbered values (its
// dictionary), so a leaf without any of the constants is skipped and the
// rows of one that has them are picked by their codes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "planner/bound_expression.h"
#include "storage/catalog/table_schema.h"
#include "storage/table/leaf_columns.h"

namespace ptreedb::exec {

class ZoneFilter {
 public:
  ZoneFilter() = default;
  ZoneFilter(const storage::TableSchema& schema, const planner::BoundExpression& filter);

  bool empty() const { return bounds_.empty() && text_sets_.empty(); }
  // The columns whose leaf arrays select() reads.
  std::vector<std::size_t> columns() const;
  // Leaf rows [begin, begin + count) that pass every conjunct it can test
  // on the leaf's arrays (int32, int64 and int64-unit numeric columns; the
  // leaf's `leaf_size` `leaf_rows`, columns built as needed), in order into
  // `picks`; returns how many. A row it keeps may still fail the rest of the
  // filter; a row it drops fails the filter. A leaf whose column ranges rule
  // a conjunct out returns 0 before any row is read.
  std::uint32_t select(const storage::LeafColumns& columns, const storage::RowRef* leaf_rows, std::uint32_t leaf_size,
                       std::uint32_t begin, std::uint32_t count, std::uint32_t* picks) const;

 private:
  struct Bound {
    planner::ComparisonOp op;  // column op value
    std::int64_t int_value;    // integers, dates, timestamps
    value::Decimal decimal_value;
  };
  // The bounds on one column, which a leaf turns into one inclusive range
  // of its stored values.
  struct ColumnBounds {
    std::size_t column;
    storage::SlotKind kind;
    std::uint32_t offset;
    std::vector<Bound> bounds;
  };
  struct Range {
    std::int64_t low, high;
    bool empty;
  };
  // The stored values of `column` (int32, int64 or int64 units) that pass
  // every bound; none when the leaf's storage cannot say exactly.
  static std::optional<Range> range_in(const ColumnBounds& bounds, const storage::LeafColumn& column);
  // A text column equal to one of `values` (char(n): up to trailing blanks,
  // which `values` are kept without).
  struct TextSet {
    std::size_t column;
    std::uint32_t offset;
    bool blank_padded;
    std::vector<std::string> values;
  };
  static constexpr std::size_t kMaxTextSets = 64;
  static constexpr std::size_t kMaxTests = 64;  // columns with bounds tested row by row
  // Bit c set when dictionary entry c is one of the set's values.
  static std::uint64_t matching_codes(const TextSet& set, const storage::LeafColumn& column);
  std::vector<ColumnBounds> bounds_;
  std::vector<TextSet> text_sets_;
};

}  // namespace ptreedb::exec
