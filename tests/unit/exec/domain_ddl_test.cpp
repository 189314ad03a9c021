// CREATE DOMAIN, ALTER DOMAIN and DROP DOMAIN through the planner and
// executor over one in-memory database: constraints enforced by casts,
// assignments and defaults, stored values checked by ALTER, PostgreSQL's errors.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "sql_database.h"
#include "storage/sql_error.h"

using namespace ptreedb;

namespace {

using TestDatabase = exec::testing::SqlDatabase;

using Texts = std::vector<std::string>;

}  // namespace

TEST_CASE("domains enforce NOT NULL and CHECK on casts, assignments and defaults") {
  TestDatabase db;
  db.run("create domain posint as integer check (value > 0)");
  db.run("create domain label as text not null default 'none'");
  CHECK(db.sqlstate("create domain posint as integer") == "42710");
  CHECK(db.sqlstate("create domain bad as integer default 'x'") == "22P02");
  CHECK(db.sqlstate("create domain bad as integer check (value)") == "42804");
  CHECK(db.sqlstate("select 0::posint") == "23514");
  CHECK(db.sqlstate("select null::label") == "23502");
  CHECK(db.texts("select 5::posint::text") == Texts{"5"});
  db.run("create table t (id int primary key, p posint, l label)");
  db.run("insert into t (id, p) values (1, 1)");
  CHECK(db.texts("select l from t") == Texts{"none"});
  CHECK(db.sqlstate("insert into t values (2, -1, 'x')") == "23514");
  CHECK(db.sqlstate("insert into t values (2, 1, null)") == "23502");
  CHECK(db.sqlstate("update t set p = 0") == "23514");
  db.run("update t set p = 9");
  CHECK(db.texts("select (p + 1)::text from t") == Texts{"10"});
}

TEST_CASE("ALTER DOMAIN checks stored values; DROP DOMAIN guards and cascades") {
  TestDatabase db;
  db.run("create domain posint as integer check (value > 0)");
  db.run("create table t (id int, p posint)");
  db.run("insert into t values (1, 5), (2, null)");
  CHECK(db.sqlstate("alter domain posint add constraint small check (value < 5)") == "23514");
  db.run("alter domain posint add constraint small check (value < 10)");
  CHECK(db.sqlstate("select 10::posint") == "23514");
  CHECK(db.sqlstate("alter domain posint set not null") == "23502");
  db.run("delete from t where p is null");
  db.run("alter domain posint set not null");
  CHECK(db.sqlstate("insert into t (id) values (3)") == "23502");
  db.run("alter domain posint drop constraint small");
  CHECK(db.sqlstate("alter domain posint drop constraint small") == "42704");
  CHECK(db.sqlstate("alter domain posint drop constraint if exists small").empty());
  CHECK(db.texts("select 10::posint::text") == Texts{"10"});
  db.run("alter domain posint rename to natural_number");
  CHECK(db.sqlstate("select 1::posint") == "42704");
  CHECK(db.sqlstate("drop domain natural_number") == "2BP01");
  db.run("drop domain natural_number cascade");
  CHECK(db.sqlstate("select p from t") == "42703");
}
