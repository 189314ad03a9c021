// The order of a chunk's rows under ORDER BY keys, as a sort computes it.
//
// Each row's keys are first normalized into a fixed-width byte prefix (a NULL
// marker per key, then the value's order-preserving bytes, complemented for
// DESC), read as three big-endian 64-bit words: most comparisons are then
// integer compares with no per-value type dispatch. Rows whose prefixes tie
// are compared value by value, unless every key fitted whole in the prefix
// (fixed-width keys), and rows equal on every key keep their input order, so
// the result is that of a stable sort.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "exec/interrupt_token.h"
#include "exec/vector.h"
#include "planner/logical_plan.h"

namespace ptreedb::exec {

class RowOrder {
 public:
  RowOrder(const Chunk& rows, const std::vector<planner::SortKey>& keys);

  // Rows equal on every key (what ORDER BY cannot tell apart).
  bool same_keys(std::uint32_t x, std::uint32_t y) const;

  // The rows in key order, then by `tiebreak` (the rows' input positions
  // when empty); only the first `keep` when fewer (a top-N: no full sort).
  // Large inputs sort in parallel; `interrupt` is checked as it goes.
  std::vector<std::uint32_t> sorted(std::size_t keep, const std::vector<std::uint64_t>& tiebreak,
                                    const InterruptToken* interrupt) const;

  // Whether the prefixes alone decide every comparison (fixed-width keys).
  bool prefix_decides() const { return prefix_decides_; }

 private:
  struct Entry {
    std::array<std::uint64_t, 3> prefix;
    std::uint32_t row;
  };
  // Compares rows value by value: -1, 0 or 1.
  int compare_values(std::uint32_t x, std::uint32_t y) const;
  void normalize(std::size_t row, Entry& entry) const;

  const Chunk& rows_;
  std::vector<planner::SortKey> keys_;
  bool prefix_decides_ = true;
};

}  // namespace ptreedb::exec
