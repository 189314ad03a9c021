// Latency percentiles over recorded samples (microseconds).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ptreedb::bench {

struct LatencySummary {
  std::size_t count = 0;
  double mean_us = 0, p50_us = 0, p95_us = 0, p99_us = 0, max_us = 0;
};

inline double percentile_of_sorted(const std::vector<double>& sorted, double fraction) {
  if (sorted.empty()) return 0;
  std::size_t index = std::size_t(std::ceil(fraction * double(sorted.size()))) ;
  index = index == 0 ? 0 : index - 1;
  return sorted[std::min(index, sorted.size() - 1)];
}

inline LatencySummary summarize(std::vector<double> samples) {
  LatencySummary s;
  s.count = samples.size();
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  double total = 0;
  for (double v : samples) total += v;
  s.mean_us = total / double(samples.size());
  s.p50_us = percentile_of_sorted(samples, 0.50);
  s.p95_us = percentile_of_sorted(samples, 0.95);
  s.p99_us = percentile_of_sorted(samples, 0.99);
  s.max_us = samples.back();
  return s;
}

inline double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

inline double geometric_mean(const std::vector<double>& values) {
  if (values.empty()) return 0;
  double log_sum = 0;
  for (double v : values) log_sum += std::log(std::max(v, 1e-9));
  return std::exp(log_sum / double(values.size()));
}

}  // namespace ptreedb::bench
