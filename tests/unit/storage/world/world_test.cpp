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
