// An aggregate over every row's window frame, never by re-aggregating each
// frame: growing frames (from the partition's start, nothing excluded) by a
// running state per partition, any other frame by a segment tree of the
// rows' states, each frame piece the merge of O(log n) tree nodes. Both use
// the aggregate's own states (exec/aggregate/aggregate_state.h), so every
// aggregate works as a window aggregate.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "exec/interrupt_token.h"
#include "exec/memory_budget.h"
#include "exec/vector.h"
#include "exec/window/window_frames.h"
#include "planner/logical_plan.h"

namespace ptreedb::exec::window {

struct FrameAggregateInput {
  const planner::AggregateCall* call = nullptr;
  std::size_t rows = 0;
  const Vector* argument = nullptr;   // none for count(*)
  const Vector* separator = nullptr;  // string_agg's
  const std::vector<std::uint8_t>* counted = nullptr;  // FILTER: rows whose flag is 0 are left out
  // Rows [partition_begin[p], partition_begin[p + 1]) are partition p (the
  // last entry is `rows`).
  const std::vector<std::uint32_t>* partition_begin = nullptr;
  const InterruptToken* interrupt = nullptr;  // checked every 64 Ki rows
};

// The aggregate's value over `frame_of(row)`'s pieces (row numbers of the
// whole input) for every row; `growing`: every frame is [its partition's
// first row, an end that never moves back within the partition).
Vector aggregate_over_frames(const FrameAggregateInput& input, bool growing,
                             const std::function<FramePieces(std::uint32_t)>& frame_of, OperatorMemory* memory);

// The same when every row's frame is its whole partition (nothing
// excluded): one state per partition, folded once, finished once, its value
// given to each of the partition's rows (no running or tree states per row).
Vector aggregate_over_partitions(const FrameAggregateInput& input, OperatorMemory* memory);

// The segment tree's nodes covering rows [begin, end) of `rows` leaves, in
// row order (exposed for its unit test).
void covering_nodes(std::size_t rows, std::uint32_t begin, std::uint32_t end, std::vector<std::uint32_t>& nodes);

}  // namespace ptreedb::exec::window
