// The server's memory limit (--memory-limit): by default 80% of the memory
// the process may use, the smaller of physical RAM and the cgroup's limit.
#pragma once

#include <cstdint>

#include "server/config.h"

namespace ptreedb::server {

// 80% of min(physical memory, cgroup memory.max); 0 when neither is known.
std::uint64_t default_memory_limit();

// Sets the process memory budget and work_mem's default (a quarter of the
// limit) from `config`; returns the limit in force.
std::uint64_t apply_memory_limit(const ServerConfig& config);

}  // namespace ptreedb::server
