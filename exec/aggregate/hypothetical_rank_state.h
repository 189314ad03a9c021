// The hypothetical-set aggregates rank, dense_rank, percent_rank and
// cume_dist (h) WITHIN GROUP (ORDER BY x): where a row with x = h would fall
// among the group's rows in the call's order, as PostgreSQL 15's
// hypothetical_*_final compute it. Rows arrive in that order with h beside
// each (the same value on every row), NULL x included; only counts are kept.
#pragma once

#include <memory>

#include "exec/aggregate/aggregate_state.h"

namespace ptreedb::exec {

std::unique_ptr<AggregateState> make_hypothetical_rank_state(planner::AggregateKind kind, value::SqlType result,
                                                             bool descending, bool nulls_first);

}  // namespace ptreedb::exec
