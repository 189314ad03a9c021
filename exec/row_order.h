// The order of a chunk's rows under ORDER BY keys, as a sort computes it.
//
// Each row's keys are first normalized into a fixed-width byte prefix (a NULL
// marker per key, then the value's order-preserving bytes, complemented for
// DESC; a text value ends with a 0 byte, which text never holds, so the keys
// after it continue the prefix), read as big-endian 64-bit words: most
// comparisons are then integer compares with no per-value type dispatch. The
// prefix is 24 bytes, or 56 when the keys need more and the input is not
// huge. Rows whose prefixes tie are compared value by value, unless every key
// fitted whole in the prefix (fixed-width keys, texts no longer than the
// room left), and rows equal on every key keep their input order, so the
// result is that of a stable sort.
#pragma once

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

  // Whether the prefixes alone decide every comparison (every key fits whole).
  bool prefix_decides() const { return prefix_decides_; }
  // Bytes a row's sort entry takes (its prefix and its row number).
  std::size_t entry_bytes() const { return prefix_words_ * 8 + 8; }

 private:
  template <std::size_t Words>
  std::vector<std::uint32_t> sorted_with(std::size_t keep, const std::vector<std::uint64_t>& tiebreak,
                                         const InterruptToken* interrupt) const;
  // Compares rows value by value: -1, 0 or 1.
  int compare_values(std::uint32_t x, std::uint32_t y) const;
  // Writes row `row`'s prefix into `bytes` (prefix_words_ * 8 of them).
  void normalize(std::size_t row, std::uint8_t* bytes) const;

  const Chunk& rows_;
  std::vector<planner::SortKey> keys_;
  std::size_t prefix_words_ = 3;
  bool prefix_decides_ = true;
};

}  // namespace ptreedb::exec
