// CREATE/DROP/ALTER SCHEMA against a collecting write target: the schema and
// its owner land in the world, elements are made in it, RESTRICT refuses a
// schema with relations and CASCADE drops them, RENAME moves every key.
#include "server/schema_commands.h"

#include <catch2/catch.hpp>

#include "planner/parse/parse_sql.h"
#include "storage/sql_error.h"
#include "txn/statement_world.h"

using namespace ptreedb;

namespace {

std::optional<std::string> run(const std::string& sql, txn::StatementWorld& target, std::string& notices) {
  planner::ParseTree tree = planner::parse_sql(sql);
  return server::run_schema_command(*tree.statement(0).stmt, target, notices);
}

std::string sqlstate_of(const std::string& sql, txn::StatementWorld& target) {
  std::string notices;
  try {
    run(sql, target, notices);
  } catch (const SqlError& error) {
    return error.sqlstate();
  }
  return "";
}

}  // namespace

TEST_CASE("schemas are created with elements, renamed and dropped") {
  txn::StatementWorld target(std::make_shared<const storage::World>());
  std::string notices;
  CHECK(run("create schema sales create table orders (id int primary key) create index orders_id_idx on orders (id)",
            target, notices) == "CREATE SCHEMA");
  auto world = target.snapshot();
  REQUIRE(world->find_namespace("sales") != nullptr);
  REQUIRE(world->find_acl(world->find_namespace("sales")->oid) != nullptr);
  REQUIRE(world->find_table("sales.orders") != nullptr);
  CHECK(world->find_table("sales.orders")->schema().indexes().at(0).name == "sales.orders_id_idx");

  CHECK(sqlstate_of("create schema sales", target) == "42P06");
  CHECK(run("create schema if not exists sales", target, notices) == "CREATE SCHEMA");
  CHECK(notices.find("already exists, skipping") != std::string::npos);
  CHECK(sqlstate_of("create schema pg_mine", target) == "42939");
  CHECK(sqlstate_of("create schema other create table elsewhere.t (a int)", target) == "42P15");
  CHECK(target.snapshot()->find_namespace("other") == nullptr);
  CHECK(sqlstate_of("create schema other create table t (a int) grant select on t to public", target) == "0A000");

  CHECK(run("alter schema sales rename to shop", target, notices) == "ALTER SCHEMA");
  world = target.snapshot();
  CHECK(world->find_namespace("sales") == nullptr);
  CHECK(world->find_table("sales.orders") == nullptr);
  REQUIRE(world->find_table("shop.orders") != nullptr);
  CHECK(world->find_table("shop.orders")->schema().indexes().at(0).name == "shop.orders_id_idx");

  CHECK(sqlstate_of("drop schema shop", target) == "2BP01");
  CHECK(sqlstate_of("drop schema nowhere", target) == "3F000");
  notices.clear();
  CHECK(run("drop schema if exists nowhere", target, notices) == "DROP SCHEMA");
  CHECK(notices.find("does not exist, skipping") != std::string::npos);
  notices.clear();
  CHECK(run("drop schema shop cascade", target, notices) == "DROP SCHEMA");
  CHECK(notices.find("drop cascades to table shop.orders") != std::string::npos);
  world = target.snapshot();
  CHECK(world->find_namespace("shop") == nullptr);
  CHECK(world->find_table("shop.orders") == nullptr);
  CHECK(sqlstate_of("drop schema pg_catalog", target) == "2BP01");
  CHECK(sqlstate_of("alter table t set schema s", target) == "0A000");
}
