#include "planner/catalog/system_relation.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "planner/catalog/catalog_objects.h"
#include "planner/catalog/catalog_oids.h"

using namespace ptreedb::planner::catalog;
using namespace ptreedb::storage;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {

std::shared_ptr<const World> sample_world() {
  IndexSchema unique_name{"dept_name_key", {1}, true, false};
  auto dept = std::make_shared<TableSchema>(
      16384, "dept",
      std::vector<ColumnSchema>{{"id", SqlType::of(TypeId::kInteger), true}, {"name", SqlType::of(TypeId::kText)}},
      std::vector<std::size_t>{0}, std::vector<IndexSchema>{unique_name});
  ForeignKeySchema to_dept{"emp_dept_fkey", {1}, "dept", {0}, ForeignKeyAction::kCascade, false};
  auto emp = std::make_shared<TableSchema>(
      16385, "emp",
      std::vector<ColumnSchema>{{"id", SqlType::of(TypeId::kBigint), true},
                                {"dept", SqlType::of(TypeId::kInteger), false, std::string("0")}},
      std::vector<std::size_t>{0}, std::vector<IndexSchema>{}, std::vector<ForeignKeySchema>{to_dept});
  auto world = std::make_shared<const World>();
  world = world->with_table(std::make_shared<Table>(dept));
  return world->with_table(std::make_shared<Table>(emp));
}

std::int64_t number(const Cell& cell) { return std::get<std::int64_t>(cell); }
std::string text(const Cell& cell) { return std::get<std::string>(cell); }

std::size_t column(const SystemRelation& relation, const std::string& name) {
  for (std::size_t c = 0; c < relation.columns.size(); ++c) {
    if (relation.columns[c].name == name) return c;
  }
  FAIL("no column " << name);
  return 0;
}

}  // namespace

TEST_CASE("every system relation's rows have exactly its columns") {
  auto world = sample_world();
  std::set<std::string> names;
  for (const auto& relation : system_relations()) {
    CHECK(names.insert(std::string(relation.schema) + "." + relation.name).second);
    for (const auto& row : relation.rows(*world)) CHECK(row.size() == relation.columns.size());
  }
  CHECK(find_system_relation("", "pg_class") != nullptr);
  CHECK(find_system_relation("information_schema", "tables") != nullptr);
  CHECK(find_system_relation("", "tables") == nullptr);  // information_schema is not on the search path
}

TEST_CASE("oids agree across pg_class, pg_attribute, pg_index and pg_constraint") {
  auto world = sample_world();
  const auto& pg_class = *find_system_relation("pg_catalog", "pg_class");
  std::map<std::string, std::int64_t> class_oids;
  for (const auto& row : pg_class.rows(*world)) {
    class_oids[text(row[column(pg_class, "relname")])] = number(row[column(pg_class, "oid")]);
  }
  CHECK(class_oids.at("dept") == 16384);
  CHECK(class_oids.at("emp") == 16385);
  CHECK(class_oids.at("pg_class") == 1259);
  std::set<std::int64_t> distinct;
  for (const auto& [name, oid] : class_oids) CHECK(distinct.insert(oid).second);

  const auto& pg_index = *find_system_relation("pg_catalog", "pg_index");
  std::set<std::pair<std::int64_t, std::int64_t>> indexes;
  for (const auto& row : pg_index.rows(*world)) {
    indexes.insert({number(row[column(pg_index, "indexrelid")]), number(row[column(pg_index, "indrelid")])});
  }
  CHECK(indexes.count({class_oids.at("dept_pkey"), 16384}) == 1);
  CHECK(indexes.count({class_oids.at("dept_name_key"), 16384}) == 1);
  CHECK(indexes.count({class_oids.at("emp_pkey"), 16385}) == 1);

  const auto& pg_attribute = *find_system_relation("pg_catalog", "pg_attribute");
  std::vector<std::string> emp_columns;
  for (const auto& row : pg_attribute.rows(*world)) {
    if (number(row[column(pg_attribute, "attrelid")]) != 16385) continue;
    emp_columns.push_back(text(row[column(pg_attribute, "attname")]));
    if (emp_columns.back() == "id") CHECK(number(row[column(pg_attribute, "atttypid")]) == 20);
    if (emp_columns.back() == "dept") CHECK(number(row[column(pg_attribute, "atthasdef")]) == 1);
  }
  CHECK(emp_columns == std::vector<std::string>{"id", "dept"});

  const auto& pg_constraint = *find_system_relation("pg_catalog", "pg_constraint");
  bool found_foreign_key = false;
  for (const auto& row : pg_constraint.rows(*world)) {
    if (text(row[column(pg_constraint, "conname")]) != "emp_dept_fkey") continue;
    found_foreign_key = true;
    CHECK(text(row[column(pg_constraint, "contype")]) == "f");
    CHECK(number(row[column(pg_constraint, "conrelid")]) == 16385);
    CHECK(number(row[column(pg_constraint, "confrelid")]) == 16384);
    CHECK(number(row[column(pg_constraint, "conindid")]) == class_oids.at("dept_pkey"));
    CHECK(text(row[column(pg_constraint, "confdeltype")]) == "c");
  }
  CHECK(found_foreign_key);
}

TEST_CASE("index and constraint definitions read as pg_get_indexdef and pg_get_constraintdef print them") {
  auto world = sample_world();
  std::map<std::string, std::string> definitions;
  for (const auto& index : indexes_of(*world)) definitions[index.name] = index_definition(index);
  CHECK(definitions.at("dept_pkey") == "CREATE UNIQUE INDEX dept_pkey ON public.dept USING btree (id)");
  CHECK(definitions.at("dept_name_key") == "CREATE UNIQUE INDEX dept_name_key ON public.dept USING btree (name)");
  auto keys = foreign_keys_of(*world);
  REQUIRE(keys.size() == 1);
  CHECK(foreign_key_definition(keys[0]) == "FOREIGN KEY (dept) REFERENCES dept(id) ON DELETE CASCADE");
  CHECK(quote_identifier("Mixed Case") == "\"Mixed Case\"");
  CHECK(quote_identifier("plain_1") == "plain_1");
}
