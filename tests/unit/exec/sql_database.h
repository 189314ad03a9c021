// The planner and executor over one in-memory database, without a server:
// statements planned against the latest snapshot and executed, for the exec
// unit tests that drive whole statements.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "exec/statement_executor.h"
#include "planner/parse/parse_sql.h"
#include "planner/statement_planner.h"
#include "storage/sql_error.h"
#include "txn/database.h"

namespace ptreedb::exec::testing {

struct SqlDatabase {
  txn::Database database;

  planner::StatementPlan plan(const std::string& sql) {
    planner::ParseTree tree = planner::parse_sql(sql);
    REQUIRE(tree.statement_count() == 1);
    return planner::plan_statement(*tree.statement(0).stmt, *database.snapshot());
  }

  QueryResult run(const std::string& sql) { return execute_statement(plan(sql), database); }

  // Column 0 of a query's rows, as integers.
  std::vector<std::int64_t> ints(const std::string& sql) {
    std::vector<std::int64_t> out;
    for (const auto& chunk : run(sql).chunks) {
      for (std::size_t row = 0; row < chunk.size; ++row) out.push_back(chunk.columns[0].ints[row]);
    }
    return out;
  }

  std::int64_t scalar(const std::string& sql) {
    auto values = ints(sql);
    REQUIRE(values.size() == 1);
    return values[0];
  }

  // Column 0 of a query's rows, as the text a text-like column holds.
  std::vector<std::string> texts(const std::string& sql) {
    std::vector<std::string> out;
    for (const auto& chunk : run(sql).chunks) {
      for (std::size_t row = 0; row < chunk.size; ++row) out.emplace_back(chunk.columns[0].texts[row]);
    }
    return out;
  }

  // The SQLSTATE a statement fails with; empty when it succeeds.
  std::string sqlstate(const std::string& sql) {
    try {
      run(sql);
    } catch (const SqlError& error) {
      return error.sqlstate();
    }
    return "";
  }
};

}  // namespace ptreedb::exec::testing
