// Finding the rows that reference given rows of a referenced table, for the
// checks and cascades of deletes: through an index or a primary key prefix of
// the referencing table on the foreign key's columns when it has one (a few
// lookups per deleted row), else in one parallel scan of its rows.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "storage/constraints/foreign_key_keys.h"
#include "storage/table/table.h"

namespace ptreedb::storage {

struct ReferencingRow {
  std::size_t referenced;  // position in the referenced rows given
  RowKey key;              // in the referencing table's row tree
  RowRef row;
};

// The rows of `table` whose foreign key `key` (found through `target` in the
// referenced table, of schema `referenced_schema`) holds the key of one of
// `referenced_rows[i]` for i in `candidates` (rows whose key columns are not
// NULL, each key given once).
std::vector<ReferencingRow> rows_referencing(const Table& table, const ForeignKeySchema& key,
                                             const ReferenceTarget& target, const TableSchema& referenced_schema,
                                             std::span<const RowRef> referenced_rows,
                                             std::span<const std::size_t> candidates);

}  // namespace ptreedb::storage
