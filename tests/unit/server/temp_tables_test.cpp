// ON COMMIT of temporary tables and the end of a session's temporary schema,
// against a collecting write target.
#include "server/temp_tables.h"

#include <catch2/catch.hpp>

#include "planner/parse/parse_sql.h"
#include "planner/settings_access.h"
#include "txn/statement_world.h"

using namespace ptreedb;
using namespace ptreedb::storage;

namespace {

class SessionOf7 : public planner::SettingsAccess {
 public:
  std::optional<std::string> current(const std::string&, bool) override { return std::nullopt; }
  std::string set(const std::string&, const std::string& value, bool) override { return value; }
  std::int32_t backend_pid() const override { return 7; }
};

std::shared_ptr<const Table> table_with_a_row(std::uint32_t oid, const std::string& key) {
  std::vector<ColumnSchema> columns = {{"a", value::SqlType::of(value::TypeId::kBigint), true}};
  auto schema = std::make_shared<TableSchema>(oid, key, columns, std::vector<std::size_t>{0});
  RowBuilder row(schema->layout());
  row.set_int(0, 1);
  return std::make_shared<Table>(Table(schema).insert_rows({row.finish()}));
}

}  // namespace

TEST_CASE("ON COMMIT DELETE ROWS empties, DROP drops, PRESERVE ROWS keeps") {
  SessionOf7 session;
  planner::SettingsAccessScope scope(&session);
  server::TempOnCommit actions;
  for (const char* sql : {"create temp table kept (a int) on commit preserve rows",
                          "create temp table emptied (a int) on commit delete rows",
                          "create temp table dropped (a int) on commit drop", "create table plain (a int)"}) {
    planner::ParseTree tree = planner::parse_sql(sql);
    server::remember_on_commit(*tree.statement(0).stmt, actions);
  }
  CHECK(actions.size() == 2);
  auto world = std::make_shared<const World>()
                   ->with_table(table_with_a_row(16384, "pg_temp_7.kept"))
                   ->with_table(table_with_a_row(16385, "pg_temp_7.emptied"))
                   ->with_table(table_with_a_row(16386, "pg_temp_7.dropped"));
  txn::StatementWorld target(world);
  server::apply_on_commit(actions, target);
  auto after = target.snapshot();
  CHECK(after->find_table("pg_temp_7.kept")->row_count() == 1);
  CHECK(after->find_table("pg_temp_7.emptied")->row_count() == 0);
  CHECK(after->find_table("pg_temp_7.dropped") == nullptr);
  CHECK(actions.size() == 1);  // the dropped table needs nothing more
}

TEST_CASE("a session's temporary schema goes whole, other sessions' stay") {
  auto world = std::make_shared<const World>()
                   ->with_table(table_with_a_row(16384, "pg_temp_7.a"))
                   ->with_table(table_with_a_row(16385, "pg_temp_7.b"))
                   ->with_table(table_with_a_row(16386, "pg_temp_8.a"))
                   ->with_table(table_with_a_row(16387, "a"));
  txn::StatementWorld target(world);
  server::drop_temp_schema(7, target);
  auto after = target.snapshot();
  CHECK(after->find_table("pg_temp_7.a") == nullptr);
  CHECK(after->find_table("pg_temp_7.b") == nullptr);
  CHECK(after->find_table("pg_temp_8.a") != nullptr);
  CHECK(after->find_table("a") != nullptr);
}
