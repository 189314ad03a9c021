// Table versions rebuilt from a log or checkpoint: rows go back under the keys
// they were logged with (hidden row ids included) and indexes follow the rows.
#include <algorithm>

#include "storage/table/index_build.h"
#include "storage/table/table.h"
#include "storage/table/table_keys.h"

namespace ptreedb::storage {

Table Table::from_rows(std::shared_ptr<const TableSchema> schema, RowTree rows, std::uint64_t next_row_id) {
  Table table(std::move(schema));
  table.rows_ = std::move(rows);
  for (std::size_t position = 0; position < table.indexes_.size(); ++position) {
    table.indexes_[position] = build_index(*table.schema_, table.schema_->indexes()[position], table.rows_);
  }
  table.next_row_id_ = next_row_id;
  return table;
}

Table Table::with_logged_changes(std::vector<RowKey> deleted, std::vector<std::pair<RowKey, RowRef>> upserted,
                                 std::uint64_t next_row_id) const {
  if (rows_.empty() && deleted.empty()) {
    // A load into an empty table (COPY, a checkpoint): logged in key order, built bottom-up.
    return from_rows(schema_, RowTree::from_sorted(upserted), next_row_id);
  }
  // An updated row leaves its index entries first, as a deleted one does.
  for (const auto& [key, row] : upserted) {
    if (rows_.contains(key)) deleted.push_back(key);
  }
  Table next = deleted.empty() ? *this : delete_rows(std::move(deleted));
  next.next_row_id_ = next_row_id;  // exactly as logged (TRUNCATE may reset it)
  if (upserted.empty()) return next;
  for (std::size_t position = 0; position < indexes_.size(); ++position) {
    const IndexSchema& index = schema_->indexes()[position];
    std::vector<std::pair<RowKey, KeySet>> batch;
    batch.reserve(upserted.size());
    for (const auto& [key, row] : upserted) {
      batch.emplace_back(index_key_of(*schema_, index, row), KeySet::from_sorted({{key, ptree::Unit{}}}));
    }
    next.indexes_[position] = next.indexes_[position].multi_insert(
        std::move(batch), [](const KeySet& a, const KeySet& b) { return KeySet::set_union(a, b); });
  }
  next.rows_ = next.rows_.multi_insert(std::move(upserted));
  return next;
}

}  // namespace ptreedb::storage
