// One version of a table: its schema, the tree of its rows by primary key, and
// one nested tree per secondary index (index key -> set of primary keys, seed
// 000 section 4). Every write returns a new Table sharing all untouched nodes
// with the old one, which stays readable by whoever holds it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
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

  // TRUNCATE: no rows, and new storage, as PostgreSQL gives the table a new
  // relfilenode: writes planned against an earlier storage must not land in
  // it (txn/write_set.h: same_relation). Counts truncations.
  Table truncated() const;
  std::uint64_t storage_generation() const { return storage_generation_; }
  Table with_storage_generation(std::uint64_t generation) const;

  // INSERT ... ON CONFLICT looked its proposed rows' conflicts up in this
  // table before inserting them: such a version carries a stamp no other
  // version has, so a commit can tell that its inserted keys were checked
  // against its snapshot, and that one taken concurrently means the look-up
  // is stale (a serialization failure, re-run under READ COMMITTED) rather
  // than a unique violation. The stamp is compared, never interpreted.
  Table with_arbitrated_inserts() const;
  std::uint64_t arbitration_stamp() const { return arbitration_stamp_; }
  // Keeps a stamp when the transaction's rows are merged onto a newer version.
  Table with_arbitration_stamp(std::uint64_t stamp) const;

  // ---- DDL: versions of this table under a changed schema (table_ddl.cpp) ----
  // The same rows and index trees under `schema`, which keeps this one's
  // layout, keys and indexes (renames, foreign key changes).
  Table with_schema(std::shared_ptr<const TableSchema> schema) const;
  // `schema` is this one plus one last index, built over the rows in bulk
  // (23505 "could not create unique index" when a unique one finds duplicates).
  Table with_added_index(std::shared_ptr<const TableSchema> schema) const;
  // `schema` is this one without index `position`.
  Table without_index(std::shared_ptr<const TableSchema> schema, std::size_t position) const;
  // Every row rewritten into `schema`'s layout by rewrite(old row, builder), in
  // parallel (ALTER TABLE ADD/DROP COLUMN). New index i keeps this table's tree
  // index_sources[i], or is built when that is nullopt. When `schema` gains or
  // loses a primary key, rows are re-keyed (by it, with 23505 "could not
  // create unique index" on duplicates, or by row id) and every index rebuilt;
  // the new key columns must hold no NULLs.
  using RowRewrite = std::function<RowRef(const RowRef& row, RowBuilder& builder)>;
  Table with_rewritten_rows(std::shared_ptr<const TableSchema> schema, const RowRewrite& rewrite,
                            const std::vector<std::optional<std::size_t>>& index_sources) const;

  // ---- Recovery (table_restore.cpp): versions rebuilt from logged changes ----
  // Rows keep the keys they were logged with; no constraint is checked again.
  std::uint64_t next_row_id() const { return next_row_id_; }
  // A table holding `rows`, every index built in bulk.
  static Table from_rows(std::shared_ptr<const TableSchema> schema, RowTree rows, std::uint64_t next_row_id);
  // This version without `deleted` and with `upserted` stored under their keys.
  Table with_logged_changes(std::vector<RowKey> deleted, std::vector<std::pair<RowKey, RowRef>> upserted,
                            std::uint64_t next_row_id) const;

 private:
  [[noreturn]] void throw_duplicate_primary_key(
      const std::vector<std::pair<RowKey, RowRef>>& entries) const;
  void check_unique_index(std::size_t position, const std::vector<RowRef>& inserted) const;
  // An UPDATE that moves no primary key: the new rows keyed and sorted by
  // key, and the rows of this version they replace, in the same order.
  struct InPlaceUpdate {
    std::vector<std::pair<RowKey, RowRef>> entries;
    std::vector<const RowRef*> replaced;  // into this version's row tree
  };
  // One when `inserted` go exactly under the keys of `deleted` (sorted here),
  // all present.
  std::optional<InPlaceUpdate> in_place_update(std::vector<RowKey>& deleted,
                                               const std::vector<RowRef>& inserted) const;
  // New values under existing keys: one path copy per row, and only the
  // index entries whose index key changed move.
  Table replace_values(const InPlaceUpdate& update) const;
  void throw_if_repeated_keys(const std::vector<std::pair<RowKey, RowRef>>& sorted) const;

  std::shared_ptr<const TableSchema> schema_;
  RowTree rows_;
  std::vector<IndexTree> indexes_;
  std::uint64_t next_row_id_ = 1;  // keys rows of tables without a primary key
  std::uint64_t storage_generation_ = 0;
  std::uint64_t arbitration_stamp_ = 0;
};

}  // namespace ptreedb::storage
