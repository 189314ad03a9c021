// INSERT ... ON CONFLICT: each proposed row, in order, is looked up in the
// arbiter constraints of the table version the statement writes onto; a
// row with no conflict is inserted, a conflicting one skipped (DO NOTHING)
// or its existing row updated (DO UPDATE, evaluated over the existing and
// the EXCLUDED row). The new version is stamped (Table::with_arbitrated_inserts)
// so a commit that finds an inserted key taken concurrently fails with 40001
// instead of 23505, and READ COMMITTED runs the statement again on the newer
// world, where it finds the row and updates it or does nothing.
#pragma once

#include "exec/statement_executor.h"
#include "planner/plan.h"
#include "txn/write_target.h"

namespace ptreedb::exec {

QueryResult run_upsert(const planner::InsertPlan& plan, txn::WriteTarget& database);

}  // namespace ptreedb::exec
