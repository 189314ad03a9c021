#include "storage/world/world.h"

#include <catch2/catch.hpp>

#include <thread>

using namespace ptreedb::storage;
using ptreedb::value::SqlType;
using ptreedb::value::TypeId;

namespace {
std::shared_ptr<const Table> make_table(const std::string& name, std::uint32_t oid) {
  auto schema = std::make_shared<TableSchema>(
      oid, name, std::vector<ColumnSchema>{{"id", SqlType::of(TypeId::kBigint)}},
      std::vector<std::size_t>{0});
  return std::make_shared<Table>(schema);
}
}  // namespace

TEST_CASE("worlds are immutable versions: adding and dropping tables makes new ones") {
  auto empty = std::make_shared<const World>();
  auto one = empty->with_table(make_table("a", 16384));
  auto two = one->with_table(make_table("b", 16385));
  auto dropped = two->without_table("a");
  CHECK(empty->tables().size() == 0);
  CHECK(one->tables().size() == 1);
  CHECK(two->tables().size() == 2);
  CHECK(dropped->tables().size() == 1);
  CHECK(dropped->find_table("a") == nullptr);
  CHECK(two->find_table("a") != nullptr);
  CHECK(two->version() == 2);
  CHECK(two->next_oid() == 16386);
}

TEST_CASE("readers load the current world while a writer publishes new ones") {
  WorldHolder holder;
  std::atomic<bool> done{false};
  std::atomic<int> torn{0};
  std::thread reader([&] {
    while (!done.load()) {
      auto world = holder.current();
      // A world's table count always equals its version in this test.
      if (world->tables().size() != world->version()) ++torn;
    }
  });
  for (std::uint32_t i = 0; i < 200; ++i) {
    holder.publish(holder.current()->with_table(make_table("t" + std::to_string(i), 16384 + i)));
  }
  done = true;
  reader.join();
  CHECK(torn == 0);
  CHECK(holder.current()->tables().size() == 200);
}

TEST_CASE("roles are versioned with the world, starting with the bootstrap superuser") {
  auto empty = std::make_shared<const World>();
  auto bootstrap = empty->find_role("postgres");
  REQUIRE(bootstrap != nullptr);
  CHECK(bootstrap->oid == kBootstrapSuperuserOid);
  CHECK(bootstrap->superuser);
  CHECK(bootstrap->can_login);
  CHECK(empty->roles().size() == 1);

  auto alice = std::make_shared<Role>();
  alice->name = "alice";
  alice->oid = empty->next_oid();
  alice->password_secret = "md5" + std::string(32, '0');
  auto with_alice = empty->with_role(alice);
  CHECK(with_alice->version() == empty->version() + 1);
  CHECK(with_alice->next_oid() == alice->oid + 1);
  CHECK(with_alice->roles().size() == 2);
  CHECK(empty->find_role("alice") == nullptr);

  auto changed = std::make_shared<Role>(*alice);
  changed->can_login = true;
  auto altered = with_alice->with_role(changed);
  CHECK(altered->roles().size() == 2);
  CHECK(altered->find_role("alice")->can_login);
  CHECK_FALSE(with_alice->find_role("alice")->can_login);

  auto dropped = altered->without_role("alice");
  CHECK(dropped->find_role("alice") == nullptr);
  CHECK(altered->find_role("alice") != nullptr);
}
