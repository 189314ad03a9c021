// One version of a table: its schema, the tree of its rows by primary key, and
// one nested tree per secondary index (index key -> set of primary keys, seed
// 000 section 4). Every write returns a new Table sharing all untouched nodes
// with the old one, which stays readable by whoever holds it.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "storage/catalog/table_schema.h"
#include "storage/ptree/ptree.h"
#include "storage/row/row.h"
#include "storage/row/row_key.h"

namespace ptreedb::storage {

using RowTree = ptree::PTree<RowKey, RowRef>;
using KeySet = ptree::PTree<RowKey, ptree::Unit>;
using IndexTree = ptree::PTree<RowKey, KeySet>;

class Table {
 public:
  explicit Table(std::shared_ptr<const TableSchema> schema);

  const TableSchema& schema() const { return *schema_; }
  const std::shared_ptr<const TableSchema>& schema_ptr() const { return schema_; }
  const RowTree& rows() const { return rows_; }
  const IndexTree& index(std::size_t position) const { return indexes_[position]; }
  std::size_t row_count() const { return rows_.size(); }

  // A new version with `rows` added. Throws SqlError 23505 (with PostgreSQL's
  // message and detail) when a primary key or unique index value already exists
  // or repeats within the batch; this version is unchanged either way.
  Table insert_rows(std::vector<RowRef> rows) const;
  // A new version without the rows stored under `keys` (absent keys are ignored).
  Table delete_rows(std::vector<RowKey> keys) const;
  // Deletes, then inserts, as one new version (UPDATE: the new rows may move keys).
  Table replace_rows(std::vector<RowKey> deleted, std::vector<RowRef> inserted) const;

 private:
  [[noreturn]] void throw_duplicate_primary_key(
      const std::vector<std::pair<RowKey, RowRef>>& entries) const;
  void check_unique_index(std::size_t position, const std::vector<RowRef>& inserted) const;

  std::shared_ptr<const TableSchema> schema_;
  RowTree rows_;
  std::vector<IndexTree> indexes_;
  std::uint64_t next_row_id_ = 1;  // keys rows of tables without a primary key
};

}  // namespace ptreedb::storage
