#include "txn/read_set.h"

namespace ptreedb::txn {

void ReadSet::note_range(const std::string& table, storage::RowKey low, storage::RowKey high) {
  TableReads& reads = tables_[table];
  if (reads.whole) return;
  // Many point reads of one row (a loop of selects) are kept once.
  for (const auto& [l, h] : reads.ranges) {
    if (compare(l, low) == 0 && compare(h, high) == 0) return;
  }
  reads.ranges.emplace_back(std::move(low), std::move(high));
}

void ReadSet::note_table(const std::string& table) {
  TableReads& reads = tables_[table];
  reads.whole = true;
  reads.ranges.clear();
}

void ReadSet::merge(const ReadSet& other) {
  for (const auto& [name, reads] : other.tables_) {
    if (reads.whole) {
      note_table(name);
      continue;
    }
    for (const auto& [low, high] : reads.ranges) note_range(name, low, high);
  }
}

bool ReadSet::changed_between(const storage::World& snapshot, const storage::World& current) const {
  for (const auto& [name, reads] : tables_) {
    auto before = snapshot.find_table(name);
    auto after = current.find_table(name);
    if (before == after) continue;
    if (!before || !after || before->schema_ptr() != after->schema_ptr() || reads.whole) return true;
    for (const auto& [low, high] : reads.ranges) {
      // Both versions share every subtree no commit touched, so the walk
      // costs only what changed inside the range.
      storage::RowTree old_rows = before->rows().range(low, high);
      storage::RowTree new_rows = after->rows().range(low, high);
      bool changed = false;
      storage::RowTree::diff(
          old_rows, new_rows,
          [](const storage::RowRef& a, const storage::RowRef& b) { return a.bytes() == b.bytes(); },
          [&](const storage::RowKey&, const storage::RowRef*, const storage::RowRef*) { changed = true; });
      if (changed) return true;
    }
  }
  return false;
}

}  // namespace ptreedb::txn
