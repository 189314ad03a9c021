// The build side of a hash join: all build rows in one chunk, chained by the
// hash of their key values. SQL equality decides matches; NULL keys never match.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

class JoinHashTable {
 public:
  JoinHashTable(Chunk rows, const std::vector<planner::BoundExpression>& keys);

  const Chunk& rows() const { return rows_; }
  std::size_t size() const { return rows_.size; }
  bool has_null_key() const { return has_null_key_; }

  // Appends a (probe row, build row) pair for every build row whose keys equal
  // the probe row's (`probe_keys`: one vector per key, `probe_size` rows).
  void find_matches(const std::vector<Vector>& probe_keys, std::size_t probe_size,
                    std::vector<std::uint32_t>& probe_rows, std::vector<std::uint32_t>& build_rows) const;

 private:
  Chunk rows_;
  std::vector<Vector> keys_;
  std::vector<std::uint64_t> hashes_;
  std::vector<std::atomic<std::uint32_t>> heads_;  // bucket -> first row, kNoRow when empty
  std::vector<std::uint32_t> next_;   // row -> next row in its bucket
  std::uint64_t mask_ = 0;
  bool has_null_key_ = false;
};

}  // namespace ptreedb::exec
