#include "exec/table_sample.h"

#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include "exec/hash_mix.h"

namespace ptreedb::exec {

namespace {

// A generator per (seed, stream): streams of one seed are independent.
std::mt19937_64 generator(std::uint64_t seed, std::uint64_t stream) {
  std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                         static_cast<std::uint32_t>(stream), static_cast<std::uint32_t>(stream >> 32)};
  return std::mt19937_64(sequence);
}

// A uniform double in [0, 1) from 53 bits.
double unit_interval(std::uint64_t bits) { return static_cast<double>(bits >> 11) * 0x1.0p-53; }

}  // namespace

std::uint64_t sample_seed(double repeatable) {
  if (repeatable == 0) repeatable = 0;  // -0 is 0
  if (std::isnan(repeatable)) repeatable = std::numeric_limits<double>::quiet_NaN();
  return mix64(std::bit_cast<std::uint64_t>(repeatable) ^ 0x5bd1e9955bd1e995ULL);
}

std::uint64_t random_sample_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

void bernoulli_positions(std::uint64_t seed, std::size_t stretch, double fraction, std::size_t first,
                         std::size_t count, std::vector<std::size_t>& out) {
  if (fraction <= 0 || count == 0) return;
  if (fraction >= 1) {
    for (std::size_t i = 0; i < count; ++i) out.push_back(first + i);
    return;
  }
  auto random = generator(seed, stretch);
  // The number of rows passed over before the next one taken.
  std::geometric_distribution<std::size_t> gap(fraction);
  for (std::size_t at = gap(random); at < count; at += 1 + gap(random)) out.push_back(first + at);
}

bool sample_takes(std::uint64_t seed, std::uint64_t item, double fraction) {
  if (fraction <= 0) return false;
  if (fraction >= 1) return true;
  return unit_interval(mix64(seed ^ mix64(item + 0x9e3779b97f4a7c15ULL))) < fraction;
}

RandomOrder::RandomOrder(std::uint64_t seed, std::size_t count) : state_(mix64(seed ^ 0x243f6a8885a308d3ULL)), count_(count) {}

std::size_t RandomOrder::value_at(std::size_t index) const {
  auto found = moved_.find(index);
  return found == moved_.end() ? index : found->second;
}

std::optional<std::size_t> RandomOrder::next() {
  if (drawn_ == count_) return std::nullopt;
  // Swap a uniformly chosen remaining index into place `drawn_`.
  state_ += 0x9e3779b97f4a7c15ULL;
  std::uint64_t bits = mix64(state_);
  std::size_t remaining = count_ - drawn_;
  // Multiply-shift: uniform enough for any count below 2^32 (bias < 2^-32).
  std::size_t pick = drawn_ + static_cast<std::size_t>((static_cast<unsigned __int128>(bits) * remaining) >> 64);
  std::size_t chosen = value_at(pick);
  moved_[pick] = value_at(drawn_);
  moved_.erase(drawn_);
  ++drawn_;
  return chosen;
}

}  // namespace ptreedb::exec
