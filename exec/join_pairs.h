// The (probe row, build row) pairs a hash join found, as rows of probe
// columns followed by build columns. Late materialization: only the columns
// a caller asks for are gathered, the others stay unloaded (empty vectors,
// as a scan leaves the columns nobody reads).
#pragma once

#include <cstdint>
#include <vector>

#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

// `wanted` has one flag per probe column then per build column; nullptr: all.
// A build row of kNoRow gives NULLs (an outer join's unmatched probe row).
Chunk gather_pairs(const Chunk& probe, const Chunk& build, const std::vector<std::uint32_t>& probe_rows,
                   const std::vector<std::uint32_t>& build_rows, const std::vector<std::uint8_t>* wanted);

// Flags of the columns of probe ++ build (`width` of them) `expr` reads.
std::vector<std::uint8_t> columns_read(const planner::BoundExpression& expr, std::size_t width);

}  // namespace ptreedb::exec
