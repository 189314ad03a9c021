#include "txn/commit_stats.h"

#include <bit>
#include <cmath>

namespace ptreedb::txn {

int LatencyHistogram::bucket_of(std::uint64_t nanoseconds) {
  std::uint64_t micros = nanoseconds / 1000;
  if (micros < 1) return 0;
  // Four buckets per power of two: the exponent and the two bits below the top one.
  int exponent = std::bit_width(micros) - 1;
  int quarter = exponent >= 2 ? static_cast<int>((micros >> (exponent - 2)) & 3)
                              : static_cast<int>((micros << (2 - exponent)) & 3);
  int bucket = 1 + exponent * 4 + quarter;
  return bucket < kBuckets ? bucket : kBuckets - 1;
}

double LatencyHistogram::upper_bound_us(int bucket) {
  if (bucket == 0) return 1.0;
  int exponent = (bucket - 1) / 4, quarter = (bucket - 1) % 4;
  return std::ldexp(1.0 + (quarter + 1) / 4.0, exponent);
}

double LatencyHistogram::percentile_us(double p) const {
  std::uint64_t counts[kBuckets];
  std::uint64_t total = 0;
  for (int i = 0; i < kBuckets; ++i) total += counts[i] = buckets_[i].load(std::memory_order_relaxed);
  if (total == 0) return 0.0;
  auto rank = static_cast<std::uint64_t>(std::ceil(p * static_cast<double>(total)));
  if (rank == 0) rank = 1;
  std::uint64_t seen = 0;
  for (int i = 0; i < kBuckets; ++i) {
    seen += counts[i];
    if (seen >= rank) return upper_bound_us(i);
  }
  return upper_bound_us(kBuckets - 1);
}

}  // namespace ptreedb::txn
