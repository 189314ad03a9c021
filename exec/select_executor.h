// SELECT as parallel map-reduce over the table tree: the tree is split into
// position ranges (morsels), each scanned, filtered and projected chunk by chunk
// on its own task; the results are concatenated in key order, then sorted and
// limited.
#pragma once

#include <vector>

#include "exec/vector.h"
#include "planner/plan.h"

namespace ptreedb::exec {

// The result chunks (visible columns only, in output order).
std::vector<Chunk> run_select(const planner::SelectPlan& plan);

}  // namespace ptreedb::exec
