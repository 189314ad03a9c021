// Access path from predicates: the part of a table's primary-key order a
// scan's filter can possibly accept, so a scan with `pk = 5` or
// `pk BETWEEN a AND b` walks an O(log n) subtree instead of the whole table.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "planner/bound_expression.h"
#include "storage/catalog/table_schema.h"
#include "storage/row/row_key.h"

namespace ptreedb::exec {

// Inclusive bounds on the primary key covering every row the filter accepts
// (a superset: the scan still applies the filter to each row).
struct KeyRange {
  storage::RowKey low;
  storage::RowKey high;
};

// The entries [first, end) of `tree` (a row tree or an index tree) between
// the range's inclusive bounds: two rank walks, O(log n).
template <class Tree>
std::pair<std::size_t, std::size_t> entries_between(const Tree& tree, const KeyRange& range) {
  std::size_t first = tree.rank(range.low);
  if (range.high < range.low) return {first, first};
  return {first, tree.rank(range.high) + (tree.contains(range.high) ? 1 : 0)};
}

// The AND-ed parts of `expr`, nested ANDs flattened, as pointers into it.
void collect_conjuncts(const planner::BoundExpression& expr, std::vector<const planner::BoundExpression*>& out);

// One comparison `column op constant` (sides swapped as needed) of a filter.
struct ColumnBound {
  planner::ComparisonOp op;
  const planner::Constant* constant;
  const planner::BoundExpression* conjunct;
};
// The conjuncts comparing column `column` (of type `type`, uncast) with a
// non-NULL constant of that same type (not <>).
std::vector<ColumnBound> bounds_on(const std::vector<const planner::BoundExpression*>& conjuncts, std::size_t column,
                                   const value::SqlType& type);

// A key above every key that starts with the encoded columns `prefix`.
std::string past_prefix(std::string prefix);

// Bounds from equalities on a prefix of the primary key, then a range on the
// next key column, each compared with a constant of the column's type; none
// when the filter does not restrict the first key column.
std::optional<KeyRange> primary_key_range(const storage::TableSchema& schema, const planner::BoundExpression& filter);

// The same over a secondary index's key (each column after its NULL marker;
// keys with a NULL column sort last and are never in an equality's range).
// `used` receives the conjuncts the bounds came from (EXPLAIN's Index Cond).
std::optional<KeyRange> index_key_range(const storage::TableSchema& schema, const storage::IndexSchema& index,
                                        const planner::BoundExpression& filter,
                                        std::vector<const planner::BoundExpression*>* used = nullptr);

// Point ranges from `c IN (constants)` or `c = k1 OR c = k2 ...` on the first
// key column, one per distinct item in key order (a key prefix when the key
// has more columns); nullopt when the filter has no such conjunct.
std::optional<std::vector<KeyRange>> primary_key_points(const storage::TableSchema& schema,
                                                        const planner::BoundExpression& filter,
                                                        std::vector<const planner::BoundExpression*>* used = nullptr);
std::optional<std::vector<KeyRange>> index_key_points(const storage::TableSchema& schema,
                                                      const storage::IndexSchema& index,
                                                      const planner::BoundExpression& filter,
                                                      std::vector<const planner::BoundExpression*>* used = nullptr);

}  // namespace ptreedb::exec
