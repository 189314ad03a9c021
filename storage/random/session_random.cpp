#include "storage/random/session_random.h"

#include <cmath>
#include <random>

namespace ptreedb::storage {

namespace {

std::uint64_t rotate_left(std::uint64_t x, int bits) { return (x << bits) | (x >> (64 - bits)); }

// splitmix64: spreads one 64-bit seed over the generator's two words.
std::uint64_t split_mix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

void SessionRandom::seed_with(std::uint64_t seed) {
  s0_ = split_mix(seed);
  s1_ = split_mix(seed);
  // The generator must not start from all zeroes; any other state serves.
  if (s0_ == 0 && s1_ == 0) {
    s0_ = 0x5851F42D4C957F2DULL;
    s1_ = 0x14057B7EF767814FULL;
  }
  seeded_ = true;
}

// xoroshiro128**.
std::uint64_t SessionRandom::next() {
  const std::uint64_t s0 = s0_, sx = s1_ ^ s0;
  const std::uint64_t value = rotate_left(s0 * 5, 7) * 9;
  s0_ = rotate_left(s0, 24) ^ sx ^ (sx << 16);
  s1_ = rotate_left(sx, 37);
  return value;
}

double SessionRandom::next_double() {
  std::lock_guard lock(mutex_);
  if (!seeded_) {
    std::random_device entropy;
    seed_with((static_cast<std::uint64_t>(entropy()) << 32) ^ entropy());
  }
  return std::ldexp(static_cast<double>(next() >> 12), -52);
}

void SessionRandom::set_seed(double seed) {
  std::lock_guard lock(mutex_);
  // About 52 mantissa bits, and the sign: PostgreSQL's scaling of the seed.
  const auto scaled = static_cast<std::int64_t>(static_cast<double>((std::uint64_t{1} << 52) - 1) * seed);
  seed_with(static_cast<std::uint64_t>(scaled));
}

}  // namespace ptreedb::storage
