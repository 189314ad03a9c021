// Key distributions of YCSB (Cooper et al., SoCC 2010): uniform, scrambled
// Zipfian (theta 0.99, Gray et al.'s generator, hashed so hot keys spread over
// the key space) and "latest" (Zipfian over the most recent inserts).
#pragma once

#include <cmath>
#include <cstdint>
#include <random>

namespace ptreedb::bench {

class ZipfianGenerator {
 public:
  explicit ZipfianGenerator(std::uint64_t items, double theta = 0.99)
      : items_(items), theta_(theta), alpha_(1.0 / (1.0 - theta)),
        zetan_(zeta(items, theta)), zeta2_(zeta(2, theta)),
        eta_((1 - std::pow(2.0 / double(items), 1 - theta)) / (1 - zeta2_ / zetan_)) {}

  // A rank in [0, items): 0 the most popular.
  template <class Random>
  std::uint64_t next(Random& random) const {
    double u = std::uniform_real_distribution<double>(0.0, 1.0)(random);
    double uz = u * zetan_;
    if (uz < 1.0) return 0;
    if (uz < 1.0 + std::pow(0.5, theta_)) return 1;
    auto rank = std::uint64_t(double(items_) * std::pow(eta_ * u - eta_ + 1, alpha_));
    return rank < items_ ? rank : items_ - 1;
  }

  std::uint64_t items() const { return items_; }

 private:
  static double zeta(std::uint64_t n, double theta) {
    double sum = 0;
    for (std::uint64_t i = 1; i <= n; ++i) sum += 1.0 / std::pow(double(i), theta);
    return sum;
  }

  std::uint64_t items_;
  double theta_, alpha_, zetan_, zeta2_, eta_;
};

inline std::uint64_t fnv1a64(std::uint64_t value) {
  std::uint64_t hash = 0xCBF29CE484222325ull;
  for (int i = 0; i < 8; ++i) {
    hash ^= value & 0xFF;
    hash *= 0x100000001B3ull;
    value >>= 8;
  }
  return hash;
}

enum class KeyDistribution { uniform, zipfian };

class KeyChooser {
 public:
  KeyChooser(KeyDistribution distribution, std::uint64_t records)
      : distribution_(distribution), zipfian_(records) {}

  // A key among the first `present` keys (present >= records; inserts grow it).
  template <class Random>
  std::uint64_t existing(Random& random, std::uint64_t present) const {
    if (distribution_ == KeyDistribution::uniform) {
      return std::uniform_int_distribution<std::uint64_t>(0, present - 1)(random);
    }
    return fnv1a64(zipfian_.next(random)) % present;
  }

  // Skewed towards the newest keys (workload D).
  template <class Random>
  std::uint64_t latest(Random& random, std::uint64_t present) const {
    std::uint64_t back = zipfian_.next(random) % present;
    return present - 1 - back;
  }

 private:
  KeyDistribution distribution_;
  ZipfianGenerator zipfian_;
};

}  // namespace ptreedb::bench
