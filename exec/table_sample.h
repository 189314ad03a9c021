// Which rows a TABLESAMPLE scan reads. A table version's row tree has exact
// subtree sizes and never changes under a reader, so a sample is drawn as
// positions (ranks) and those rows alone are read by position: no scan of
// the rows left out, no latch, and writers never slow it down.
//
// Every draw comes from a seed (REPEATABLE's, or a random one), so the same
// seed on the same table version gives the same sample. Positions are drawn
// per stretch of kSampleStreamRows positions from a generator seeded by the
// seed and the stretch's number: stretches are drawn in parallel, and the
// sample does not depend on how the work is split among threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace ptreedb::exec {

// SYSTEM's unit: runs of this many consecutive positions (a full leaf of the
// row tree holds up to 128 rows), taken or left whole.
inline constexpr std::size_t kSampleBlockRows = 128;
inline constexpr std::size_t kSampleStreamRows = 16 * 1024;

// The seed of REPEATABLE (x): every value of x its own seed, 0 and -0 the same.
std::uint64_t sample_seed(double repeatable);
// A seed from the operating system's random source, when there is no REPEATABLE.
std::uint64_t random_sample_seed();

// BERNOULLI: the positions among [first, first + count) of stretch `stretch`,
// each taken independently with probability `fraction`, ascending, appended
// to `out`. Gaps between taken positions are drawn from the geometric
// distribution, so the work is proportional to the rows taken.
void bernoulli_positions(std::uint64_t seed, std::size_t stretch, double fraction, std::size_t first,
                         std::size_t count, std::vector<std::size_t>& out);

// Whether an item (a position, or a SYSTEM block's number) is taken with
// probability `fraction`, decided by a hash of the seed and the item: the
// draw for a list of positions known in advance (an index's range).
bool sample_takes(std::uint64_t seed, std::uint64_t item, double fraction);

// Distinct numbers in [0, count) in uniformly random order (a Fisher-Yates
// shuffle done lazily: memory grows with the numbers drawn, not with count).
class RandomOrder {
 public:
  RandomOrder(std::uint64_t seed, std::size_t count);
  // The next number, or nullopt once all count were drawn.
  std::optional<std::size_t> next();

 private:
  std::size_t value_at(std::size_t index) const;

  std::uint64_t state_;
  std::size_t count_;
  std::size_t drawn_ = 0;
  std::unordered_map<std::size_t, std::size_t> moved_;  // index -> value swapped there
};

}  // namespace ptreedb::exec
