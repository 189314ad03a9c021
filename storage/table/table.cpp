#include "storage/table/table.h"

#include <algorithm>
#include <atomic>

#include "storage/sql_error.h"
#include "storage/table/table_keys.h"

namespace ptreedb::storage {
namespace {

using IndexEntry = std::pair<RowKey, KeySet>;

KeySet single_key(RowKey key) { return KeySet::from_sorted({{std::move(key), ptree::Unit{}}}); }

[[noreturn]] void throw_unique_violation(const std::string& constraint, const std::string& key) {
  throw SqlError(sqlstate::kUniqueViolation,
                 "duplicate key value violates unique constraint \"" + constraint + "\"",
                 "Key " + key + " already exists.");
}

// The index tree with primary keys added under their index keys.
IndexTree add_index_entries(const IndexTree& index, std::vector<IndexEntry> additions) {
  return index.multi_insert(std::move(additions),
                            [](const KeySet& a, const KeySet& b) { return KeySet::set_union(a, b); });
}

// The index tree without the given primary keys; index keys left with none go.
IndexTree remove_index_entries(const IndexTree& index, std::vector<IndexEntry> removals) {
  // Group the primary keys to remove by index key, then subtract each group
  // from the stored set.
  auto grouped = IndexTree::build(std::move(removals), [](const KeySet& a, const KeySet& b) {
                   return KeySet::set_union(a, b);
                 }).to_vector();
  IndexTree updated = index.multi_insert_sorted(grouped, [](const KeySet& stored, const KeySet& removed) {
    return KeySet::set_difference(stored, removed);
  });
  std::vector<RowKey> emptied;
  for (const auto& [index_key, unused] : grouped) {
    const KeySet* remaining = updated.find(index_key);
    if (remaining != nullptr && remaining->empty()) emptied.push_back(index_key);
  }
  return std::move(updated).multi_delete(std::move(emptied));
}

}  // namespace

Table::Table(std::shared_ptr<const TableSchema> schema)
    : schema_(std::move(schema)), indexes_(schema_->indexes().size()) {}

Table Table::truncated() const {
  Table next(schema_);
  next.storage_generation_ = storage_generation_ + 1;
  return next;
}

Table Table::with_storage_generation(std::uint64_t generation) const {
  Table next = *this;
  next.storage_generation_ = generation;
  return next;
}

Table Table::with_arbitrated_inserts() const {
  static std::atomic<std::uint64_t> last_stamp{0};
  Table next = *this;
  next.arbitration_stamp_ = last_stamp.fetch_add(1, std::memory_order_relaxed) + 1;
  return next;
}

Table Table::with_arbitration_stamp(std::uint64_t stamp) const {
  Table next = *this;
  next.arbitration_stamp_ = stamp;
  return next;
}

void Table::throw_duplicate_primary_key(const std::vector<std::pair<RowKey, RowRef>>& entries) const {
  // Only on the error path: find which key collided, for the message's detail.
  std::vector<const std::pair<RowKey, RowRef>*> sorted;
  for (const auto& entry : entries) sorted.push_back(&entry);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](auto* a, auto* b) { return a->first < b->first; });
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    bool repeats = i + 1 < sorted.size() && sorted[i]->first == sorted[i + 1]->first;
    if (repeats || rows_.contains(sorted[i]->first)) {
      const RowRef& row = repeats ? sorted[i + 1]->second : sorted[i]->second;
      throw_unique_violation(primary_key_index_name(*schema_),
                             describe_key(*schema_, schema_->primary_key(), row));
    }
  }
  throw SqlError(sqlstate::kInternalError, "duplicate primary key not found");
}

void Table::check_unique_index(std::size_t position, const std::vector<RowRef>& inserted) const {
  const IndexSchema& index = schema_->indexes()[position];
  for (const RowRef& row : inserted) {
    if (has_null_in(index, row)) continue;  // NULLs never collide, as in PostgreSQL
    const KeySet* holders = indexes_[position].find(index_key_of(*schema_, index, row));
    if (holders != nullptr && holders->size() > 1) {
      throw_unique_violation(index.name, describe_key(*schema_, index.columns, row));
    }
  }
}

Table Table::insert_rows(std::vector<RowRef> rows) const {
  Table next = *this;
  std::vector<std::pair<RowKey, RowRef>> entries;
  entries.reserve(rows.size());
  for (const RowRef& row : rows) {
    RowKey key = schema_->has_primary_key() ? primary_key_of(*schema_, row)
                                            : row_id_key(next.next_row_id_++);
    entries.emplace_back(std::move(key), row);
  }
  // The combine function runs exactly when a key meets itself: a duplicate.
  std::atomic<bool> duplicate{false};
  next.rows_ = rows_.multi_insert(entries, [&](const RowRef& existing, const RowRef&) {
    duplicate.store(true, std::memory_order_relaxed);
    return existing;
  });
  if (duplicate.load()) throw_duplicate_primary_key(entries);

  for (std::size_t position = 0; position < indexes_.size(); ++position) {
    const IndexSchema& index = schema_->indexes()[position];
    std::vector<IndexEntry> batch;
    batch.reserve(entries.size());
    for (const auto& [key, row] : entries) {
      batch.emplace_back(index_key_of(*schema_, index, row), single_key(key));
    }
    next.indexes_[position] = add_index_entries(indexes_[position], std::move(batch));
    if (index.unique) next.check_unique_index(position, rows);
  }
  return next;
}

Table Table::delete_rows(std::vector<RowKey> keys) const {
  Table next = *this;
  for (std::size_t position = 0; position < indexes_.size(); ++position) {
    const IndexSchema& index = schema_->indexes()[position];
    std::vector<IndexEntry> removals;
    for (const RowKey& key : keys) {
      if (const RowRef* row = rows_.find(key)) {
        removals.emplace_back(index_key_of(*schema_, index, *row), single_key(key));
      }
    }
    if (!removals.empty()) next.indexes_[position] = remove_index_entries(indexes_[position], std::move(removals));
  }
  next.rows_ = rows_.multi_delete(std::move(keys));
  return next;
}

Table Table::replace_rows(std::vector<RowKey> deleted, std::vector<RowRef> inserted) const {
  if (auto update = in_place_update(deleted, inserted)) return replace_values(*update);
  return delete_rows(std::move(deleted)).insert_rows(std::move(inserted));
}

std::optional<Table::InPlaceUpdate> Table::in_place_update(std::vector<RowKey>& deleted,
                                                           const std::vector<RowRef>& inserted) const {
  if (!schema_->has_primary_key() || deleted.size() != inserted.size()) return std::nullopt;
  InPlaceUpdate update;
  update.entries.reserve(inserted.size());
  for (const RowRef& row : inserted) update.entries.emplace_back(primary_key_of(*schema_, row), row);
  auto& entries = update.entries;
  auto by_key = [](const auto& a, const auto& b) { return a.first < b.first; };
  if (!std::is_sorted(entries.begin(), entries.end(), by_key)) std::sort(entries.begin(), entries.end(), by_key);
  if (!std::is_sorted(deleted.begin(), deleted.end())) std::sort(deleted.begin(), deleted.end());
  update.replaced.reserve(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    bool repeated = i > 0 && entries[i - 1].first == entries[i].first;
    if (repeated || entries[i].first != deleted[i]) return std::nullopt;
    const RowRef* replaced = rows_.find(deleted[i]);
    if (replaced == nullptr) return std::nullopt;
    update.replaced.push_back(replaced);
  }
  return update;
}

Table Table::replace_values(const InPlaceUpdate& update) const {
  Table next = *this;
  for (std::size_t position = 0; position < indexes_.size(); ++position) {
    const IndexSchema& index = schema_->indexes()[position];
    std::vector<IndexEntry> removals, additions;
    std::vector<RowRef> moved;
    for (std::size_t i = 0; i < update.entries.size(); ++i) {
      const auto& [key, row] = update.entries[i];
      RowKey old_index_key = index_key_of(*schema_, index, *update.replaced[i]);
      RowKey new_index_key = index_key_of(*schema_, index, row);
      if (old_index_key == new_index_key) continue;
      removals.emplace_back(std::move(old_index_key), single_key(key));
      additions.emplace_back(std::move(new_index_key), single_key(key));
      moved.push_back(row);
    }
    if (moved.empty()) continue;
    next.indexes_[position] =
        add_index_entries(remove_index_entries(indexes_[position], std::move(removals)), std::move(additions));
    if (index.unique) next.check_unique_index(position, moved);
  }
  next.rows_ = rows_.multi_insert_sorted(update.entries, ptree::KeepNew{});
  return next;
}

}  // namespace ptreedb::storage
