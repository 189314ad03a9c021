#include "exec/table_sample.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "exec/hash_mix.h"
#include "exec/postgres_hash.h"

namespace ptreedb::exec {

namespace {

// A generator per (seed, stream): streams of one seed are independent.
std::mt19937_64 generator(std::uint64_t seed, std::uint64_t stream) {
  std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                         static_cast<std::uint32_t>(stream), static_cast<std::uint32_t>(stream >> 32)};
  return std::mt19937_64(sequence);
}

}  // namespace

std::uint32_t sample_seed(double repeatable) { return postgres_hash_float8(repeatable); }

std::uint32_t random_sample_seed() {
  std::random_device device;
  return device();
}

std::uint64_t sample_cutoff(float percent) {
  return static_cast<std::uint64_t>(std::rint(4294967296.0 * static_cast<double>(percent) / 100));
}

bool system_takes_page(std::uint32_t seed, std::uint64_t cutoff, std::size_t page) {
  return postgres_hash_words(static_cast<std::uint32_t>(page), seed) < cutoff;
}

bool bernoulli_takes_row(std::uint32_t seed, std::uint64_t cutoff, std::size_t position, std::size_t rows_per_page) {
  const auto page = static_cast<std::uint32_t>(position / rows_per_page);
  const auto line = static_cast<std::uint32_t>(position % rows_per_page + 1);
  return postgres_hash_words(page, line, seed) < cutoff;
}

void bernoulli_rows(std::uint32_t seed, std::uint64_t cutoff, std::size_t begin, std::size_t end,
                    std::size_t rows_per_page, std::vector<std::size_t>& out) {
  // Page by page: no division per row.
  auto page = static_cast<std::uint32_t>(begin / rows_per_page);
  std::size_t line = begin % rows_per_page;
  constexpr std::size_t kBatch = 64;
  std::uint32_t hashes[kBatch];
  for (std::size_t at = begin; at < end; ++page, line = 0) {
    const std::size_t page_end = std::min(end, at + (rows_per_page - line));
    while (at < page_end) {
      // Hashes of a batch of lines first (a loop the compiler vectorizes), then the picks.
      const std::size_t count = std::min(kBatch, page_end - at);
      const auto first_line = static_cast<std::uint32_t>(line + 1);  // line pointers count from 1
      for (std::size_t i = 0; i < count; ++i) {
        hashes[i] = postgres_hash_words(page, first_line + static_cast<std::uint32_t>(i), seed);
      }
      for (std::size_t i = 0; i < count; ++i) {
        if (hashes[i] < cutoff) out.push_back(at + i);
      }
      at += count;
      line += count;
    }
  }
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
