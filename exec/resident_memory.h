// Stored rows are not charged to any statement: they belong to the tables. A
// write that adds rows is refused (53200) when the process's resident memory
// plus the rows it adds would pass the memory limit, so INSERT ... SELECT and
// COPY cannot grow the tables until the kernel kills the server.
#pragma once

#include <cstdint>

namespace ptreedb::exec {

// The process's resident set in bytes (/proc/self/statm), sampled at most
// once per few milliseconds unless `fresh`; 0 where unknown.
std::int64_t resident_bytes(bool fresh);

// Throws 53200 naming `context` when resident memory plus `new_bytes` would
// pass MemoryBudget::process()'s limit (no limit: never).
void check_write_fits(std::int64_t new_bytes, const char* context);

}  // namespace ptreedb::exec
