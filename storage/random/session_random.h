// random() and setseed() of one session. The generator is PostgreSQL's
// (xoroshiro128**, seeded through splitmix64, doubles from the top 52 bits),
// so after setseed(x) a session draws the numbers PostgreSQL 15 draws after
// setseed(x). Until a setseed, the seed comes from the system's entropy.
// Kernels may run on several threads for one statement, hence the lock.
#pragma once

#include <cstdint>
#include <mutex>

namespace ptreedb::storage {

class SessionRandom {
 public:
  // Uniform in [0, 1).
  double next_double();
  // `seed` in [-1, 1] (setseed checks the range).
  void set_seed(double seed);

 private:
  void seed_with(std::uint64_t seed);
  std::uint64_t next();

  std::mutex mutex_;
  std::uint64_t s0_ = 0, s1_ = 0;
  bool seeded_ = false;
};

}  // namespace ptreedb::storage
