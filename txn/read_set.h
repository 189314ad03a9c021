// What a SERIALIZABLE transaction read: per table, the primary-key ranges
// its scans covered (a scan the key could not narrow covers the whole table).
// At commit, a transaction whose reads a concurrent commit changed fails
// with 40001: the rows it saw, and the rows absent from a range it searched
// (phantoms), are exactly as they were in its snapshot, or it does not commit.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "storage/row/row_key.h"
#include "storage/world/world.h"

namespace ptreedb::txn {

class ReadSet {
 public:
  // Keys from `low` to `high`, both included.
  void note_range(const std::string& table, storage::RowKey low, storage::RowKey high);
  void note_table(const std::string& table);
  void merge(const ReadSet& other);
  bool empty() const { return tables_.empty(); }

  // True when `current` differs from `snapshot` in something read: a row
  // added, removed or replaced within a range, any row of a table read
  // whole, or a table read that was dropped, recreated or altered.
  bool changed_between(const storage::World& snapshot, const storage::World& current) const;

 private:
  struct TableReads {
    bool whole = false;
    std::vector<std::pair<storage::RowKey, storage::RowKey>> ranges;
  };
  std::map<std::string, TableReads> tables_;
};

}  // namespace ptreedb::txn
