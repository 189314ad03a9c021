#include "planner/parameters.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "exec/statement_executor.h"
#include "planner/parse/parse_sql.h"
#include "planner/statement_planner.h"
#include "storage/sql_error.h"
#include "txn/database.h"

using namespace ptreedb;
using value::SqlType;
using value::TypeId;

namespace {

struct TestDatabase {
  txn::Database database;

  TestDatabase() {
    run("create table t (id int primary key, amount numeric(10,2), name varchar(20), day date)", nullptr);
    run("insert into t values (1, 1.50, 'one', '2024-01-01'), (2, 2.50, 'two', '2024-01-02'), "
        "(3, 3.50, 'three', '2024-01-03')", nullptr);
  }

  exec::QueryResult run(const std::string& sql, planner::StatementParameters* parameters) {
    planner::ParseTree tree = planner::parse_sql(sql);
    planner::ParameterScope scope(parameters);
    return exec::execute_statement(planner::plan_statement(*tree.statement(0).stmt, *database.snapshot()), database);
  }

  // Parse-time inference: the types the context gives $1..$n (undeclared ones).
  std::vector<TypeId> infer(const std::string& sql, std::vector<std::optional<TypeId>> declared = {}) {
    planner::ParseTree tree = planner::parse_sql(sql);
    const auto& statement = *tree.statement(0).stmt;
    planner::StatementParameters parameters;
    std::size_t count = std::max<std::size_t>(declared.size(), planner::highest_parameter_number(statement));
    parameters.types.assign(count, SqlType::of(TypeId::kText));
    parameters.open.assign(count, true);
    for (std::size_t i = 0; i < declared.size(); ++i) {
      if (declared[i]) {
        parameters.types[i] = SqlType::of(*declared[i]);
        parameters.open[i] = false;
      }
    }
    {
      planner::ParameterScope scope(&parameters);
      planner::plan_statement(statement, *database.snapshot());
    }
    parameters.close_open_types();
    std::vector<TypeId> out;
    for (const auto& type : parameters.types) out.push_back(type.id);
    return out;
  }
};

planner::StatementParameters bound(std::vector<std::pair<TypeId, std::optional<std::string>>> values) {
  planner::StatementParameters parameters;
  for (auto& [type, text] : values) {
    parameters.types.push_back(SqlType::of(type));
    parameters.open.push_back(false);
    parameters.values.push_back(text);
  }
  parameters.bound = true;
  return parameters;
}

}  // namespace

TEST_CASE("parameter types are inferred from their context as PostgreSQL does") {
  TestDatabase db;
  CHECK(db.infer("select * from t where id = $1") == std::vector{TypeId::kInteger});
  CHECK(db.infer("select * from t where name = $1 and amount > $2") == std::vector{TypeId::kVarchar, TypeId::kNumeric});
  CHECK(db.infer("select $1 + 1") == std::vector{TypeId::kInteger});
  CHECK(db.infer("select $1") == std::vector{TypeId::kText});
  CHECK(db.infer("select $1::date") == std::vector{TypeId::kDate});
  CHECK(db.infer("select id from t limit $1 offset $2") == std::vector{TypeId::kBigint, TypeId::kBigint});
  CHECK(db.infer("insert into t values ($1, $2, $3, $4)") ==
        std::vector{TypeId::kInteger, TypeId::kNumeric, TypeId::kVarchar, TypeId::kDate});
  CHECK(db.infer("update t set name = $2 where id = $1") == std::vector{TypeId::kInteger, TypeId::kVarchar});
  // A declared type wins over the context.
  CHECK(db.infer("select * from t where id = $1", {TypeId::kBigint}) == std::vector{TypeId::kBigint});
  // Declared but unused parameters count too.
  CHECK(db.infer("select 1", {TypeId::kInteger, std::nullopt}) == std::vector{TypeId::kInteger, TypeId::kText});
}

TEST_CASE("bound parameters are values of their type") {
  TestDatabase db;
  auto parameters = bound({{TypeId::kInteger, "2"}});
  auto result = db.run("select name from t where id = $1", &parameters);
  REQUIRE(result.chunks.size() == 1);
  REQUIRE(result.chunks[0].size == 1);
  CHECK(result.chunks[0].columns[0].texts[0] == "two");

  auto limit = bound({{TypeId::kBigint, "2"}});
  auto limited = db.run("select id from t order by id limit $1", &limit);
  std::size_t rows = 0;
  for (const auto& chunk : limited.chunks) rows += chunk.size;
  CHECK(rows == 2);

  auto null = bound({{TypeId::kInteger, std::nullopt}});
  auto none = db.run("select id from t where id = $1", &null);
  rows = 0;
  for (const auto& chunk : none.chunks) rows += chunk.size;
  CHECK(rows == 0);

  auto insert = bound({{TypeId::kInteger, "4"}, {TypeId::kText, "4.25"}});
  db.run("insert into t (id, amount) values ($1, $2::numeric)", &insert);
  auto check = bound({{TypeId::kNumeric, "4.25"}});
  auto found = db.run("select id from t where amount = $1", &check);
  REQUIRE(found.chunks.at(0).size == 1);
  CHECK(found.chunks[0].columns[0].ints[0] == 4);
}

TEST_CASE("a missing parameter is 42P02") {
  TestDatabase db;
  auto parameters = bound({{TypeId::kInteger, "1"}});
  try {
    db.run("select $2", &parameters);
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "42P02");
    CHECK(std::string(error.what()) == "there is no parameter $2");
  }
  CHECK_THROWS_AS(db.run("select $1", nullptr), SqlError);
  auto negative = bound({{TypeId::kBigint, "-1"}});
  CHECK_THROWS_AS(db.run("select id from t limit $1", &negative), SqlError);
}
