#include <catch2/catch.hpp>

#include "storage/catalog/schema_edit.h"
#include "storage/row/row_copy.h"
#include "storage/table/table.h"
#include "storage/table/table_keys.h"

using namespace ptreedb::storage;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {

// people(id bigint primary key, name text, age integer) with an index on age.
std::shared_ptr<const TableSchema> people_schema() {
  std::vector<ColumnSchema> columns = {{"id", SqlType::of(TypeId::kBigint)},
                                       {"name", SqlType::of(TypeId::kText)},
                                       {"age", SqlType::of(TypeId::kInteger)}};
  return std::make_shared<TableSchema>(16384, "people", columns, std::vector<std::size_t>{0},
                                       std::vector<IndexSchema>{{"people_age_idx", {2}, false, true}});
}

Table people(const std::shared_ptr<const TableSchema>& schema, int count) {
  std::vector<RowRef> rows;
  RowBuilder builder(schema->layout());
  for (int id = 1; id <= count; ++id) {
    builder.set_int(0, id);
    builder.set_text(1, "person" + std::to_string(id));
    builder.set_int(2, 20 + id % 50);
    rows.push_back(builder.finish());
  }
  return Table(schema).insert_rows(std::move(rows));
}

}  // namespace

TEST_CASE("adding a column rewrites every row into the new layout; the old version stays") {
  auto live_rows = RowRef::live_rows();
  {
    auto schema = people_schema();
    Table before = people(schema, 20000);
    SchemaParts parts = parts_of(*schema);
    parts.columns.push_back({"score", SqlType::numeric(10, 2)});
    auto widened = make_schema(parts);
    const ptreedb::value::Decimal fill{1250, 2};
    Table after = before.with_rewritten_rows(
        widened,
        [&](const RowRef& row, RowBuilder& builder) {
          for (std::size_t c = 0; c < 3; ++c) copy_column(builder, c, schema->layout(), row, c);
          builder.set_decimal(3, fill);
          return builder.finish();
        },
        {0});
    CHECK(after.row_count() == 20000);
    CHECK(after.rows().check_invariants().empty());
    CHECK(after.index(0).same_root(before.index(0)));  // keys unchanged: the index is shared
    std::size_t checked = 0;
    for (auto entry : after.rows()) {
      const RowRef& row = entry.value;
      CHECK(entry.key == primary_key_of(*widened, row));
      CHECK(row.get_decimal(widened->layout().offset(3)).units == 1250);
      CHECK(row.get_text(widened->layout().offset(1)) ==
            "person" + std::to_string(row.get_int(widened->layout().offset(0))));
      ++checked;
    }
    CHECK(checked == 20000);
    // The old version still reads its own rows, in its own layout.
    CHECK(before.rows().first().value.get_text(schema->layout().offset(1)) == "person1");
  }
  CHECK(RowRef::live_rows() == live_rows);
}

TEST_CASE("dropping the primary key column re-keys rows by row id and rebuilds indexes") {
  auto schema = people_schema();
  Table before = people(schema, 5000);
  auto narrowed = make_schema(parts_without_column(*schema, 0));
  REQUIRE_FALSE(narrowed->has_primary_key());
  REQUIRE(narrowed->indexes().size() == 1);
  CHECK(narrowed->indexes()[0].columns == std::vector<std::size_t>{1});
  Table after = before.with_rewritten_rows(
      narrowed,
      [&](const RowRef& row, RowBuilder& builder) {
        copy_column(builder, 0, schema->layout(), row, 1);
        copy_column(builder, 1, schema->layout(), row, 2);
        return builder.finish();
      },
      {0});
  CHECK(after.row_count() == 5000);
  CHECK(after.rows().first().key == row_id_key(1));
  CHECK(after.index(0).size() == 50);
  std::size_t indexed = 0;
  for (auto entry : after.index(0)) {
    for (auto member : entry.value) {
      CHECK(after.rows().contains(member.key));
      ++indexed;
    }
  }
  CHECK(indexed == 5000);
  // New rows continue after the re-keyed ones.
  RowBuilder builder(narrowed->layout());
  builder.set_text(0, "late");
  builder.set_int(1, 99);
  Table grown = after.insert_rows({builder.finish()});
  CHECK(grown.rows().last().key == row_id_key(5001));
}

TEST_CASE("parts_without_column drops what uses the column and shifts later positions") {
  std::vector<ColumnSchema> columns = {{"a", SqlType::of(TypeId::kInteger)},
                                       {"b", SqlType::of(TypeId::kInteger)},
                                       {"c", SqlType::of(TypeId::kInteger)}};
  std::vector<IndexSchema> indexes = {{"t_b_idx", {1}, false, true}, {"t_c_key", {2}, true, false}};
  std::vector<ForeignKeySchema> keys = {{"t_b_fkey", {1}, "u", {0}}, {"t_c_fkey", {2}, "t", {0}}};
  TableSchema schema(16384, "t", columns, {0}, indexes, keys);
  SchemaParts parts = parts_without_column(schema, 1);
  CHECK(parts.columns.size() == 2);
  CHECK(parts.primary_key == std::vector<std::size_t>{0});
  REQUIRE(parts.indexes.size() == 1);
  CHECK(parts.indexes[0].name == "t_c_key");
  CHECK(parts.indexes[0].columns == std::vector<std::size_t>{1});
  REQUIRE(parts.foreign_keys.size() == 1);
  CHECK(parts.foreign_keys[0].columns == std::vector<std::size_t>{1});
  CHECK(parts.foreign_keys[0].referenced_columns == std::vector<std::size_t>{0});
}
