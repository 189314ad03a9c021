// Which rows a TABLESAMPLE scan reads. A table version's row tree has exact
// subtree sizes and never changes under a reader, so a sample is drawn as
// positions (ranks) and those rows alone are read by position: no scan of
// the rows left out, no latch, and writers never slow it down.
//
// Every draw comes from a seed (REPEATABLE's, or a random one), so the same
// seed on the same table version gives the same sample. SYSTEM takes whole
// pages of rows, numbered as PostgreSQL's heap would number them
// (storage/table/heap_pages.h), by PostgreSQL's hash of page and seed; with
// REPEATABLE, BERNOULLI takes each row by its hash of page, line and seed:
// so both draw the rows PostgreSQL draws from a table loaded the same way.
// Without REPEATABLE, BERNOULLI draws the gaps between the rows it takes, per
// stretch of kSampleStreamRows positions from a generator seeded by the seed
// and the stretch's number, so its work follows the rows taken. Stretches are
// drawn in parallel, and the sample does not depend on how the work is split
// among threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace ptreedb::exec {

inline constexpr std::size_t kSampleStreamRows = 16 * 1024;
// SYSTEM_ROWS and SYSTEM_TIME's unit: runs of this many consecutive
// positions (a full leaf of the row tree holds up to 128 rows).
inline constexpr std::size_t kSampleRunRows = 128;

// The seed of REPEATABLE (x), as PostgreSQL makes it: hashfloat8(x).
std::uint32_t sample_seed(double repeatable);
// A seed from the operating system's random source, when there is no REPEATABLE.
std::uint32_t random_sample_seed();

// PostgreSQL's cutoff for a percentage: items whose 32-bit hash is below it
// are taken (rint(2^32 * percent / 100)).
std::uint64_t sample_cutoff(float percent);
// SYSTEM: whether page `page` is taken.
bool system_takes_page(std::uint32_t seed, std::uint64_t cutoff, std::size_t page);
// BERNOULLI with REPEATABLE: whether the row at `position` is taken, pages
// holding `rows_per_page` rows (its line number on the page counts from 1).
bool bernoulli_takes_row(std::uint32_t seed, std::uint64_t cutoff, std::size_t position, std::size_t rows_per_page);
// The positions in [begin, end) bernoulli_takes_row takes, ascending, appended to `out`.
void bernoulli_rows(std::uint32_t seed, std::uint64_t cutoff, std::size_t begin, std::size_t end,
                    std::size_t rows_per_page, std::vector<std::size_t>& out);

// BERNOULLI: the positions among [first, first + count) of stretch `stretch`,
// each taken independently with probability `fraction`, ascending, appended
// to `out`. Gaps between taken positions are drawn from the geometric
// distribution, so the work is proportional to the rows taken.
void bernoulli_positions(std::uint64_t seed, std::size_t stretch, double fraction, std::size_t first,
                         std::size_t count, std::vector<std::size_t>& out);

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
