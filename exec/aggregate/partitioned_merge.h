// Merges the per-task tables of a hash aggregate that found many groups:
// each table's groups split by the top bits of their key hash into
// partitions; every partition merges its groups from all tables, finishes,
// and frees its table on its own, in parallel. The tables are torn down in
// parallel too, so neither merging nor freeing millions of groups is serial.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "exec/hash_aggregate.h"
#include "exec/memory_budget.h"

namespace ptreedb::exec {

// Below this many groups in all, tables merge one into the next.
inline constexpr std::size_t kPartitionedMergeGroups = 1 << 16;

// The group rows of all `tables` (consumed), one chunk per partition (so no
// serial copy joins them). `check` runs in each partition's task
// (cancellation); partition tables are charged to `memory`.
std::vector<Chunk> merge_partitioned(std::vector<std::unique_ptr<AggregationTable>> tables,
                                     const std::vector<planner::BoundExpression>& keys,
                                     const std::vector<planner::AggregateCall>& aggregates, OperatorMemory& memory,
                                     const std::function<void()>& check);

}  // namespace ptreedb::exec
