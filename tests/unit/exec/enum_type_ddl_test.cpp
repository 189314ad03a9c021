// CREATE TYPE ... AS ENUM, ALTER TYPE and DROP TYPE through the planner and
// executor over one in-memory database: the world's enum types, the rows of
// enum columns through value additions and renames, and PostgreSQL's errors.
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

TEST_CASE("enum types order rows by declaration, values added before and after included") {
  TestDatabase db;
  db.run("create type mood as enum ('sad', 'ok', 'happy')");
  CHECK(db.sqlstate("create type mood as enum ('x')") == "42710");
  db.run("create table t (m mood primary key)");
  CHECK(db.sqlstate("create type t as enum ('x')") == "42710");  // a table's row type takes the name
  db.run("insert into t values ('happy'), ('sad'), ('ok')");
  db.run("alter type mood add value 'meh' before 'ok'");
  db.run("alter type mood add value 'ecstatic' after 'happy'");
  db.run("insert into t values ('ecstatic'), ('meh')");
  CHECK(db.texts("select m::text from t order by t.m") == Texts{"sad", "meh", "ok", "happy", "ecstatic"});
  CHECK(db.texts("select m::text from t where m > 'ok' order by t.m desc") == Texts{"ecstatic", "happy"});
  CHECK(db.texts("select max(m)::text from t where m < 'happy'") == Texts{"ok"});
  CHECK(db.sqlstate("insert into t values ('angry')") == "22P02");
  CHECK(db.sqlstate("alter type mood add value 'sad'") == "42710");
  CHECK(db.sqlstate("alter type mood add value if not exists 'sad'").empty());
  CHECK(db.sqlstate("alter type mood add value 'x' after 'nope'") == "22023");
  CHECK(db.sqlstate("select 'sad'::mood = 1") == "42883");
}

TEST_CASE("RENAME VALUE rewrites the rows and keys holding the label; DROP TYPE guards and cascades") {
  TestDatabase db;
  db.run("create type colour as enum ('red', 'green')");
  db.run("create table p (c colour primary key, n int)");
  db.run("create table q (c colour, n int)");
  db.run("create index q_c on q (c)");
  db.run("insert into p values ('red', 1), ('green', 2)");
  db.run("insert into q values ('red', 1), (null, 2)");
  db.run("alter type colour rename value 'red' to 'crimson'");
  CHECK(db.texts("select c::text from p where c = 'crimson'") == Texts{"crimson"});
  CHECK(db.texts("select c::text from q where c = 'crimson'") == Texts{"crimson"});
  CHECK(db.texts("select c::text from p order by p.c") == Texts{"crimson", "green"});
  CHECK(db.sqlstate("insert into p values ('crimson', 3)") == "23505");
  CHECK(db.sqlstate("select 'red'::colour") == "22P02");
  CHECK(db.sqlstate("alter type colour rename value 'red' to 'x'") == "22023");
  CHECK(db.sqlstate("alter type colour rename value 'green' to 'crimson'") == "42710");

  db.run("alter type colour rename to hue");
  CHECK(db.sqlstate("select 'green'::colour") == "42704");
  CHECK(db.sqlstate("drop type hue") == "2BP01");
  CHECK(db.sqlstate("drop type nope") == "42704");
  CHECK(db.sqlstate("drop type if exists nope").empty());
  db.run("drop type hue cascade");
  CHECK(db.texts("select n::text from q order by n") == Texts{"1", "2"});
  CHECK(db.sqlstate("select c from q") == "42703");
}

TEST_CASE("other type and domain statements are refused by name") {
  TestDatabase db;
  db.run("create domain d as int");
  CHECK(db.sqlstate("alter domain d validate constraint d_check") == "0A000");
  CHECK(db.sqlstate("create domain dd as d") == "0A000");
  CHECK(db.sqlstate("create type pair as (a int, b int)") == "0A000");
  CHECK(db.sqlstate("create type r as range (subtype = int4)") == "0A000");
  db.run("create type e as enum ('a')");
  CHECK(db.sqlstate("select enum_range(null::e)") == "0A000");
  CHECK(db.texts("select enum_first(null::e)::text") == Texts{"a"});
}
