// EXPLAIN and EXPLAIN ANALYZE: the operator tree as indented text in the
// spirit of PostgreSQL's, one row per line in a "QUERY PLAN" column, with the
// planner's estimated rows and, for ANALYZE, each operator's actual rows and
// times from a measured run of the statement.
//
// Times are wall-clock milliseconds from the moment an operator starts to its
// first and its last output row. Operators of one pipeline (a scan, its filter
// and projection, a join's probe side) run together, so their times overlap.
#pragma once

#include <string>
#include <vector>

#include "exec/plan_statistics.h"
#include "exec/statement_executor.h"
#include "planner/plan.h"
#include "txn/write_target.h"

namespace ptreedb::exec {

QueryResult run_explain(const planner::ExplainPlan& plan, txn::WriteTarget& database);

// The lines of the plan of `statement`; `statistics` (may be null) adds the
// actual rows and times.
std::vector<std::string> explain_lines(const planner::StatementPlan& statement, const planner::ExplainPlan& options,
                                       const PlanStatistics* statistics);

}  // namespace ptreedb::exec
