// A stored column value in PostgreSQL's text output format (DateStyle ISO,
// IntervalStyle postgres, numeric at its own scale, floats shortest-exact).
#pragma once

#include <string>

#include "storage/row/row.h"
#include "storage/row/row_layout.h"

namespace ptreedb::storage {

// Appends the text of a non-NULL column value.
void append_column_text(std::string& out, const RowLayout& layout, const RowRef& row,
                        std::size_t column);
std::string column_text(const RowLayout& layout, const RowRef& row, std::size_t column);

}  // namespace ptreedb::storage
