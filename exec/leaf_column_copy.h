// Moving values out of a table leaf's column arrays (storage/table/
// leaf_columns.h) into a chunk's vectors: one typed loop per run of rows, no
// row reached, narrow storage widened on the way (frame-of-reference codes
// decoded to int64; numeric units stay units in a vector holding units at
// the leaf's scale, and become whole Decimals otherwise).
#pragma once

#include <cstddef>
#include <cstdint>

#include "exec/vector.h"
#include "storage/table/leaf_columns.h"

namespace ptreedb::exec {

// Leaf rows [from, from + count) into vector elements [to, to + count).
void copy_leaf_column(const storage::LeafColumn& column, std::uint32_t from, std::uint32_t count, Vector& vector,
                      std::size_t to);

// Leaf rows picks[i] - picks_base (i < count) into vector elements [to, to + count).
void gather_leaf_column(const storage::LeafColumn& column, const std::uint32_t* picks, std::uint32_t picks_base,
                        std::uint32_t count, Vector& vector, std::size_t to);

}  // namespace ptreedb::exec
