#include "exec/dml_executor.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "sql_database.h"
#include "storage/sql_error.h"

using namespace ptreedb;

namespace {

// The planner and executor over one in-memory database, without a server.
using TestDatabase = exec::testing::SqlDatabase;

std::string sqlstate_of(TestDatabase& db, const planner::StatementPlan& plan) {
  try {
    exec::execute_statement(plan, db.database);
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

// A table of 2^16 rows, ids 1.., more than one scan morsel.
void fill_large(TestDatabase& db, const std::string& table) {
  db.run("insert into " + table + " values (1, 0), (2, 0)");
  for (int i = 0; i < 15; ++i) {
    db.run("insert into " + table + " select id + (select max(id) from " + table + "), v from " + table);
  }
  REQUIRE(db.scalar("select count(*) from " + table) == 65536);
}

}  // namespace

TEST_CASE("an UPDATE whose row changed since its snapshot fails with 40001 and changes nothing", "[dml]") {
  TestDatabase db;
  db.run("create table t (id integer primary key, v integer)");
  db.run("insert into t values (1, 0), (2, 0)");
  planner::StatementPlan late = db.plan("update t set v = v + 10 where id = 1");
  db.run("update t set v = v + 1 where id = 1");
  CHECK(sqlstate_of(db, late) == "40001");
  CHECK(db.scalar("select v from t where id = 1") == 1);

  // A concurrent change to another row does not conflict: both apply.
  planner::StatementPlan other = db.plan("update t set v = v + 10 where id = 1");
  db.run("update t set v = v + 1 where id = 2");
  CHECK(sqlstate_of(db, other).empty());
  CHECK(db.ints("select v from t order by id") == std::vector<std::int64_t>{11, 1});
}

TEST_CASE("a DELETE of a row deleted concurrently fails with 40001", "[dml]") {
  TestDatabase db;
  db.run("create table t (a integer, b integer)");  // keyed by hidden row ids
  db.run("insert into t values (1, 1), (2, 2), (3, 3)");
  planner::StatementPlan late = db.plan("delete from t where a >= 2");
  db.run("delete from t where a = 3");
  CHECK(sqlstate_of(db, late) == "40001");
  CHECK(db.scalar("select count(*) from t") == 2);
  // A statement planned after the schema changed is refused too.
  planner::StatementPlan stale = db.plan("delete from t");
  db.run("drop table t");
  db.run("create table t (a integer, b integer)");
  CHECK(sqlstate_of(db, stale) == "40001");
}

TEST_CASE("UPDATE and DELETE find their rows in large tables, with and without key ranges", "[dml]") {
  TestDatabase db;
  db.run("create table keyed (id integer primary key, v integer)");
  fill_large(db, "keyed");
  // A primary-key range narrows the scan; positions must still be the whole tree's.
  CHECK(db.run("update keyed set v = 1 where id between 40000 and 40009").command_tag == "UPDATE 10");
  CHECK(db.scalar("select min(id) from keyed where v = 1") == 40000);
  CHECK(db.scalar("select max(id) from keyed where v = 1") == 40009);
  CHECK(db.run("update keyed set v = v + 1 where v = 0 and id % 1000 = 0").command_tag == "UPDATE 64");  // not 40000
  CHECK(db.scalar("select sum(v) from keyed") == 74);
  CHECK(db.run("delete from keyed where id > 60000").command_tag == "DELETE 5536");
  CHECK(db.run("update keyed set id = id + 100000 where id <= 1000").command_tag == "UPDATE 1000");
  CHECK(db.scalar("select count(*) from keyed") == 60000);
  CHECK(db.scalar("select min(id) from keyed") == 1001);

  db.run("create table heap (id integer, v integer)");
  fill_large(db, "heap");
  CHECK(db.run("delete from heap where id % 2 = 0").command_tag == "DELETE 32768");
  CHECK(db.run("update heap set v = id").command_tag == "UPDATE 32768");
  CHECK(db.scalar("select sum(v) from heap") == 32768LL * 32768LL);
}

TEST_CASE("a row a join matches twice is changed once", "[dml]") {
  TestDatabase db;
  db.run("create table target (id integer primary key, v integer)");
  db.run("create table source (id integer, amount integer)");
  db.run("insert into target values (1, 0), (2, 0)");
  db.run("insert into source values (1, 5), (1, 7), (2, 1)");
  exec::QueryResult result = db.run("update target set v = v + 1 from source where source.id = target.id returning target.id");
  CHECK(result.command_tag == "UPDATE 2");
  std::size_t returned = 0;
  for (const auto& chunk : result.chunks) returned += chunk.size;
  CHECK(returned == 2);
  CHECK(db.ints("select v from target order by id") == std::vector<std::int64_t>{1, 1});
  CHECK(db.run("delete from target using source where source.id = target.id").command_tag == "DELETE 2");
  CHECK(db.scalar("select count(*) from target") == 0);
}
