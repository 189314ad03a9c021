#include "storage/constraints/foreign_key_check.h"

#include <catch2/catch.hpp>

#include "storage/sql_error.h"
#include "storage/table/table_keys.h"

using namespace ptreedb::storage;
using ptreedb::SqlError;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {

// parent(id integer primary key, code text unique);
// child(id bigint primary key, parent_id bigint references parent, code text references parent (code))
std::shared_ptr<const TableSchema> parent_schema() {
  return std::make_shared<TableSchema>(
      16384, "parent",
      std::vector<ColumnSchema>{{"id", SqlType::of(TypeId::kInteger)}, {"code", SqlType::of(TypeId::kText)}},
      std::vector<std::size_t>{0}, std::vector<IndexSchema>{{"parent_code_key", {1}, true, false}});
}

std::shared_ptr<const TableSchema> child_schema(ForeignKeyAction on_delete, bool indexed) {
  std::vector<ForeignKeySchema> keys = {{"child_parent_id_fkey", {1}, "parent", {0}, on_delete, false},
                                        {"child_code_fkey", {2}, "parent", {1}, ForeignKeyAction::kNoAction, false}};
  return std::make_shared<TableSchema>(
      16385, "child",
      std::vector<ColumnSchema>{{"id", SqlType::of(TypeId::kBigint)},
                                {"parent_id", SqlType::of(TypeId::kBigint)},
                                {"code", SqlType::of(TypeId::kText)}},
      std::vector<std::size_t>{0},
      indexed ? std::vector<IndexSchema>{{"child_parent_id_idx", {1}, false, true}} : std::vector<IndexSchema>{}, keys);
}

RowRef parent(const TableSchema& schema, int id, const char* code) {
  RowBuilder builder(schema.layout());
  builder.set_int(0, id);
  builder.set_text(1, code);
  return builder.finish();
}

RowRef child(const TableSchema& schema, std::int64_t id, std::optional<std::int64_t> parent_id, const char* code) {
  RowBuilder builder(schema.layout());
  builder.set_int(0, id);
  if (parent_id) builder.set_int(1, *parent_id);
  if (code != nullptr) builder.set_text(2, code);
  return builder.finish();
}

struct Fixture {
  std::shared_ptr<const TableSchema> parents = parent_schema();
  std::shared_ptr<const TableSchema> children;
  std::shared_ptr<const World> world;

  explicit Fixture(ForeignKeyAction on_delete = ForeignKeyAction::kNoAction, bool indexed = false)
      : children(child_schema(on_delete, indexed)) {
    world = std::make_shared<World>()
                ->with_table(std::make_shared<Table>(
                    Table(parents).insert_rows({parent(*parents, 1, "a"), parent(*parents, 2, "b")})))
                ->with_table(std::make_shared<Table>(children));
  }

  std::shared_ptr<const World> insert_children(std::vector<RowRef> rows) const {
    auto table = world->find_table("child");
    auto next = world->with_table(std::make_shared<Table>(table->insert_rows(rows)));
    return enforce_foreign_keys(next, "child", rows, {});
  }

  std::shared_ptr<const World> delete_parent(const std::shared_ptr<const World>& from, int id) const {
    auto table = from->find_table("parent");
    RowRef doomed = *table->rows().find(primary_key_of(*parents, parent(*parents, id, "")));
    auto next = from->with_table(std::make_shared<Table>(table->delete_rows({primary_key_of(*parents, doomed)})));
    return enforce_foreign_keys(next, "parent", {}, std::vector<RowRef>{doomed});
  }
};

}  // namespace

TEST_CASE("inserted rows must find their keys in the referenced table") {
  Fixture f;
  auto ok = f.insert_children({child(*f.children, 10, 1, "a"), child(*f.children, 11, std::nullopt, nullptr),
                               child(*f.children, 12, 2, nullptr)});
  CHECK(ok->find_table("child")->row_count() == 3);
  try {
    f.insert_children({child(*f.children, 13, 1, "a"), child(*f.children, 14, 3, "a"), child(*f.children, 15, 4, "a")});
    FAIL("expected a foreign key violation");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "23503");
    CHECK(std::string(error.what()) ==
          "insert or update on table \"child\" violates foreign key constraint \"child_parent_id_fkey\"");
    CHECK(error.detail() == "Key (parent_id)=(3) is not present in table \"parent\".");  // the first bad row
  }
  try {
    f.insert_children({child(*f.children, 16, 1, "zz")});
    FAIL("expected a foreign key violation");
  } catch (const SqlError& error) {
    CHECK(error.detail() == "Key (code)=(zz) is not present in table \"parent\".");
  }
}

TEST_CASE("deleting a referenced row fails under NO ACTION and cascades under CASCADE") {
  for (bool indexed : {false, true}) {
    INFO("indexed: " << indexed);
    Fixture f(ForeignKeyAction::kNoAction, indexed);
    auto with_children = f.insert_children({child(*f.children, 10, 1, nullptr)});
    auto unreferenced = f.delete_parent(with_children, 2);
    CHECK(unreferenced->find_table("parent")->row_count() == 1);
    try {
      f.delete_parent(with_children, 1);
      FAIL("expected a foreign key violation");
    } catch (const SqlError& error) {
      CHECK(error.sqlstate() == "23503");
      CHECK(std::string(error.what()) == "update or delete on table \"parent\" violates foreign key constraint "
                                         "\"child_parent_id_fkey\" on table \"child\"");
      CHECK(error.detail() == "Key (id)=(1) is still referenced from table \"child\".");
    }
  }
  for (bool indexed : {false, true}) {  // found by a scan, then through an index
    INFO("indexed: " << indexed);
    Fixture f(ForeignKeyAction::kCascade, indexed);
    auto with_children = f.insert_children(
        {child(*f.children, 10, 1, nullptr), child(*f.children, 11, 1, nullptr), child(*f.children, 12, 2, nullptr)});
    auto after = f.delete_parent(with_children, 1);
    CHECK(after->find_table("parent")->row_count() == 1);
    CHECK(after->find_table("child")->row_count() == 1);
    CHECK(with_children->find_table("child")->row_count() == 3);  // the old world is untouched
  }
}
