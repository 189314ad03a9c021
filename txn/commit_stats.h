// Counters of the batch committer, read by the ptreedb_stat_commit relation.
// Written by whichever session leads a batch, read by anyone: relaxed atomics
// suffice.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

namespace ptreedb::txn {

// Commit latencies in buckets growing by 2^(1/4) from 1 µs (each bucket's
// upper bound is within 19% of its lower), so percentiles need no samples.
class LatencyHistogram {
 public:
  static constexpr int kBuckets = 128;
  void record(std::uint64_t nanoseconds) {
    buckets_[bucket_of(nanoseconds)].fetch_add(1, std::memory_order_relaxed);
  }
  // The upper bound (µs) of the bucket holding the p-quantile; 0 if empty.
  double percentile_us(double p) const;
  static int bucket_of(std::uint64_t nanoseconds);
  static double upper_bound_us(int bucket);

 private:
  std::array<std::atomic<std::uint64_t>, kBuckets> buckets_{};
};

struct CommitStats {
  std::atomic<std::uint64_t> commits{0};                // transactions published
  std::atomic<std::uint64_t> serialization_aborts{0};   // 40001 at commit
  std::atomic<std::uint64_t> unique_aborts{0};          // 23505 at commit
  std::atomic<std::uint64_t> other_aborts{0};           // any other error at commit
  std::atomic<std::uint64_t> batches{0};                // batches handled
  std::atomic<std::uint64_t> batched_requests{0};       // requests over all batches
  std::atomic<std::uint64_t> max_batch_size{0};
  std::atomic<std::uint64_t> reapplied{0};              // READ COMMITTED conflicts re-run by the committer
  LatencyHistogram commit_latency;                      // submit to wake-up, per request
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
