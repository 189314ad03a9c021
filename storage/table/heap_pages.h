// The pages PostgreSQL's heap would lay a table's rows out on: rows in
// their order here, as many to a page as fit an 8 kB page at the table's
// fillfactor. TABLESAMPLE SYSTEM takes whole pages as PostgreSQL's does, and
// with the same row-to-page numbering its REPEATABLE samples are the ones
// PostgreSQL draws from a table loaded the same way.
#pragma once

#include <cstddef>

#include "storage/row/row.h"
#include "storage/table/table.h"

namespace ptreedb::storage {

// PostgreSQL's heap tuple length of `row` (header, null bitmap, aligned
// values, short varlena headers), rounded to 8 bytes. An approximation
// where PostgreSQL's binary form differs from what is stored here (arrays,
// jsonb) and for long tuples, capped at TOAST's 2032-byte target (PostgreSQL
// compresses their values or moves them out).
std::size_t heap_tuple_length(const TableSchema& schema, const RowRef& row);

// How many tuples of `tuple_length` bytes PostgreSQL puts on one page at
// `fillfactor` percent (RelationGetBufferForTuple and PageAddItem's rules).
std::size_t heap_tuples_per_page(std::size_t tuple_length, int fillfactor);

// The table's rows per page: tuples of the mean length of up to 64 rows
// taken evenly through it. At least 1; 1 for an empty table.
std::size_t heap_rows_per_page(const Table& table);

}  // namespace ptreedb::storage
