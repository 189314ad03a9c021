// Row positions of a table version in the order of its primary key, or of a
// secondary index's key then the primary key (the index holds each key's
// rows' primary keys in order), ascending or descending, within the ranges
// a filter allows: what ORDER BY ... LIMIT reads when it follows a key
// (planner/key_order_limit.h), a few positions at a time.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "exec/key_range.h"
#include "planner/bound_expression.h"
#include "storage/table/table.h"

namespace ptreedb::exec {

class KeyOrderWalk {
 public:
  // `index`: a position among the schema's indexes, or the primary key
  // (planner::ScanNode::kPrimaryKeyOrder, as the scan names it).
  // `filter` (folded, may be null) narrows the walk to its key range.
  KeyOrderWalk(const storage::Table& table, std::size_t index, bool descending,
               const planner::BoundExpression* filter);

  // Appends up to `count` further positions; false once none are left.
  bool next(std::size_t count, std::vector<std::size_t>& positions);

 private:
  const storage::Table& table_;
  const storage::IndexTree* index_ = nullptr;
  bool descending_;
  // Entries [low_, high_) of the walked tree: rows of the row tree, or
  // index keys of the index tree; `cursor_` is the next one (descending:
  // one past it).
  std::size_t low_ = 0, high_ = 0, cursor_ = 0;
  // Within the current index key: its rows' primary keys, and the next one.
  const storage::KeySet* keys_ = nullptr;
  std::size_t key_cursor_ = 0;
};

}  // namespace ptreedb::exec
