// World-change records: what encode finds between two worlds replays onto the
// first to give the second (rows by key, hidden row ids, indexes, DDL, views),
// and checkpoints round-trip whole worlds.
#include "txn/world_change.h"

#include <unistd.h>

#include <fstream>

#include <catch2/catch.hpp>

#include "storage/table/table_keys.h"
#include "storage/value/enum_type.h"
#include "storage/world/world_user_types.h"
#include "txn/byte_codec.h"
#include "txn/checkpoint_file.h"
#include "txn/schema_codec.h"

using namespace ptreedb;
using namespace ptreedb::storage;
using value::SqlType;
using value::TypeId;

namespace {

std::shared_ptr<const TableSchema> items_schema(bool primary_key = true, std::uint32_t oid = 16384) {
  std::vector<ColumnSchema> columns = {{"id", SqlType::of(TypeId::kBigint), true},
                                       {"name", SqlType::of(TypeId::kText), false, std::string("'x'")},
                                       {"price", SqlType::numeric(10, 2)}};
  std::vector<IndexSchema> indexes = {{"items_name_idx", {1}, false, true}};
  std::vector<std::size_t> key;
  if (primary_key) key = {0};
  return std::make_shared<TableSchema>(oid, primary_key ? "items" : "log", columns, key, indexes);
}

RowRef item(const TableSchema& schema, std::int64_t id, const std::string& name) {
  RowBuilder builder(schema.layout());
  builder.set_int(0, id);
  builder.set_text(1, name);
  builder.set_decimal(2, value::Decimal{id * 100 + 5, 2});
  return builder.finish();
}

// Every table's rows and index trees, and every view, as comparable text.
std::string describe(const World& world) {
  std::string out = "next_oid " + std::to_string(world.next_oid()) + "\n";
  for (auto it = world.tables().begin(); it != world.tables().end(); ++it) {
    const Table& table = *(*it).value;
    out += "table " + (*it).key + " oid " + std::to_string(table.schema().oid()) + " cols " +
           std::to_string(table.schema().columns().size()) + " next_row_id " + std::to_string(table.next_row_id()) + "\n";
    for (auto row = table.rows().begin(); row != table.rows().end(); ++row) {
      out += "  " + std::string((*row).key.view().size(), '.') + " " + std::string((*row).value.image()) + "\n";
    }
    for (std::size_t i = 0; i < table.schema().indexes().size(); ++i) {
      out += " index " + table.schema().indexes()[i].name + ":";
      for (auto entry = table.index(i).begin(); entry != table.index(i).end(); ++entry) {
        out += " " + std::to_string((*entry).value.size());
      }
      out += "\n";
    }
  }
  for (auto it = world.views().begin(); it != world.views().end(); ++it) out += "view " + (*it).key + " " + (*it).value->query_sql + "\n";
  return out;
}

std::shared_ptr<const World> replay(const std::shared_ptr<const World>& base, const World& before, const World& after) {
  std::string bytes = txn::encode_world_change(before, after);
  if (bytes.empty()) return base;
  return txn::apply_world_change(base, txn::decode_world_change(bytes));
}

}  // namespace

TEST_CASE("inserts, updates and deletes replay to the same rows and indexes") {
  auto schema = items_schema();
  auto w0 = std::make_shared<const World>();
  auto w1 = w0->with_table(std::make_shared<Table>(schema));
  std::vector<RowRef> rows;
  for (int i = 0; i < 500; ++i) rows.push_back(item(*schema, i, "n" + std::to_string(i % 7)));
  auto w2 = w1->with_table(std::make_shared<Table>(w1->find_table("items")->insert_rows(rows)));
  std::vector<RowKey> deleted;
  for (int i = 0; i < 500; i += 3) deleted.push_back(primary_key_of(*schema, rows[i]));
  std::vector<RowRef> updated;
  for (int i = 1; i < 500; i += 5) updated.push_back(item(*schema, i, "changed"));
  std::vector<RowKey> updated_keys;
  for (const auto& row : updated) updated_keys.push_back(primary_key_of(*schema, row));
  auto t3 = w2->find_table("items")->delete_rows(deleted).replace_rows(updated_keys, updated);
  auto w3 = w2->with_table(std::make_shared<Table>(t3));

  auto r1 = replay(w0, *w0, *w1);
  auto r2 = replay(r1, *w1, *w2);
  auto r3 = replay(r2, *w2, *w3);
  CHECK(describe(*r1) == describe(*w1));
  CHECK(describe(*r2) == describe(*w2));
  CHECK(describe(*r3) == describe(*w3));

  // The record of a small change is small: only the changed rows are in it.
  auto w4 = w3->with_table(std::make_shared<Table>(w3->find_table("items")->insert_rows({item(*schema, 1000, "new")})));
  std::string bytes = txn::encode_world_change(*w3, *w4);
  CHECK(bytes.size() < 200);
  auto change = txn::decode_world_change(bytes);
  REQUIRE(change.entries.size() == 1);
  CHECK(change.entries[0].kind == txn::ChangeKind::kRows);
  CHECK(change.entries[0].upserted.size() == 1);
  CHECK(txn::encode_world_change(*w4, *w4).empty());
}

TEST_CASE("tables without a primary key keep their hidden row ids") {
  auto schema = items_schema(false, 16400);
  auto w1 = std::make_shared<const World>()->with_table(std::make_shared<Table>(schema));
  auto w2 = w1->with_table(std::make_shared<Table>(
      w1->find_table("log")->insert_rows({item(*schema, 1, "a"), item(*schema, 1, "a"), item(*schema, 2, "b")})));
  auto first_key = w2->find_table("log")->rows().first().key;
  auto w3 = w2->with_table(std::make_shared<Table>(w2->find_table("log")->delete_rows({first_key})));
  auto r = replay(replay(replay(std::make_shared<const World>(), World{}, *w1), *w1, *w2), *w2, *w3);
  CHECK(describe(*r) == describe(*w3));
  CHECK(r->find_table("log")->next_row_id() == 4);
  CHECK(r->next_oid() == 16401);
}

TEST_CASE("DDL replays: schema changes rebuild indexes, drops, views") {
  auto schema = items_schema();
  auto w1 = std::make_shared<const World>()->with_table(std::make_shared<Table>(schema));
  auto w2 = w1->with_table(std::make_shared<Table>(
      w1->find_table("items")->insert_rows({item(*schema, 1, "a"), item(*schema, 2, "b")})));
  // A new schema without the index (as DROP INDEX makes).
  auto without_index = std::make_shared<TableSchema>(schema->oid(), "items", schema->columns(), schema->primary_key());
  auto w3 = w2->with_table(std::make_shared<Table>(w2->find_table("items")->without_index(without_index, 0)));
  auto view = std::make_shared<ViewDefinition>(ViewDefinition{"cheap", "SELECT id FROM items", {"id"}, 16390});
  auto w4 = w3->with_view(view);
  auto w5 = w4->without_table("items")->without_view("cheap");

  auto r = std::make_shared<const World>();
  r = replay(r, World{}, *w1);
  r = replay(r, *w1, *w2);
  r = replay(r, *w2, *w3);
  CHECK(describe(*r) == describe(*w3));
  CHECK(r->find_table("items")->schema().indexes().empty());
  r = replay(r, *w3, *w4);
  CHECK(describe(*r) == describe(*w4));
  CHECK(r->find_view("cheap")->column_names == std::vector<std::string>{"id"});
  r = replay(r, *w4, *w5);
  CHECK(describe(*r) == describe(*w5));
  CHECK(r->find_table("items") == nullptr);
}

TEST_CASE("roles replay: created, altered, dropped, the bootstrap superuser's password") {
  auto w0 = std::make_shared<const World>();
  auto alice = std::make_shared<Role>(Role{"alice", 16400, false, true, "md5" + std::string(32, 'a')});
  auto w1 = w0->with_role(alice);
  auto postgres = std::make_shared<Role>(*w0->find_role(kBootstrapSuperuser));
  postgres->password_secret = "SCRAM-SHA-256$4096:c2FsdA==$c3RvcmVk:c2VydmVy";
  auto w2 = w1->with_role(postgres);
  auto w3 = w2->without_role("alice");

  auto r = replay(w0, *w0, *w1);
  REQUIRE(r->find_role("alice") != nullptr);
  CHECK(r->find_role("alice")->oid == 16400);
  CHECK(r->find_role("alice")->can_login);
  CHECK_FALSE(r->find_role("alice")->superuser);
  CHECK(r->find_role("alice")->password_secret == alice->password_secret);
  CHECK(r->next_oid() == w1->next_oid());
  r = replay(r, *w1, *w2);
  CHECK(r->find_role(kBootstrapSuperuser)->password_secret == postgres->password_secret);
  CHECK(r->find_role(kBootstrapSuperuser)->superuser);
  r = replay(r, *w2, *w3);
  CHECK(r->find_role("alice") == nullptr);
  // Nothing changed: no record at all.
  CHECK(txn::encode_world_change(*w3, *w3).empty());
}

TEST_CASE("owners, grants and role memberships replay") {
  auto w0 = std::make_shared<const World>();
  auto alice = std::make_shared<Role>(Role{"alice", 16400, false, true, ""});
  alice->inherit = false;
  alice->member_of.push_back({16401, kBootstrapSuperuserOid, true});
  auto w1 = w0->with_role(alice)->with_role(std::make_shared<Role>(Role{"team", 16401, false, false, ""}));
  auto acl = std::make_shared<ObjectAcl>();
  acl->owner = 16400;
  acl->acl = acl_grant(default_table_acl(16400), 16401, 16400, kPrivSelect | kPrivUpdate, true);
  acl->column_acls["k"] = {AclItem{kPublicGrantee, 16400, kPrivInsert, 0}};
  auto w2 = w1->with_acl(16384, acl);
  auto w3 = w2->without_acl(16384);

  auto r = replay(replay(w0, *w0, *w1), *w1, *w2);
  REQUIRE(r->find_role("alice") != nullptr);
  CHECK_FALSE(r->find_role("alice")->inherit);
  CHECK(r->find_role("alice")->member_of == alice->member_of);
  REQUIRE(r->find_acl(16384) != nullptr);
  CHECK(*r->find_acl(16384) == *acl);
  r = replay(r, *w2, *w3);
  CHECK(r->find_acl(16384) == nullptr);

  // A checkpoint keeps them too.
  auto directory = std::filesystem::temp_directory_path() / ("ckpt_acl_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(directory);
  txn::write_checkpoint(directory, 0x1000, *w2);
  auto loaded = txn::load_newest_checkpoint(directory);
  REQUIRE(loaded);
  REQUIRE(loaded->world->find_acl(16384) != nullptr);
  CHECK(*loaded->world->find_acl(16384) == *acl);
  CHECK(loaded->world->find_role("alice")->member_of == alice->member_of);
  std::filesystem::remove_all(directory);
}

TEST_CASE("schemas round-trip every column property") {
  auto schema = items_schema();
  auto w1 = std::make_shared<const World>()->with_table(std::make_shared<Table>(schema));
  auto r = replay(std::make_shared<const World>(), World{}, *w1);
  const TableSchema& back = r->find_table("items")->schema();
  REQUIRE(back.columns().size() == 3);
  CHECK(back.column(0).not_null);
  CHECK(back.column(1).default_sql == std::optional<std::string>("'x'"));
  CHECK(back.column(2).type == SqlType::numeric(10, 2));
  CHECK(back.primary_key() == std::vector<std::size_t>{0});
  CHECK(back.indexes()[0].standalone);
}

TEST_CASE("schemas round-trip CHECK constraints, and records from before them still decode") {
  auto base = items_schema();
  std::vector<storage::CheckConstraintSchema> checks = {{"items_name_check", "length(name) < 5", {1}},
                                                         {"a_check", "id > 0 AND price > 0", {0, 2}}};
  auto schema = std::make_shared<TableSchema>(base->oid(), "items", base->columns(), base->primary_key(),
                                              base->indexes(), base->foreign_keys(), checks);
  REQUIRE(schema->checks()[0].name == "a_check");  // kept in name order
  auto w1 = std::make_shared<const World>()->with_table(std::make_shared<Table>(schema));
  auto r = replay(std::make_shared<const World>(), World{}, *w1);
  const auto& back = r->find_table("items")->schema().checks();
  REQUIRE(back.size() == 2);
  CHECK(back[0].name == "a_check");
  CHECK(back[0].expression_sql == "id > 0 AND price > 0");
  CHECK(back[0].columns == std::vector<std::size_t>{0, 2});
  CHECK(back[1].name == "items_name_check");
  CHECK(back[1].columns == std::vector<std::size_t>{1});

  // A schema without checks is written as before checks existed: it ends
  // with the foreign key count (no flag bit) and its foreign keys.
  std::string bytes;
  txn::ByteWriter out(bytes);
  txn::encode_schema(out, *base);
  REQUIRE(bytes.size() >= 4);
  CHECK(bytes.substr(bytes.size() - 4) == std::string(4, '\0'));
  txn::ByteReader in(bytes);
  auto decoded = txn::decode_schema(in);
  CHECK(in.at_end());
  CHECK(decoded->checks().empty());
  CHECK(decoded->columns().size() == base->columns().size());
}

TEST_CASE("schemas round-trip storage parameters, with and without checks") {
  auto base = items_schema();
  for (bool with_check : {false, true}) {
    std::vector<storage::CheckConstraintSchema> checks;
    if (with_check) checks.push_back({"items_id_check", "id > 0", {0}});
    auto schema = std::make_shared<TableSchema>(base->oid(), "items", base->columns(), base->primary_key(),
                                                base->indexes(), base->foreign_keys(), checks,
                                                std::vector<std::string>{"fillfactor=10", "autovacuum_enabled=false"});
    auto w1 = std::make_shared<const World>()->with_table(std::make_shared<Table>(schema));
    auto r = replay(std::make_shared<const World>(), World{}, *w1);
    const TableSchema& back = r->find_table("items")->schema();
    CHECK(back.options() == std::vector<std::string>{"fillfactor=10", "autovacuum_enabled=false"});
    CHECK(back.fillfactor() == 10);
    CHECK(back.checks().size() == checks.size());
  }
  CHECK(base->fillfactor() == 100);
}

TEST_CASE("malformed records are rejected, not trusted") {
  auto schema = items_schema();
  auto w1 = std::make_shared<const World>()->with_table(std::make_shared<Table>(schema));
  std::string bytes = txn::encode_world_change(World{}, *w1);
  for (std::size_t cut = 1; cut < bytes.size(); cut += 7) {
    CHECK_THROWS_AS(txn::decode_world_change(std::string_view(bytes).substr(0, cut)), txn::CorruptRecord);
  }
}

TEST_CASE("checkpoint files round-trip a world; a damaged one is skipped") {
  auto dir = std::filesystem::temp_directory_path() / ("ckpt_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  auto schema = items_schema();
  auto w1 = std::make_shared<const World>()->with_table(std::make_shared<Table>(schema));
  std::vector<RowRef> rows;
  for (int i = 0; i < 2000; ++i) rows.push_back(item(*schema, i, "n" + std::to_string(i % 11)));
  auto w2 = w1->with_table(std::make_shared<Table>(w1->find_table("items")->insert_rows(rows)));
  txn::write_checkpoint(dir, 0x1000, *w1);
  auto newest = txn::write_checkpoint(dir, 0x2000, *w2);
  auto loaded = txn::load_newest_checkpoint(dir);
  REQUIRE(loaded);
  CHECK(loaded->lsn == 0x2000);
  CHECK(describe(*loaded->world) == describe(*w2));

  {  // damage the newest: the older one is used
    std::fstream file(newest, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(100);
    file.put('!');
  }
  std::string skipped;
  loaded = txn::load_newest_checkpoint(dir, &skipped);
  REQUIRE(loaded);
  CHECK(loaded->lsn == 0x1000);
  CHECK(skipped.find("checksum") != std::string::npos);
  txn::remove_checkpoints_before(dir, 0x2000);
  CHECK(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()) == 1);
  std::filesystem::remove_all(dir);
}

TEST_CASE("checkpoints of many tables, views and roles round-trip section by section") {
  auto dir = std::filesystem::temp_directory_path() / ("ckpt_sections_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  auto world = std::make_shared<const World>();
  for (std::uint32_t t = 0; t < 6; ++t) {
    auto base = items_schema(t % 2 == 0, 16384 + t);
    auto schema = std::make_shared<TableSchema>(base->oid(), "t" + std::to_string(t), base->columns(),
                                                base->primary_key(), base->indexes());
    std::vector<RowRef> rows;
    for (int i = 0; i < 300 * static_cast<int>(t); ++i) rows.push_back(item(*schema, i, "n" + std::to_string(i % 7)));
    world = world->with_table(std::make_shared<Table>(Table(schema).insert_rows(rows)));
  }
  world = world->with_view(std::make_shared<ViewDefinition>(ViewDefinition{"v", "SELECT id FROM t2", {"id"}, 16395}));
  world = world->with_role(std::make_shared<Role>(Role{"alice", 16400, false, true, "md5" + std::string(32, 'a')}));
  auto postgres = std::make_shared<Role>(*world->find_role(kBootstrapSuperuser));
  postgres->password_secret = "SCRAM-SHA-256$4096:c2FsdA==$c3RvcmVk:c2VydmVy";
  world = world->with_role(postgres)->with_next_oid(16500);

  txn::write_checkpoint(dir, 0x3000, *world);
  std::string skipped;
  auto loaded = txn::load_newest_checkpoint(dir, &skipped);
  REQUIRE(loaded);
  CHECK(skipped.empty());
  CHECK(describe(*loaded->world) == describe(*world));
  CHECK(loaded->world->next_oid() == 16500);
  REQUIRE(loaded->world->find_role("alice") != nullptr);
  CHECK(loaded->world->find_role("alice")->oid == 16400);
  CHECK(loaded->world->find_role(kBootstrapSuperuser)->password_secret == postgres->password_secret);
  CHECK(loaded->world->find_table("t1")->next_row_id() == world->find_table("t1")->next_row_id());
  std::filesystem::remove_all(dir);
}

TEST_CASE("sequences replay: definition with its last logged value, value records, drops, checkpoints") {
  auto sequence = std::make_shared<SequenceDefinition>();
  sequence->name = "s";
  sequence->oid = 16500;
  sequence->options.type = TypeId::kInteger;
  sequence->options.increment = 5;
  sequence->options.max_value = 1000;
  sequence->options.cycle = true;
  sequence->owner_table = "items";
  sequence->owner_column = "id";
  sequence->counter = std::make_shared<SequenceCounter>(16500, 1, false);
  auto base = std::make_shared<const World>();
  auto created = base->with_sequence(sequence);
  // Values drawn before the record is encoded: it holds the last logged one.
  CHECK(sequence->counter->next_value(sequence->options, "s") == 1);
  CHECK(sequence->counter->next_value(sequence->options, "s") == 6);
  auto replayed = txn::apply_world_change(base, txn::decode_world_change(txn::encode_world_change(*base, *created)));
  auto copy = replayed->find_sequence("s");
  REQUIRE(copy);
  CHECK(copy->oid == 16500);
  CHECK(copy->options == sequence->options);
  CHECK(copy->owner_table == "items");
  CHECK(copy->owner_column == "id");
  CHECK(copy->counter != sequence->counter);
  // After a crash the next value is past every value handed out.
  CHECK(copy->counter->next_value(copy->options, "s") > 6);

  // A value record sets the counter of the sequence with that oid, if any.
  txn::apply_sequence_state(*replayed, txn::decode_sequence_state(txn::encode_sequence_state({16500, 500, true})));
  CHECK(copy->counter->next_value(copy->options, "s") == 505);
  txn::apply_sequence_state(*replayed, txn::decode_sequence_state(txn::encode_sequence_state({99999, 7, true})));

  auto dropped = created->without_sequence("s");
  auto after_drop =
      txn::apply_world_change(replayed, txn::decode_world_change(txn::encode_world_change(*created, *dropped)));
  CHECK_FALSE(after_drop->find_sequence("s"));

  auto dir = std::filesystem::temp_directory_path() / ("ckpt_seq_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  txn::write_checkpoint(dir, 0x3000, *created);
  auto loaded = txn::load_newest_checkpoint(dir);
  REQUIRE(loaded);
  auto restored = loaded->world->find_sequence("s");
  REQUIRE(restored);
  CHECK(restored->counter->state().last_value == sequence->counter->logged_state().last_value);
  CHECK(loaded->world->next_oid() > 16500);
  std::filesystem::remove_all(dir);
}

TEST_CASE("namespaces replay and checkpoint; temporary tables and their owners are never logged") {
  auto schema_namespace = std::make_shared<NamespaceDefinition>(NamespaceDefinition{"sales", 16400});
  auto kept = std::make_shared<TableSchema>(16401, "sales.items", items_schema()->columns(), std::vector<std::size_t>{0});
  auto temporary = std::make_shared<TableSchema>(16402, "pg_temp_7.scratch", items_schema()->columns(),
                                                 std::vector<std::size_t>{0});
  auto owner = std::make_shared<ObjectAcl>();
  owner->owner = kBootstrapSuperuserOid;
  auto w1 = std::make_shared<const World>()
                ->with_namespace(schema_namespace)
                ->with_acl(16400, owner)
                ->with_table(std::make_shared<Table>(kept))
                ->with_table(std::make_shared<Table>(temporary))
                ->with_acl(16402, owner);
  auto w2 = w1->with_table(std::make_shared<Table>(
      w1->find_table("pg_temp_7.scratch")->insert_rows({item(*temporary, 1, "gone")})));

  auto r = replay(std::make_shared<const World>(), World{}, *w1);
  r = replay(r, *w1, *w2);
  REQUIRE(r->find_namespace("sales") != nullptr);
  CHECK(r->find_namespace("sales")->oid == 16400);
  CHECK(r->find_acl(16400) != nullptr);
  CHECK(r->find_table("sales.items") != nullptr);
  CHECK(r->find_table("pg_temp_7.scratch") == nullptr);
  CHECK(r->find_acl(16402) == nullptr);
  CHECK(txn::encode_world_change(*w1, *w2).empty());  // rows of a temporary table: nothing to log

  auto directory = std::filesystem::temp_directory_path() / ("ckpt_namespace_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(directory);
  txn::write_checkpoint(directory, 0x1000, *w2);
  auto loaded = txn::load_newest_checkpoint(directory);
  REQUIRE(loaded);
  CHECK(loaded->world->find_namespace("sales") != nullptr);
  CHECK(loaded->world->find_table("sales.items") != nullptr);
  CHECK(loaded->world->find_table("pg_temp_7.scratch") == nullptr);
  CHECK(loaded->world->find_acl(16402) == nullptr);
  std::filesystem::remove_all(directory);

  auto w3 = w2->without_table("sales.items")->without_namespace("sales");
  r = replay(r, *w2, *w3);
  CHECK(r->find_namespace("sales") == nullptr);
  CHECK(r->find_table("sales.items") == nullptr);
}

TEST_CASE("enum types replay: labels, keys and sort orders, columns of the type, drops, checkpoints") {
  auto type = std::make_shared<const ptreedb::value::EnumType>(ptreedb::value::enum_with_label_added(
      ptreedb::value::make_enum_type("mood", 16600, {"sad", "happy"}, 16601), "ok", std::string("happy"), false,
      16603));
  auto base = std::make_shared<const World>();
  auto created = base->with_enum_type(type);
  CHECK(created->next_oid() == 16604);
  std::vector<ColumnSchema> columns{{"id", SqlType::of(TypeId::kInteger), true},
                                    {"m", ptreedb::value::SqlType::enumeration(16600)}};
  auto with_table = created->with_table(std::make_shared<const Table>(
      std::make_shared<const TableSchema>(16700, "t", columns, std::vector<std::size_t>{0})));
  auto replayed =
      txn::apply_world_change(base, txn::decode_world_change(txn::encode_world_change(*base, *with_table)));
  auto copy = replayed->find_enum_type("mood");
  REQUIRE(copy);
  REQUIRE(copy->labels.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(copy->labels[i].label == type->labels[i].label);
    CHECK(copy->labels[i].key == type->labels[i].key);
    CHECK(copy->labels[i].oid == type->labels[i].oid);
    CHECK(copy->labels[i].sort_order == type->labels[i].sort_order);
  }
  CHECK(replayed->find_table("t")->schema().column(1).type == ptreedb::value::SqlType::enumeration(16600));
  {
    // A statement planned or run against the replayed world finds the type by oid.
    ptreedb::storage::WorldUserTypes user_types(*replayed);
    CHECK(ptreedb::value::registered_enum_type(16600) == copy);
  }
  CHECK_FALSE(ptreedb::value::registered_enum_type(16600));  // no world installed

  auto dropped = created->without_enum_type("mood");
  auto after_drop =
      txn::apply_world_change(replayed, txn::decode_world_change(txn::encode_world_change(*created, *dropped)));
  CHECK_FALSE(after_drop->find_enum_type("mood"));

  auto dir = std::filesystem::temp_directory_path() / ("ckpt_enum_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  txn::write_checkpoint(dir, 0x3000, *with_table);
  auto loaded = txn::load_newest_checkpoint(dir);
  REQUIRE(loaded);
  auto restored = loaded->world->find_enum_type(16600);
  REQUIRE(restored);
  CHECK(restored->name == "mood");
  CHECK(restored->labels[1].label == "ok");
  CHECK(loaded->world->next_oid() > 16700);
  std::filesystem::remove_all(dir);
}
