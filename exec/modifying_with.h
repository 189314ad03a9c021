// Runs a statement with data-modifying WITH queries (planner::ModifyingWithPlan):
// each INSERT/UPDATE/DELETE part once, in order, its RETURNING rows kept in
// its slot for the CTE scans that read them, then the main statement. All
// writes go to the one WriteTarget, so the statement commits (or fails) as a
// whole.
#pragma once

#include <vector>

#include "exec/statement_executor.h"
#include "exec/vector.h"
#include "planner/plan.h"
#include "txn/write_target.h"

namespace ptreedb::exec {

QueryResult run_modifying_with(const planner::ModifyingWithPlan& plan, txn::WriteTarget& database, RowSink* sink);

// The rows a part returned; null before it ran.
const std::vector<Chunk>* returned_rows_of(const planner::ReturnedRowsSlot& slot);

}  // namespace ptreedb::exec
