#include "exec/resident_memory.h"

#include <unistd.h>

#include <tbb/scalable_allocator.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

#include "exec/memory_budget.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

namespace {

std::int64_t read_statm() {
  std::FILE* file = std::fopen("/proc/self/statm", "r");
  if (file == nullptr) return 0;
  long long size = 0, resident = 0;
  int fields = std::fscanf(file, "%lld %lld", &size, &resident);
  std::fclose(file);
  if (fields != 2) return 0;
  return static_cast<std::int64_t>(resident) * static_cast<std::int64_t>(sysconf(_SC_PAGESIZE));
}

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::atomic<void (*)(bool)> pressure_handler{nullptr};
std::atomic<bool> under_pressure{false};
std::mutex pressure_mutex;

}  // namespace

void set_memory_pressure_handler(void (*handler)(bool under_pressure)) { pressure_handler.store(handler); }

void update_memory_pressure() {
  void (*handler)(bool) = pressure_handler.load(std::memory_order_relaxed);
  if (handler == nullptr) return;
  const MemoryBudget& budget = MemoryBudget::process();
  std::int64_t limit = budget.limit();
  if (limit <= 0) return;
  bool on = under_pressure.load(std::memory_order_relaxed);
  // The common case costs two loads: far from the limit and not under pressure.
  if (!on && budget.used() <= limit / 8) return;
  if (on && budget.used() > limit / 16) return;
  std::lock_guard lock(pressure_mutex);
  on = under_pressure.load(std::memory_order_relaxed);
  bool wanted = on ? resident_bytes(true) > limit / 2 || budget.used() > limit / 16 : budget.used() > limit / 8;
  if (wanted == on) return;
  under_pressure.store(wanted, std::memory_order_relaxed);
  handler(wanted);
}

std::int64_t resident_bytes(bool fresh) {
  // Single-row writes come by the thousand per second: one file read per 5 ms.
  constexpr std::int64_t kSampleNs = 5'000'000;
  static std::atomic<std::int64_t> sampled_at{0};
  static std::atomic<std::int64_t> sample{0};
  std::int64_t now = now_ns();
  std::int64_t last = sampled_at.load(std::memory_order_relaxed);
  if (fresh || (now - last >= kSampleNs && sampled_at.compare_exchange_strong(last, now, std::memory_order_relaxed))) {
    sample.store(read_statm(), std::memory_order_relaxed);
  }
  return sample.load(std::memory_order_relaxed);
}

void check_write_fits(std::int64_t new_bytes, const char* context) {
  std::int64_t limit = MemoryBudget::process().limit();
  if (limit <= 0) return;
  std::int64_t resident = resident_bytes(false);
  if (resident + new_bytes <= limit) return;
  // Rows freed since (a failed COPY, a dropped table) may sit in oneTBB's
  // allocator caches: hand those back to the system and look again.
  scalable_allocation_command(TBBMALLOC_CLEAN_ALL_BUFFERS, nullptr);
  resident = resident_bytes(true);
  if (resident + new_bytes <= limit) return;
  throw SqlError("53200", "out of memory",
                 "Failed on request of size " + std::to_string(new_bytes) + " in memory context \"" + context +
                     "\": the server's resident memory is " + format_memory_size(resident / 1024 * 1024) +
                     " of its memory limit of " + format_memory_size(limit) + ", stored rows included.");
}

}  // namespace ptreedb::exec
