// Copies stored column values from a row of one layout into a row being built
// in another: how DDL moves existing rows into a table's new layout.
#pragma once

#include <cstddef>

#include "storage/row/row.h"
#include "storage/row/row_layout.h"

namespace ptreedb::storage {

// Sets column `to` of `builder` to column `from` of `row` (NULL stays NULL).
// Both columns must have the same type.
void copy_column(RowBuilder& builder, std::size_t to, const RowLayout& layout, const RowRef& row,
                 std::size_t from);

}  // namespace ptreedb::storage
