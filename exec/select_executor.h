// A SELECT: its operator tree run by the plan executor.
#pragma once

#include <vector>

#include "exec/row_sink.h"
#include "exec/vector.h"
#include "planner/plan.h"

namespace ptreedb::exec {

// The result chunks (visible columns only, in output order).
std::vector<Chunk> run_select(const planner::SelectPlan& plan);
// The same rows in the same order, to `sink` while they are produced; returns
// their number.
std::size_t run_select(const planner::SelectPlan& plan, RowSink& sink);

}  // namespace ptreedb::exec
