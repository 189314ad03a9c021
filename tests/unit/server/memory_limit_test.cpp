#include "server/memory_limit.h"

#include <unistd.h>

#include <catch2/catch.hpp>

#include "exec/memory_budget.h"

using ptreedb::exec::MemoryBudget;
using ptreedb::server::ServerConfig;
using ptreedb::server::apply_memory_limit;
using ptreedb::server::default_memory_limit;

TEST_CASE("the default limit is 80% of what the process may use") {
  std::uint64_t physical = static_cast<std::uint64_t>(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGESIZE);
  std::uint64_t limit = default_memory_limit();
  CHECK(limit > 0);
  CHECK(limit <= physical / 5 * 4);
}

TEST_CASE("the flag sets the process budget") {
  ServerConfig config;
  config.memory_limit = 256ull << 20;
  CHECK(apply_memory_limit(config) == (256ull << 20));
  CHECK(MemoryBudget::process().limit() == (256ll << 20));
  config.memory_limit = 0;
  CHECK(apply_memory_limit(config) == default_memory_limit());
  MemoryBudget::process().set_limit(0);
}
