#include "storage/table/index_build.h"

#include <catch2/catch.hpp>

#include "storage/sql_error.h"
#include "storage/table/table_keys.h"

using namespace ptreedb::storage;
using ptreedb::SqlError;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {

// items(id bigint primary key, grp integer, label text)
std::shared_ptr<const TableSchema> items_schema(std::vector<IndexSchema> indexes = {}) {
  std::vector<ColumnSchema> columns = {{"id", SqlType::of(TypeId::kBigint)},
                                       {"grp", SqlType::of(TypeId::kInteger)},
                                       {"label", SqlType::of(TypeId::kText)}};
  return std::make_shared<TableSchema>(16384, "items", columns, std::vector<std::size_t>{0}, std::move(indexes));
}

RowRef item(const TableSchema& schema, std::int64_t id, std::optional<int> group, std::string label) {
  RowBuilder builder(schema.layout());
  builder.set_int(0, id);
  if (group) builder.set_int(1, *group);
  builder.set_text(2, label);
  return builder.finish();
}

std::vector<RowRef> many_items(const TableSchema& schema, int count) {
  std::vector<RowRef> rows;
  for (int id = 1; id <= count; ++id) {
    std::optional<int> group;
    if (id % 13 != 0) group = (id * 7919) % 101;  // every 13th row has a NULL group
    rows.push_back(item(schema, id, group, "label" + std::to_string(id)));
  }
  return rows;
}

// The index as (index key, primary keys) pairs, for comparing two builds.
std::vector<std::pair<std::string, std::vector<std::string>>> contents(const IndexTree& index) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (auto entry : index) {
    std::vector<std::string> keys;
    for (auto member : entry.value) keys.emplace_back(member.key.view());
    out.emplace_back(std::string(entry.key.view()), std::move(keys));
  }
  return out;
}

}  // namespace

TEST_CASE("building an index over existing rows matches maintaining it row by row") {
  const IndexSchema by_group{"items_grp_idx", {1}, false, true};
  auto maintained_schema = items_schema({by_group});
  Table maintained = Table(maintained_schema).insert_rows(many_items(*maintained_schema, 50000));

  auto plain_schema = items_schema();
  Table plain = Table(plain_schema).insert_rows(many_items(*plain_schema, 50000));
  IndexTree built = build_index(*plain_schema, by_group, plain.rows());

  CHECK(built.check_invariants().empty());
  CHECK(built.size() == 102);  // 101 groups and the NULL key
  CHECK(contents(built) == contents(maintained.index(0)));
}

TEST_CASE("Table::with_added_index builds the new index and keeps the old version") {
  auto schema = items_schema();
  Table table = Table(schema).insert_rows(many_items(*schema, 3000));
  auto indexed_schema = items_schema({{"items_label_idx", {2}, true, true}});
  Table indexed = table.with_added_index(indexed_schema);
  CHECK(indexed.index(0).size() == 3000);
  CHECK(indexed.rows().same_root(table.rows()));  // the rows are shared, not copied
  CHECK(table.schema().indexes().empty());
}

TEST_CASE("a unique index over duplicate keys fails like PostgreSQL; NULLs never collide") {
  auto schema = items_schema();
  Table table = Table(schema).insert_rows({item(*schema, 1, 5, "a"), item(*schema, 2, std::nullopt, "b"),
                                           item(*schema, 3, std::nullopt, "c"), item(*schema, 4, 7, "d"),
                                           item(*schema, 5, 7, "e"), item(*schema, 6, 5, "f")});
  const IndexSchema unique_group{"items_grp_key", {1}, true, false};
  try {
    build_index(*schema, unique_group, table.rows());
    FAIL("expected a unique violation");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "23505");
    CHECK(std::string(error.what()) == "could not create unique index \"items_grp_key\"");
    CHECK(error.detail() == "Key (grp)=(5) is duplicated.");  // the smallest duplicated key
  }
  Table unique_apart = table.delete_rows({primary_key_of(*schema, item(*schema, 5, 0, "")),
                                          primary_key_of(*schema, item(*schema, 6, 0, ""))});
  IndexTree built = build_index(*schema, unique_group, unique_apart.rows());
  CHECK(built.size() == 3);  // 5, 7 and the NULL key holding rows 2 and 3
}
