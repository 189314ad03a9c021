#include "storage/value/statement_clock.h"

#include <chrono>

#include "storage/value/calendar.h"

namespace ptreedb::value {

namespace {
thread_local std::optional<std::int64_t> installed_instant;
}  // namespace

std::int64_t statement_instant_micros() {
  if (installed_instant) return *installed_instant;
  using namespace std::chrono;
  const std::int64_t unix_micros = duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
  return unix_micros + calendar::kUnixEpochDays * 86'400'000'000LL;
}

void set_statement_instant(std::optional<std::int64_t> micros) { installed_instant = micros; }

}  // namespace ptreedb::value
