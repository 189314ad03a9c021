// Joins by primary-key lookup: when one side of an inner join (or the build
// side of a semi or anti join) is a table scan whose primary key starts with
// that side's join keys, and the other side is estimated far smaller than the
// table, the join looks each of the other side's keys up in the table's tree
// (a range of positions found in O(log n)) instead of hashing or streaming
// the whole table: TPC-H Q21's EXISTS over lineitem by l_orderkey reads the
// few rows of a few thousand orders, not six million.
#pragma once

#include "planner/logical_plan.h"

namespace ptreedb::planner {

// Marks JoinNode::lookup on every join of the plan where it pays.
void choose_primary_key_lookups(PlanNode& root);

}  // namespace ptreedb::planner
