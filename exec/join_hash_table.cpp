#include "exec/join_hash_table.h"

#include "exec/evaluate.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "exec/interrupt_token.h"

namespace ptreedb::exec {

namespace {

bool any_null(const std::vector<Vector>& keys, std::size_t row) {
  for (const auto& key : keys) {
    if (key.nulls[row]) return true;
  }
  return false;
}

bool keys_equal(const std::vector<Vector>& a, std::size_t i, const std::vector<Vector>& b, std::size_t j) {
  for (std::size_t k = 0; k < a.size(); ++k) {
    const Vector& x = a[k];
    const Vector& y = b[k];
    if (x.physical() == Physical::kInt) {
      if (x.ints[i] != y.ints[j]) return false;
    } else if (compare_elements(x, i, y, j) != 0) {
      return false;
    }
  }
  return true;
}

}  // namespace

JoinHashTable::JoinHashTable(Chunk rows, const std::vector<planner::BoundExpression>& keys) : rows_(std::move(rows)) {
  std::size_t count = rows_.size;
  for (const auto& key : keys) keys_.push_back(evaluate(key, rows_));
  hashes_.assign(count, 0);
  std::size_t buckets = 16;
  while (buckets < count * 2) buckets *= 2;
  mask_ = buckets - 1;
  heads_ = std::vector<std::atomic<std::uint32_t>>(buckets);
  for (auto& head : heads_) head.store(kNoRow, std::memory_order_relaxed);
  next_.assign(count, kNoRow);
  // Rows are hashed and pushed onto their bucket's chain in parallel; chains
  // are lock-free stacks, complete once the loop has joined.
  std::atomic<bool> saw_null{false};
  constexpr std::size_t kGrain = 1 << 15;
  const InterruptToken* interrupt = current_interrupt_token();  // checked per range, not per row
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, kGrain), [&](const tbb::blocked_range<std::size_t>& range) {
    check_interrupt(interrupt);
    for (const auto& key : keys_) hash_into(key, hashes_, range.begin(), range.end());
    for (std::size_t row = range.begin(); row < range.end(); ++row) {
      if (any_null(keys_, row)) {
        saw_null.store(true, std::memory_order_relaxed);
        continue;
      }
      std::uint64_t bucket = hashes_[row] & mask_;
      next_[row] = heads_[bucket].exchange(static_cast<std::uint32_t>(row), std::memory_order_relaxed);
    }
  });
  has_null_key_ = saw_null.load();
}

void JoinHashTable::find_matches(const std::vector<Vector>& probe_keys, std::size_t probe_size,
                                 std::vector<std::uint32_t>& probe_rows, std::vector<std::uint32_t>& build_rows) const {
  std::vector<std::uint64_t> hashes(probe_size, 0);
  for (const auto& key : probe_keys) hash_into(key, hashes);
  for (std::size_t i = 0; i < probe_size; ++i) {
    if (any_null(probe_keys, i)) continue;
    for (std::uint32_t row = heads_[hashes[i] & mask_].load(std::memory_order_relaxed); row != kNoRow;
         row = next_[row]) {
      if (hashes_[row] == hashes[i] && keys_equal(probe_keys, i, keys_, row)) {
        probe_rows.push_back(static_cast<std::uint32_t>(i));
        build_rows.push_back(row);
      }
    }
  }
}

}  // namespace ptreedb::exec
