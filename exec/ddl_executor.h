// Runs DDL plans (views, indexes, ALTER, DROP). Each statement derives the
// next world from the committed one inside WriteTarget::write, so it is checked
// against every earlier commit and publishes all of its changes at once.
#pragma once

#include "exec/statement_executor.h"
#include "planner/ddl_plan.h"
#include "txn/write_target.h"

namespace ptreedb::exec {

QueryResult execute_ddl(const planner::DdlPlan& plan, txn::WriteTarget& database);

// Throws 42P01 when a foreign key of `schema` references a table `world`
// lacks (CREATE TABLE commits after a concurrent DROP of the referenced table).
void check_referenced_tables(const storage::World& world, const storage::TableSchema& schema);

}  // namespace ptreedb::exec
