// Keys of a table's trees, built from rows: the primary key (or a hidden row id
// when the table has none) and each secondary index key.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "storage/catalog/table_schema.h"
#include "storage/row/row.h"
#include "storage/row/row_key.h"

namespace ptreedb::storage {

// Appends the order-preserving encoding of one column's value (which must not be NULL).
void append_column_key(std::string& key, const RowLayout& layout, const RowRef& row,
                       std::size_t column);

RowKey primary_key_of(const TableSchema& schema, const RowRef& row);
RowKey row_id_key(std::uint64_t row_id);
// Secondary index keys mark each column NULL or not, so NULLs index (and sort last).
RowKey index_key_of(const TableSchema& schema, const IndexSchema& index, const RowRef& row);
// True when any of the index's columns is NULL in `row` (such rows never violate UNIQUE).
bool has_null_in(const IndexSchema& index, const RowRef& row);

// The name of the index behind a table's primary key (and of its constraint).
std::string primary_key_index_name(const TableSchema& schema);

// Renders the key columns as PostgreSQL does in a unique-violation detail:
// "(a, b)=(1, x)".
std::string describe_key(const TableSchema& schema, std::span<const std::size_t> columns,
                         const RowRef& row);

}  // namespace ptreedb::storage
