// Runs INSERT, UPDATE, DELETE and TRUNCATE. Each reads the world it was planned
// against, then commits with one WriteTarget::write; the write fails with 40001
// when a concurrent statement changed the table's schema or (UPDATE, DELETE)
// one of the rows this statement changes, so no change is ever lost.
#pragma once

#include "exec/statement_executor.h"
#include "planner/plan.h"
#include "txn/write_target.h"

namespace ptreedb::exec {

QueryResult run_insert(const planner::InsertPlan& plan, txn::WriteTarget& database);
QueryResult run_update(const planner::UpdatePlan& plan, txn::WriteTarget& database);
QueryResult run_delete(const planner::DeletePlan& plan, txn::WriteTarget& database);
QueryResult run_truncate(const planner::TruncatePlan& plan, txn::WriteTarget& database);

}  // namespace ptreedb::exec
