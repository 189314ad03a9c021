// The (probe row, build row) pairs a hash join found, as rows of probe
// columns followed by build columns. Late materialization: only the columns
// a caller asks for are gathered, the others stay unloaded (empty vectors,
// as a scan leaves the columns nobody reads).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "exec/join_hash_table.h"
#include "exec/join_residual.h"
#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

// What a join needs per probe chunk, reused by the next chunk of the same
// thread. Nothing here is sent on.
struct JoinProbeScratch {
  bool lent = false;
  JoinHashTable::ProbeScratch table;
  std::optional<JoinResidual> residual;
  std::vector<Vector> evaluated_keys;
  std::vector<const Vector*> keys;
  std::vector<std::uint32_t> probe_rows, build_rows;
  std::vector<std::uint8_t> unknown, matched, mark_null, keep;
};

// Lends a thread's scratch to one chunk, or a fresh one when the thread's is
// already lent (a sink that runs another chunk of the join on this thread).
class JoinProbeScratchLease {
 public:
  explicit JoinProbeScratchLease(JoinProbeScratch& mine) : scratch_(mine.lent ? spare_.emplace() : mine) {
    scratch_.lent = true;
  }
  ~JoinProbeScratchLease() { scratch_.lent = false; }
  JoinProbeScratchLease(const JoinProbeScratchLease&) = delete;
  JoinProbeScratchLease& operator=(const JoinProbeScratchLease&) = delete;
  JoinProbeScratch& scratch() { return scratch_; }

 private:
  std::optional<JoinProbeScratch> spare_;  // declared first: constructed before scratch_ binds to it
  JoinProbeScratch& scratch_;
};

// `wanted` has one flag per probe column then per build column; nullptr: all.
// A build row of kNoRow gives NULLs (an outer join's unmatched probe row).
Chunk gather_pairs(const Chunk& probe, const Chunk& build, const std::vector<std::uint32_t>& probe_rows,
                   const std::vector<std::uint32_t>& build_rows, const std::vector<std::uint8_t>* wanted);

// All columns of the pairs, for the join's output. When the pairs are the
// probe rows in order, one each (a join along a foreign key), the probe
// columns are moved, not gathered.
Chunk output_pairs(Chunk&& probe, const Chunk& build, const std::vector<std::uint32_t>& probe_rows,
                   const std::vector<std::uint32_t>& build_rows);

// The key vectors of `chunk`'s rows: its own columns for column keys (not
// copied), else vectors evaluated into `evaluated` (cleared first).
void join_key_vectors(const std::vector<planner::BoundExpression>& keys, const Chunk& chunk,
                      std::vector<Vector>& evaluated, std::vector<const Vector*>& out);

// Flags of the columns of probe ++ build (`width` of them) `expr` reads.
std::vector<std::uint8_t> columns_read(const planner::BoundExpression& expr, std::size_t width);

}  // namespace ptreedb::exec
