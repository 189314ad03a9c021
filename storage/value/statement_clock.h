// The statement's time, which 'now', 'today', 'tomorrow' and 'yesterday' in a
// date/time literal stand for. The planner fixes it while it plans a statement
// (planner/current_time.h) and it stays installed on the thread until the next
// statement is planned there, since literals are cast while the statement runs;
// on a thread that never planned one it is the system clock's time.
#pragma once

#include <cstdint>
#include <optional>

namespace ptreedb::value {

// Microseconds since 2000-01-01 UTC.
std::int64_t statement_instant_micros();
// Installs `micros` as the statement's time on this thread (nullopt: none).
void set_statement_instant(std::optional<std::int64_t> micros);

}  // namespace ptreedb::value
