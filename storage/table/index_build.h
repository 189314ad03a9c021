// Builds a secondary index over rows a table already holds (CREATE INDEX, and
// index rebuilds when DDL re-keys a table) in one bulk pass instead of one
// insert per row.
#pragma once

#include "storage/catalog/table_schema.h"
#include "storage/table/table.h"

namespace ptreedb::storage {

// Index key -> set of primary keys for every row of `rows` (keyed as `schema`
// keys them). Index keys are computed and sorted in parallel, then each key's
// set and the index itself are built bottom-up with the P-Tree bulk build.
// A unique index over duplicate non-NULL keys throws 23505 "could not create
// unique index", naming the smallest duplicated key as PostgreSQL does.
IndexTree build_index(const TableSchema& schema, const IndexSchema& index, const RowTree& rows);

}  // namespace ptreedb::storage
