// How a foreign key meets the table it references: which key of that table
// (its primary key or a unique index) holds the referenced columns, which
// column types may reference which, and the lookup key a referencing row's
// values make in that key's encoding.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "storage/catalog/table_schema.h"
#include "storage/row/row.h"
#include "storage/row/row_key.h"
#include "storage/value/type_id.h"

namespace ptreedb::storage {

// The referenced table's key a foreign key looks rows up in, with both sides'
// columns listed in that key's column order.
struct ReferenceTarget {
  std::optional<std::size_t> index;              // a unique index; none: the primary key
  std::vector<std::size_t> referencing_columns;  // positions in the referencing table
  std::vector<std::size_t> referenced_columns;   // positions in the referenced table
};

// The primary key or unique index whose columns are exactly `referenced` (in
// any order), paired with `referencing`; none when there is no such key
// (PostgreSQL's 42830 "there is no unique constraint matching given keys").
std::optional<ReferenceTarget> find_reference_target(const TableSchema& referenced_table,
                                                     std::span<const std::size_t> referencing,
                                                     std::span<const std::size_t> referenced);

// Whether a column of type `referencing` may reference one of type
// `referenced`: PostgreSQL needs an equality operator of the referenced
// column's operator family, directly or after an implicit cast.
bool foreign_key_types_compatible(value::TypeId referencing, value::TypeId referenced);

// The key `target` stores for the referencing values in `row` (whose
// referencing columns must not be NULL), converted to the referenced columns'
// types; none when no referenced value can equal them (a timestamp with a time
// of day never equals a date).
std::optional<RowKey> reference_key(const ReferenceTarget& target, const TableSchema& referencing_table,
                                    const TableSchema& referenced_table, const RowRef& row);

// The same key for a row of the referenced table itself.
RowKey referenced_key(const ReferenceTarget& target, const TableSchema& referenced_table, const RowRef& row);

// Whether `columns` of `row` are all NULL / any NULL.
bool all_null(std::span<const std::size_t> columns, const RowRef& row);
bool any_null(std::span<const std::size_t> columns, const RowRef& row);

}  // namespace ptreedb::storage
