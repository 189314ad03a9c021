// Counters of the batch committer, read by the ptreedb_stat_commit relation.
// Written by whichever session leads a batch, read by anyone: relaxed atomics
// suffice.
#pragma once

#include <atomic>
#include <cstdint>

namespace ptreedb::txn {

struct CommitStats {
  std::atomic<std::uint64_t> commits{0};                // transactions published
  std::atomic<std::uint64_t> serialization_aborts{0};   // 40001 at commit
  std::atomic<std::uint64_t> unique_aborts{0};          // 23505 at commit
  std::atomic<std::uint64_t> other_aborts{0};           // any other error at commit
  std::atomic<std::uint64_t> batches{0};                // batches handled
  std::atomic<std::uint64_t> batched_requests{0};       // requests over all batches
  std::atomic<std::uint64_t> max_batch_size{0};
  std::atomic<std::uint64_t> reapplied{0};              // READ COMMITTED conflicts re-run by the committer
  std::atomic<std::uint64_t> commit_latency_ns{0};      // submit to wake-up, summed over requests

  struct Snapshot {
    std::uint64_t commits, serialization_aborts, unique_aborts, other_aborts, batches, batched_requests,
        max_batch_size, commit_latency_ns, reapplied;
  };
  Snapshot read() const {
    auto get = [](const std::atomic<std::uint64_t>& a) { return a.load(std::memory_order_relaxed); };
    return {get(commits), get(serialization_aborts), get(unique_aborts), get(other_aborts),
            get(batches), get(batched_requests), get(max_batch_size), get(commit_latency_ns), get(reapplied)};
  }
};

}  // namespace ptreedb::txn
