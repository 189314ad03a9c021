#include "storage/table/table.h"

#include <catch2/catch.hpp>

#include "storage/row/key_encoding.h"
#include "storage/sql_error.h"
#include "storage/table/table_keys.h"

using namespace ptreedb::storage;
using ptreedb::SqlError;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {

// accounts(id bigint primary key, name text, grp integer, email text unique)
// with a non-unique index on grp.
std::shared_ptr<const TableSchema> accounts_schema(bool with_primary_key = true) {
  std::vector<ColumnSchema> columns = {{"id", SqlType::of(TypeId::kBigint)},
                                       {"name", SqlType::of(TypeId::kText)},
                                       {"grp", SqlType::of(TypeId::kInteger)},
                                       {"email", SqlType::of(TypeId::kText)}};
  std::vector<IndexSchema> indexes = {{"accounts_grp_idx", {2}, false},
                                      {"accounts_email_key", {3}, true}};
  std::vector<std::size_t> primary_key;
  if (with_primary_key) primary_key = {0};
  return std::make_shared<TableSchema>(16384, "accounts", columns, primary_key, indexes);
}

RowRef account(const TableSchema& schema, std::int64_t id, int group, const char* email) {
  RowBuilder builder(schema.layout());
  builder.set_int(0, id);
  builder.set_text(1, "name" + std::to_string(id));
  builder.set_int(2, group);
  if (email != nullptr) builder.set_text(3, email);
  return builder.finish();
}

std::vector<std::int64_t> ids_in_group(const Table& table, int group) {
  std::string key;
  key_encoding::append_not_null(key);
  key_encoding::append_int(key, group);
  std::vector<std::int64_t> ids;
  if (const KeySet* members = table.index(0).find(RowKey(key))) {
    for (auto [primary_key, unit] : *members) {
      const RowRef* row = table.rows().find(primary_key);
      REQUIRE(row != nullptr);
      ids.push_back(row->get_int(table.schema().layout().offset(0)));
    }
  }
  return ids;
}

}  // namespace

TEST_CASE("inserting rows fills the primary tree and every index; old versions stay") {
  auto live_rows = RowRef::live_rows();
  {
    auto schema = accounts_schema();
    Table empty(schema);
    std::vector<RowRef> rows;
    for (int id = 1; id <= 1000; ++id) {
      std::string email = "user" + std::to_string(id) + "@example.com";
      rows.push_back(account(*schema, id, id % 7, id % 10 == 0 ? nullptr : email.c_str()));
    }
    Table filled = empty.insert_rows(rows);
    CHECK(empty.row_count() == 0);
    CHECK(filled.row_count() == 1000);
    CHECK(filled.index(0).size() == 7);
    CHECK(ids_in_group(filled, 3).size() == 143);
    CHECK(filled.index(1).size() == 901);  // 900 emails + one NULL key shared by 100 rows

    // Deleting updates the indexes, dropping entries that become empty.
    std::vector<RowKey> doomed;
    for (auto id : ids_in_group(filled, 3)) doomed.push_back(primary_key_of(*schema, account(*schema, id, 0, nullptr)));
    Table smaller = filled.delete_rows(doomed);
    CHECK(smaller.row_count() == 1000 - 143);
    CHECK(ids_in_group(smaller, 3).empty());
    CHECK(smaller.index(0).size() == 6);
    CHECK(ids_in_group(filled, 3).size() == 143);  // the old version is untouched
    CHECK(smaller.index(1).size() == 901 - 128);  // 15 of the 143 had NULL emails
  }
  CHECK(RowRef::live_rows() == live_rows);
}

TEST_CASE("a duplicate primary key is a 23505 with PostgreSQL's message and detail") {
  auto schema = accounts_schema();
  Table table = Table(schema).insert_rows({account(*schema, 1, 0, "a"), account(*schema, 2, 0, "b")});
  try {
    (void)table.insert_rows({account(*schema, 3, 0, "c"), account(*schema, 2, 0, "d")});
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "23505");
    CHECK(std::string(error.what()) == "duplicate key value violates unique constraint \"accounts_pkey\"");
    CHECK(error.detail() == "Key (id)=(2) already exists.");
  }
  // Within one batch too.
  CHECK_THROWS_AS(Table(schema).insert_rows({account(*schema, 5, 0, "x"), account(*schema, 5, 1, "y")}), SqlError);
  CHECK(table.row_count() == 2);
}

TEST_CASE("a unique index refuses a repeated value but not repeated NULLs") {
  auto schema = accounts_schema();
  Table table = Table(schema).insert_rows({account(*schema, 1, 0, "a@x"), account(*schema, 2, 0, nullptr)});
  try {
    (void)table.insert_rows({account(*schema, 3, 0, "a@x")});
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "23505");
    CHECK(std::string(error.what()) == "duplicate key value violates unique constraint \"accounts_email_key\"");
    CHECK(error.detail() == "Key (email)=(a@x) already exists.");
  }
  CHECK(table.insert_rows({account(*schema, 3, 0, nullptr)}).row_count() == 3);
}

TEST_CASE("tables without a primary key key rows by a hidden row id") {
  auto schema = accounts_schema(false);
  Table table = Table(schema).insert_rows({account(*schema, 1, 0, nullptr), account(*schema, 1, 0, nullptr)});
  CHECK(table.row_count() == 2);
  table = table.insert_rows({account(*schema, 1, 0, nullptr)});
  CHECK(table.row_count() == 3);
  CHECK(table.index(0).find(table.index(0).first().key)->size() == 3);
}

TEST_CASE("replace_rows moves a row to a new key in one version") {
  auto schema = accounts_schema();
  Table table = Table(schema).insert_rows({account(*schema, 1, 0, "a"), account(*schema, 2, 0, "b")});
  RowRef moved = account(*schema, 3, 0, "a");
  Table next = table.replace_rows({primary_key_of(*schema, account(*schema, 1, 0, nullptr))}, {moved});
  CHECK(next.row_count() == 2);
  CHECK(next.rows().contains(primary_key_of(*schema, moved)));
  CHECK_FALSE(next.rows().contains(primary_key_of(*schema, account(*schema, 1, 0, nullptr))));
}

TEST_CASE("replace_rows under unchanged keys moves only the index entries whose key changed") {
  auto schema = accounts_schema();
  auto key_of = [&](std::int64_t id) { return primary_key_of(*schema, account(*schema, id, 0, nullptr)); };
  Table table = Table(schema).insert_rows(
      {account(*schema, 1, 0, "a"), account(*schema, 2, 0, "b"), account(*schema, 3, 1, "c")});
  // Row 2 changes group, row 3 keeps it; given in the reverse of key order.
  Table next = table.replace_rows({key_of(3), key_of(2)}, {account(*schema, 3, 1, "c2"), account(*schema, 2, 1, "b")});
  CHECK(next.row_count() == 3);
  CHECK(ids_in_group(next, 0) == std::vector<std::int64_t>{1});
  CHECK(ids_in_group(next, 1) == std::vector<std::int64_t>{2, 3});
  CHECK(next.index(1).size() == 3);
  CHECK(next.index(1).find(index_key_of(*schema, schema->indexes()[1], account(*schema, 3, 1, "c2"))) != nullptr);
  CHECK(next.index(1).find(index_key_of(*schema, schema->indexes()[1], account(*schema, 3, 1, "c"))) == nullptr);
  // The old version is untouched.
  CHECK(ids_in_group(table, 0) == std::vector<std::int64_t>{1, 2});
  // A changed unique value that collides is still refused.
  CHECK_THROWS_AS(next.replace_rows({key_of(1)}, {account(*schema, 1, 0, "b")}), SqlError);
  // The last row of a group leaving it removes the group's entry.
  Table emptied = next.replace_rows({key_of(1)}, {account(*schema, 1, 1, "a")});
  CHECK(ids_in_group(emptied, 0).empty());
  CHECK(emptied.index(0).size() == 1);
}
