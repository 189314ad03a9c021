#include "server/memory_limit.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "exec/memory_budget.h"
#include "server/session_settings.h"

namespace ptreedb::server {

namespace {

// A limit file's number; 0 for "max", a missing file or nonsense.
std::uint64_t read_limit_file(const char* path) {
  std::ifstream file(path);
  std::string text;
  if (!(file >> text) || text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return 0;
  try {
    return std::stoull(text);
  } catch (...) {
    return 0;
  }
}

}  // namespace

std::uint64_t default_memory_limit() {
  long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGESIZE);
  std::uint64_t available = pages > 0 && page_size > 0 ? static_cast<std::uint64_t>(pages) * page_size : 0;
  // cgroup v2, then v1 (whose "no limit" is a huge number, which min ignores).
  for (const char* path : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    std::uint64_t cgroup = read_limit_file(path);
    if (cgroup > 0) available = available == 0 ? cgroup : std::min(available, cgroup);
  }
  return available / 5 * 4;
}

std::uint64_t apply_memory_limit(const ServerConfig& config) {
  std::uint64_t limit = config.memory_limit != 0 ? config.memory_limit : default_memory_limit();
  exec::MemoryBudget::process().set_limit(static_cast<std::int64_t>(limit));
  // One sort or hash may take a quarter of the budget: a runaway one fails
  // while the rest is left to the other sessions.
  if (limit != 0) set_work_mem_default(static_cast<std::int64_t>(limit / 4));
  return limit;
}

}  // namespace ptreedb::server
