// Helpers for the transaction tests: run one SQL statement against a write
// target (autocommit database or a block) through the real planner and executor.
#pragma once

#include <cstdint>
#include <string>

#include <catch2/catch.hpp>

#include "exec/statement_executor.h"
#include "planner/parse/parse_sql.h"
#include "planner/statement_planner.h"
#include "txn/write_target.h"

namespace ptreedb::txn::test {

inline exec::QueryResult run(WriteTarget& target, const std::string& sql) {
  planner::ParseTree tree = planner::parse_sql(sql);
  REQUIRE(tree.statement_count() == 1);
  auto plan = planner::plan_statement(*tree.statement(0).stmt, *target.snapshot());
  return exec::execute_statement(plan, target);
}

// The one integer a statement answers.
inline std::int64_t scalar(WriteTarget& target, const std::string& sql) {
  auto result = run(target, sql);
  REQUIRE(result.chunks.size() == 1);
  REQUIRE(result.chunks[0].size == 1);
  return result.chunks[0].columns[0].ints[0];
}

}  // namespace ptreedb::txn::test
