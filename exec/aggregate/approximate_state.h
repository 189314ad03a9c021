// The running state of the approximate aggregates (planner/approximate_aggregate.h):
// per group the rows counted, the sum and the sum of squares of the
// argument, and the sample's fraction from the call's second argument.
#pragma once

#include <memory>

#include "exec/aggregate/aggregate_state.h"

namespace ptreedb::exec {

std::unique_ptr<AggregateState> make_approximate_state(planner::AggregateKind kind);

}  // namespace ptreedb::exec
