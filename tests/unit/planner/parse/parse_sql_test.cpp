#include "planner/parse/parse_sql.h"

#include <catch2/catch.hpp>

#include "storage/sql_error.h"

using ptreedb::SqlError;
using ptreedb::planner::parse_sql;

TEST_CASE("parse_sql splits a message into statements with their text") {
  auto tree = parse_sql("select 1; create table t (a int primary key);  select a from t");
  REQUIRE(tree.statement_count() == 3);
  CHECK(tree.statement(0).stmt->node_case == PG_QUERY__NODE__NODE_SELECT_STMT);
  CHECK(tree.statement(1).stmt->node_case == PG_QUERY__NODE__NODE_CREATE_STMT);
  CHECK(tree.statement_text(0) == "select 1");
  CHECK(tree.statement_text(1) == " create table t (a int primary key)");
  CHECK(tree.statement_text(2) == "  select a from t");
}

TEST_CASE("parse_sql gives the target list of a select") {
  auto tree = parse_sql("SELECT l_orderkey, sum(l_quantity) FROM lineitem GROUP BY 1");
  const auto* select = tree.statement(0).stmt->select_stmt;
  REQUIRE(select != nullptr);
  CHECK(select->n_target_list == 2);
  CHECK(select->n_from_clause == 1);
  CHECK(std::string(select->from_clause[0]->range_var->relname) == "lineitem");
}

TEST_CASE("an empty message has no statements") {
  CHECK(parse_sql("").statement_count() == 0);
  CHECK(parse_sql(" ;; ").statement_count() == 0);
}

TEST_CASE("a syntax error carries SQLSTATE 42601, PostgreSQL's message and the position") {
  try {
    parse_sql("select * fro t");
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "42601");
    CHECK(std::string(error.what()) == "syntax error at or near \"fro\"");
    CHECK(error.position() == 10);
  }
  try {
    parse_sql("select (1");
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "42601");
    CHECK(std::string(error.what()) == "syntax error at end of input");
    CHECK(error.position() == 10);
  }
}

TEST_CASE("parsing is safe on hostile text") {
  std::string deep(5000, '(');
  CHECK_THROWS_AS(parse_sql("select " + deep), SqlError);
  CHECK_THROWS_AS(parse_sql(std::string("select '\xff\xfe")), SqlError);
  CHECK_THROWS_AS(parse_sql("select $$unterminated"), SqlError);
}
