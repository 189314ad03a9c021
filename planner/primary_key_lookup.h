// Joins by key lookup: when one side of an inner join (or the build side of
// a semi or anti join) is a table scan whose primary key, or one of whose
// secondary indexes, starts with that side's join keys, and the other side
// is estimated to find far fewer rows than the table holds, the join looks
// each of the other side's keys up in the table's tree (a range of
// positions found in O(log n)), or in the index (its rows' primary keys,
// then their positions), instead of hashing or streaming the whole table:
// TPC-H Q21's EXISTS over lineitem by l_orderkey reads the few rows of a few
// thousand orders, not six million.
#pragma once

#include "planner/logical_plan.h"

namespace ptreedb::planner {

// Marks JoinNode::lookup on every join of the plan where it pays.
void choose_primary_key_lookups(PlanNode& root);

}  // namespace ptreedb::planner
