#include "exec/join_hash_table.h"

#include "exec/evaluate.h"

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
  for (const auto& key : keys_) hash_into(key, hashes_);
  std::size_t buckets = 16;
  while (buckets < count * 2) buckets *= 2;
  mask_ = buckets - 1;
  heads_.assign(buckets, kNoRow);
  next_.assign(count, kNoRow);
  // Inserted back to front so each chain lists rows in build order.
  for (std::size_t row = count; row-- > 0;) {
    if (any_null(keys_, row)) {
      has_null_key_ = true;
      continue;
    }
    std::uint64_t bucket = hashes_[row] & mask_;
    next_[row] = heads_[bucket];
    heads_[bucket] = static_cast<std::uint32_t>(row);
  }
}

void JoinHashTable::find_matches(const std::vector<Vector>& probe_keys, std::size_t probe_size,
                                 std::vector<std::uint32_t>& probe_rows, std::vector<std::uint32_t>& build_rows) const {
  std::vector<std::uint64_t> hashes(probe_size, 0);
  for (const auto& key : probe_keys) hash_into(key, hashes);
  for (std::size_t i = 0; i < probe_size; ++i) {
    if (any_null(probe_keys, i)) continue;
    for (std::uint32_t row = heads_[hashes[i] & mask_]; row != kNoRow; row = next_[row]) {
      if (hashes_[row] == hashes[i] && keys_equal(probe_keys, i, keys_, row)) {
        probe_rows.push_back(static_cast<std::uint32_t>(i));
        build_rows.push_back(row);
      }
    }
  }
}

}  // namespace ptreedb::exec
