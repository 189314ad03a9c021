// ORDER BY a table's primary key (a prefix of it) with LIMIT: the table's
// row tree is already in that order, so the scan walks it (forwards or
// backwards) from the end of its key range and stops once it has the rows
// the LIMIT keeps, and the sort only cuts (YCSB E's short scans:
// `WHERE k >= $1 ORDER BY k LIMIT n` reads n rows instead of sorting the
// rest of the table). Likewise ORDER BY a prefix of a secondary index's
// columns followed by the primary key's, all ascending with NULLS LAST or
// all descending with NULLS FIRST (the index sorts NULLs last): the scan
// walks the index (`ORDER BY created DESC LIMIT 10`).
#pragma once

#include "planner/logical_plan.h"

namespace ptreedb::planner {

// Rewrites `sort` (a SortNode with a LIMIT) when its input is a scan, through
// projections of plain columns, and its keys follow the primary key or an index.
void limit_in_key_order(PlanNode& sort);

}  // namespace ptreedb::planner
