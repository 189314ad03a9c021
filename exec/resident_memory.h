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

// Under memory pressure (statements hold over an eighth of the limit, until
// they hold under a sixteenth and the resident size is under half of it) the
// allocator should hand freed pages back at once, so the resident size the
// write check reads shows what is held; otherwise it keeps them for reuse,
// which is faster. The server program, which owns the allocator, installs
// `handler`; it is called on each change.
void set_memory_pressure_handler(void (*handler)(bool under_pressure));
// Re-evaluates the pressure: when statements' charges grow, and when one ends.
void update_memory_pressure();

// Throws 53200 naming `context` when resident memory plus `new_bytes` would
// pass MemoryBudget::process()'s limit (no limit: never).
void check_write_fits(std::int64_t new_bytes, const char* context);

}  // namespace ptreedb::exec
