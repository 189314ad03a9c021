#include "planner/parse/parse_sql.h"

#include <pthread.h>

#include <catch2/catch.hpp>
#include <functional>
#include <string>

#include "planner/parse/parse_cache.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

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

namespace {

std::string sum_of_ones(int terms) {
  std::string sql = "select 1";
  for (int i = 1; i < terms; ++i) sql += "+1";
  return sql;
}

// The SQLSTATE parse_sql(sql) ends with ("" when it parses).
std::string parse_sqlstate(const std::string& sql) {
  try {
    parse_sql(sql);
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

// Runs `body` on a thread with a small stack, as oneTBB or a client library
// thread might have.
void on_small_stack(const std::function<void()>& body) {
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, 256 * 1024);
  pthread_t thread;
  auto run = [](void* argument) -> void* {
    (*static_cast<const std::function<void()>*>(argument))();
    return nullptr;
  };
  REQUIRE(pthread_create(&thread, &attributes, run, const_cast<std::function<void()>*>(&body)) == 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attributes);
}

}  // namespace

TEST_CASE("a tree nested deeper than max_stack_depth allows is 54001, not a crash") {
  ptreedb::planner::ParseCache::instance().clear();
  CHECK(parse_sqlstate(sum_of_ones(50000)) == "54001");
  CHECK(parse_sqlstate("select " + std::string(20000, '-') + "1") == "");  // folded by the grammar: not deep
  {
    // 4 levels of messages per kB: 100kB allows 400, a 1,000-term sum nests 2,000.
    ptreedb::MaxStackDepthScope setting(100);
    CHECK(parse_sqlstate(sum_of_ones(1000)) == "54001");
  }
  CHECK(parse_sqlstate(sum_of_ones(1000)) == "");
  try {
    parse_sql(sum_of_ones(50000));
  } catch (const SqlError& error) {
    CHECK(std::string(error.what()) == "stack depth limit exceeded");
    CHECK(error.hint().find("max_stack_depth") != std::string::npos);
  }
}

TEST_CASE("a deep text is parsed on a stack large enough for it, whatever the caller's") {
  ptreedb::planner::ParseCache::instance().clear();
  std::string outcome = "not run";
  on_small_stack([&] {
    try {
      // About 3MB of stack in libpg_query and protobuf-c: more than this thread has.
      auto tree = parse_sql(sum_of_ones(3000));
      outcome = tree.statement_count() == 1 ? "parsed" : "wrong";
      // Too deep to examine for the parse cache on this stack, so not cached:
      // the same text is parsed afresh, again without a fault.
      auto again = parse_sql(sum_of_ones(3000));
      outcome += again.statement_count() == 1 ? " twice" : " wrong";
    } catch (const SqlError& error) {
      outcome = error.sqlstate();
    }
  });
  CHECK(outcome == "parsed twice");
}
