// ORDER BY a table's primary key (a prefix of it, ascending) with LIMIT:
// the table's row tree is already in that order, so the scan walks it from
// the start of its key range and stops once it has the rows the LIMIT keeps,
// and the sort only cuts (YCSB E's short scans: `WHERE k >= $1 ORDER BY k
// LIMIT n` reads n rows instead of sorting the rest of the table).
#pragma once

#include "planner/logical_plan.h"

namespace ptreedb::planner {

// Rewrites `sort` (a SortNode with a LIMIT) when its input is a scan, through
// projections of plain columns, and its keys are the scan's primary key.
void limit_in_key_order(PlanNode& sort);

}  // namespace ptreedb::planner
