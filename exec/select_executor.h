// A SELECT: its operator tree run by the plan executor.
#pragma once

#include <vector>

#include "exec/vector.h"
#include "planner/plan.h"

namespace ptreedb::exec {

// The result chunks (visible columns only, in output order).
std::vector<Chunk> run_select(const planner::SelectPlan& plan);

}  // namespace ptreedb::exec
