// Runs INSERT, UPDATE, DELETE and TRUNCATE. Each reads the world it was planned
// against, then commits with one Database::write; the write fails with 40001
// when a concurrent statement changed the table's schema or (UPDATE, DELETE)
// one of the rows this statement changes, so no change is ever lost.
#pragma once

#include "exec/statement_executor.h"
#include "planner/plan.h"
#include "txn/database.h"

namespace ptreedb::exec {

QueryResult run_insert(const planner::InsertPlan& plan, txn::Database& database);
QueryResult run_update(const planner::UpdatePlan& plan, txn::Database& database);
QueryResult run_delete(const planner::DeletePlan& plan, txn::Database& database);
QueryResult run_truncate(const planner::TruncatePlan& plan, txn::Database& database);

}  // namespace ptreedb::exec
