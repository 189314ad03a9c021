// Relation names to keys: qualified names by their schema, unqualified ones
// by the temporary schema then the search path, created relations into their
// schema; ON COMMIT of CREATE TEMPORARY TABLE.
#include "planner/relation_names.h"

#include <memory_resource>
#include <string>

#include <catch2/catch.hpp>

#include "planner/parse/parse_sql.h"
#include "planner/settings_access.h"
#include "storage/sql_error.h"

using namespace ptreedb;
using namespace ptreedb::planner;
using namespace ptreedb::storage;

namespace {

class FixedSettings : public SettingsAccess {
 public:
  explicit FixedSettings(std::string search_path) : search_path_(std::move(search_path)) {}
  std::optional<std::string> current(const std::string& name, bool) override {
    if (name == "search_path") return search_path_;
    return std::nullopt;
  }
  std::string set(const std::string&, const std::string& value, bool) override { return value; }
  std::int32_t backend_pid() const override { return 42; }

 private:
  std::string search_path_;
};

std::shared_ptr<const Table> table(std::uint32_t oid, const std::string& key) {
  std::vector<ColumnSchema> columns = {{"a", value::SqlType::of(value::TypeId::kInteger)}};
  return std::make_shared<Table>(std::make_shared<TableSchema>(oid, key, columns, std::vector<std::size_t>{}));
}

std::shared_ptr<const World> sample_world() {
  return std::make_shared<const World>()
      ->with_namespace(std::make_shared<NamespaceDefinition>(NamespaceDefinition{"s", 16384}))
      ->with_table(table(16385, "t"))
      ->with_table(table(16386, "s.t"))
      ->with_table(table(16387, "s.only_s"))
      ->with_table(table(16388, "pg_temp_42.tmp"));
}

std::string relname_of(const PgQuery__Node& statement) {
  return statement.select_stmt->from_clause[0]->range_var->relname;
}

}  // namespace

TEST_CASE("unqualified names follow the temporary schema, then search_path") {
  auto world = sample_world();
  {
    FixedSettings settings("\"$user\", public");
    SettingsAccessScope scope(&settings);
    CHECK(temp_schema_name() == "pg_temp_42");
    CHECK(resolve_unqualified_relation(*world, "t") == "t");
    CHECK(resolve_unqualified_relation(*world, "only_s") == std::nullopt);
    CHECK(resolve_unqualified_relation(*world, "tmp") == "pg_temp_42.tmp");
    CHECK(current_schema(*world) == "public");
    CHECK(current_schemas_text(*world, true) == "{pg_temp_42,pg_catalog,public}");
  }
  {
    FixedSettings settings("s, public");
    SettingsAccessScope scope(&settings);
    CHECK(resolve_unqualified_relation(*world, "t") == "s.t");
    CHECK(resolve_unqualified_relation(*world, "only_s") == "s.only_s");
    CHECK(resolve_unqualified_relation(*world, "pg_class") == std::nullopt);  // the system relation
    CHECK(current_schema(*world) == "s");
    CHECK(current_schemas_text(*world, false) == "{s,public}");
  }
  {
    FixedSettings settings("nowhere");
    SettingsAccessScope scope(&settings);
    CHECK(current_schema(*world) == std::nullopt);
    CHECK(resolve_unqualified_relation(*world, "t") == std::nullopt);
  }
}

TEST_CASE("qualified names and regclass text") {
  auto world = sample_world();
  FixedSettings settings("\"$user\", public");
  SettingsAccessScope scope(&settings);
  CHECK(relation_key_of(*world, "s", "t") == "s.t");
  CHECK(relation_key_of(*world, "public", "t") == std::nullopt);
  CHECK(relation_key_of(*world, "missing", "t") == std::nullopt);
  CHECK(relation_key_of(*world, "pg_temp", "tmp") == "pg_temp_42.tmp");
  CHECK(relation_key_of(*world, "pg_temp_41", "x") == "pg_temp_41.x");
  auto with_other_session = world->with_table(table(16390, "pg_temp_41.other"));
  CHECK_THROWS_AS(relation_key_of(*with_other_session, "pg_temp_41", "other"), SqlError);
  CHECK(relation_key_from_text(*world, "s.t") == "s.t");
  CHECK(relation_key_from_text(*world, "\"s\".\"t\"") == "s.t");
  CHECK(relation_key_from_text(*world, "T") == "t");
  CHECK(relation_key_from_text(*world, "public.t") == "t");
}

TEST_CASE("statements are rewritten to keys, the original left as it is") {
  auto world = sample_world();
  FixedSettings settings("s, public");
  SettingsAccessScope scope(&settings);
  std::pmr::monotonic_buffer_resource arena;
  ParseTree tree = parse_sql("select x.a from t x, s.only_s, public.t");
  const PgQuery__Node& original = *tree.statement(0).stmt;
  const PgQuery__Node& rewritten = qualify_relation_names(original, *world, arena);
  REQUIRE(&rewritten != &original);
  CHECK(relname_of(rewritten) == std::string("s.t"));
  CHECK(std::string(rewritten.select_stmt->from_clause[1]->range_var->relname) == "s.only_s");
  CHECK(std::string(rewritten.select_stmt->from_clause[1]->range_var->alias->aliasname) == "only_s");
  CHECK(std::string(rewritten.select_stmt->from_clause[2]->range_var->relname) == "t");
  CHECK(relname_of(original) == std::string("t"));

  ParseTree create = parse_sql("create table made (a int)");
  const PgQuery__Node& created = qualify_relation_names(*create.statement(0).stmt, *world, arena);
  CHECK(std::string(created.create_stmt->relation->relname) == "s.made");

  ParseTree with = parse_sql("with t as (select 1) select * from t");
  const PgQuery__Node& common = qualify_relation_names(*with.statement(0).stmt, *world, arena);
  CHECK(relname_of(common) == std::string("t"));  // the WITH query, not a table
}

TEST_CASE("temporary tables: where they go and their ON COMMIT") {
  auto world = sample_world();
  FixedSettings settings("\"$user\", public");
  SettingsAccessScope scope(&settings);
  std::pmr::monotonic_buffer_resource arena;
  ParseTree tree = parse_sql("create temp table scratch (a int) on commit delete rows");
  auto creation = temp_table_creation(*tree.statement(0).stmt);
  REQUIRE(creation);
  CHECK(creation->key == "pg_temp_42.scratch");
  CHECK(creation->on_commit == OnCommitAction::kDeleteRows);
  const PgQuery__Node& rewritten = qualify_relation_names(*tree.statement(0).stmt, *world, arena);
  CHECK(std::string(rewritten.create_stmt->relation->relname) == "pg_temp_42.scratch");
  CHECK(std::string(rewritten.create_stmt->relation->relpersistence) == "p");

  ParseTree drop = parse_sql("create temporary table x on commit drop as select 1");
  REQUIRE(temp_table_creation(*drop.statement(0).stmt));
  CHECK(temp_table_creation(*drop.statement(0).stmt)->on_commit == OnCommitAction::kDrop);
  ParseTree plain = parse_sql("create table x (a int)");
  CHECK_FALSE(temp_table_creation(*plain.statement(0).stmt));
  ParseTree elsewhere = parse_sql("create temp table s.x (a int)");
  CHECK_THROWS_AS(qualify_relation_names(*elsewhere.statement(0).stmt, *world, arena), SqlError);
}
