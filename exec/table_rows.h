// Table rows made from the columns of a chunk: the new rows of INSERT and
// UPDATE, whose values the plan has already coerced to the column types.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "exec/vector.h"
#include "planner/check_constraint.h"
#include "storage/catalog/table_schema.h"
#include "storage/row/row.h"

namespace ptreedb::exec {

// Rows `rows` of `chunk`, whose columns [first_column, first_column + the
// table's width) hold the table's columns in order. Throws 23502 when a NOT
// NULL column would hold NULL and 23514 when one of `checks` is false (with
// PostgreSQL's "Failing row contains (...)" detail), row by row.
std::vector<storage::RowRef> build_table_rows(const storage::TableSchema& schema, const Chunk& chunk,
                                              std::size_t first_column, std::span<const std::uint32_t> rows,
                                              std::span<const planner::BoundCheck> checks = {});

// PostgreSQL's detail for a constraint failure: "Failing row contains (1, null, x)."
std::string failing_row(const storage::TableSchema& schema, const storage::RowRef& row);

}  // namespace ptreedb::exec
