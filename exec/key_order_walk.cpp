#include "exec/key_order_walk.h"

#include <tuple>

#include "planner/logical_plan.h"

namespace ptreedb::exec {

KeyOrderWalk::KeyOrderWalk(const storage::Table& table, std::size_t index, bool descending,
                           const planner::BoundExpression* filter)
    : table_(table), descending_(descending) {
  const storage::TableSchema& schema = table.schema();
  if (index == planner::ScanNode::kPrimaryKeyOrder) {
    high_ = table.rows().size();
    if (filter != nullptr) {
      if (std::optional<KeyRange> range = primary_key_range(schema, *filter)) {
        std::tie(low_, high_) = entries_between(table.rows(), *range);
      }
    }
  } else {
    index_ = &table.index(index);
    high_ = index_->size();
    if (filter != nullptr) {
      if (std::optional<KeyRange> range = index_key_range(schema, schema.indexes()[index], *filter)) {
        std::tie(low_, high_) = entries_between(*index_, *range);
      }
    }
  }
  cursor_ = descending ? high_ : low_;
}

bool KeyOrderWalk::next(std::size_t count, std::vector<std::size_t>& positions) {
  const storage::RowTree& rows = table_.rows();
  std::size_t added = 0;
  while (added < count) {
    if (index_ == nullptr) {
      if (descending_ ? cursor_ == low_ : cursor_ == high_) break;
      positions.push_back(descending_ ? --cursor_ : cursor_++);
      ++added;
      continue;
    }
    if (keys_ == nullptr) {
      // The next index key's rows.
      if (descending_ ? cursor_ == low_ : cursor_ == high_) break;
      keys_ = &index_->select(descending_ ? --cursor_ : cursor_++).value;
      key_cursor_ = descending_ ? keys_->size() : 0;
    }
    if (descending_ ? key_cursor_ == 0 : key_cursor_ == keys_->size()) {
      keys_ = nullptr;
      continue;
    }
    std::size_t at = descending_ ? --key_cursor_ : key_cursor_++;
    positions.push_back(rows.rank(keys_->select(at).key));
    ++added;
  }
  return added > 0;
}

}  // namespace ptreedb::exec
