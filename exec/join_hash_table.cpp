#include "exec/join_hash_table.h"

#include <algorithm>

#include <tbb/parallel_for.h>

#include "exec/evaluate.h"
#include "exec/interrupt_token.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

namespace {

// Rows per build task; also the size below which the build stays one task.
constexpr std::size_t kBuildGrain = std::size_t{1} << 16;
// A large build is first split by the top bits of the bucket number into
// this many partitions (each owning a run of buckets), filled in parallel.
constexpr std::uint32_t kMaxPartitionBits = 8;

std::vector<const Vector*> pointers_to(const std::vector<Vector>& vectors) {
  std::vector<const Vector*> out;
  out.reserve(vectors.size());
  for (const auto& vector : vectors) out.push_back(&vector);
  return out;
}

}  // namespace

JoinHashTable::JoinHashTable(Chunk rows, const std::vector<planner::BoundExpression>& keys) : rows_(std::move(rows)) {
  evaluated_keys_.reserve(keys.size());  // no reallocation: keys_ points into it
  for (const auto& key : keys) {
    if (key.kind == planner::ExprKind::kColumn && rows_.columns[key.column].size() == rows_.size) {
      keys_.push_back(&rows_.columns[key.column]);
    } else {
      evaluated_keys_.push_back(evaluate(key, rows_));
      keys_.push_back(&evaluated_keys_.back());
    }
  }
  build();
}

JoinHashTable::JoinHashTable(Chunk rows, std::vector<Vector> keys)
    : rows_(std::move(rows)), evaluated_keys_(std::move(keys)), keys_(pointers_to(evaluated_keys_)) {
  build();
}

std::uint32_t JoinHashTable::bucket_of(std::uint64_t tag) const {
  if (direct_shift_ >= 0) return static_cast<std::uint32_t>(tag >> direct_shift_);
  // Fibonacci hashing: the top bits of the product mix every bit of the tag.
  return static_cast<std::uint32_t>((tag * 0x9E3779B97F4A7C15ULL) >> (64 - bucket_bits_));
}

void JoinHashTable::build() {
  const std::size_t count = rows_.size;
  for (const Vector* key : keys_) key_physicals_.push_back(key->physical());
  packing_ = JoinKeyPacking::for_build_keys(keys_, count);
  const std::vector<const Vector*>& keys = keys_;
  const std::size_t blocks = (count + kBuildGrain - 1) / kBuildGrain;

  // The rows' tags; valid[row] = 0 for a row with a NULL key.
  std::vector<std::uint64_t> tags(count, 0);
  std::vector<std::uint8_t> valid(count, 1);
  const InterruptToken* interrupt = current_interrupt_token();  // checked per block, not per row
  tbb::parallel_for(std::size_t{0}, blocks, [&](std::size_t block) {
    check_interrupt(interrupt);
    const std::size_t begin = block * kBuildGrain, end = std::min(count, begin + kBuildGrain);
    if (packing_) {
      packing_->pack(keys, begin, end, tags.data(), valid.data());
    } else {
      for (const Vector* key : keys_) hash_into(*key, tags, begin, end);
      for (const Vector* key : keys_) {
        for (std::size_t row = begin; row < end; ++row) valid[row] &= key->nulls[row] == 0 ? 1 : 0;
      }
    }
  });

  bucket_bits_ = 4;
  while ((std::size_t{1} << bucket_bits_) < count) ++bucket_bits_;
  const std::size_t buckets = std::size_t{1} << bucket_bits_;
  if (packing_) {
    // A bucket of 2^shift neighbouring keys; more would crowd dense key runs.
    constexpr int kMaxDirectShift = 5;
    const std::uint64_t max_packed = packing_->max_packed();
    for (int shift = 0; shift <= kMaxDirectShift && direct_shift_ < 0; ++shift) {
      if ((max_packed >> shift) < buckets) direct_shift_ = shift;
    }
  }
  const std::size_t used_buckets = place_entries(tags, valid);
  // Keys bunched into few buckets (a dense run among sparse outliers) are
  // hashed instead, unless each bucket holds one key anyway.
  constexpr std::size_t kMaxEntriesPerUsedBucket = 8;
  if (direct_shift_ > 0 && entries_.size() > kMaxEntriesPerUsedBucket * used_buckets) {
    direct_shift_ = -1;
    place_entries(tags, valid);
  }

  // Packed tags are the keys themselves: the key vectors are no longer needed.
  if (packing_) {
    keys_.clear();
    evaluated_keys_.clear();
    evaluated_keys_.shrink_to_fit();
  }
}

std::size_t JoinHashTable::place_entries(const std::vector<std::uint64_t>& tags, const std::vector<std::uint8_t>& valid) {
  const std::size_t count = rows_.size;
  const std::size_t buckets = std::size_t{1} << bucket_bits_;
  const std::uint32_t partition_bits = count >= 2 * kBuildGrain ? std::min(bucket_bits_, kMaxPartitionBits) : 0;
  const std::size_t partitions = std::size_t{1} << partition_bits;
  const std::uint32_t partition_shift = bucket_bits_ - partition_bits;
  const std::size_t blocks = (count + kBuildGrain - 1) / kBuildGrain;
  const InterruptToken* interrupt = current_interrupt_token();

  // 1. How many non-NULL rows of each block go to each partition.
  std::vector<std::uint32_t> histogram(blocks * partitions, 0);
  tbb::parallel_for(std::size_t{0}, blocks, [&](std::size_t block) {
    check_interrupt(interrupt);
    const std::size_t begin = block * kBuildGrain, end = std::min(count, begin + kBuildGrain);
    std::uint32_t* counts = histogram.data() + block * partitions;
    for (std::size_t row = begin; row < end; ++row) {
      if (valid[row]) ++counts[bucket_of(tags[row]) >> partition_shift];
    }
  });

  // 2. Where each block's rows of each partition go: partitions in order,
  // blocks in order within a partition, so rows stay ascending per bucket.
  std::vector<std::uint32_t> partition_begin(partitions + 1, 0);
  std::uint32_t running = 0;
  for (std::size_t p = 0; p < partitions; ++p) {
    partition_begin[p] = running;
    for (std::size_t block = 0; block < blocks; ++block) {
      std::uint32_t rows_here = histogram[block * partitions + p];
      histogram[block * partitions + p] = running;
      running += rows_here;
    }
  }
  partition_begin[partitions] = running;
  const std::uint32_t entries = running;
  has_null_key_ = entries < count;

  std::vector<std::uint32_t> by_partition(entries);
  tbb::parallel_for(std::size_t{0}, blocks, [&](std::size_t block) {
    check_interrupt(interrupt);
    const std::size_t begin = block * kBuildGrain, end = std::min(count, begin + kBuildGrain);
    std::uint32_t* cursor = histogram.data() + block * partitions;
    for (std::size_t row = begin; row < end; ++row) {
      if (valid[row]) by_partition[cursor[bucket_of(tags[row]) >> partition_shift]++] = static_cast<std::uint32_t>(row);
    }
  });

  // 3. Each partition counts its buckets' rows and places its entries.
  offsets_.assign(buckets + 1, 0);
  entries_.resize(entries);
  std::vector<std::uint32_t> used(partitions, 0);
  const std::size_t buckets_per_partition = buckets >> partition_bits;
  tbb::parallel_for(std::size_t{0}, partitions, [&](std::size_t p) {
    check_interrupt(interrupt);
    const std::size_t first_bucket = p * buckets_per_partition;
    std::uint32_t* offsets = offsets_.data() + first_bucket;
    const std::uint32_t begin = partition_begin[p], end = partition_begin[p + 1];
    for (std::uint32_t e = begin; e < end; ++e) ++offsets[bucket_of(tags[by_partition[e]]) - first_bucket];
    std::uint32_t position = begin;
    for (std::size_t b = 0; b < buckets_per_partition; ++b) {
      std::uint32_t rows_here = offsets[b];
      used[p] += rows_here > 0 ? 1 : 0;
      offsets[b] = position;
      position += rows_here;
    }
    // offsets[b] now serves as bucket b's cursor; it ends at the next bucket's start.
    for (std::uint32_t e = begin; e < end; ++e) {
      std::uint32_t row = by_partition[e];
      std::uint32_t at = offsets[bucket_of(tags[row]) - first_bucket]++;
      entries_[at] = Entry{tags[row], row};
    }
  });
  // Shift the cursors back: bucket b starts where bucket b - 1's cursor began.
  for (std::size_t b = buckets; b > 0; --b) offsets_[b] = offsets_[b - 1];
  offsets_[0] = 0;
  offsets_[buckets] = entries;
  std::size_t used_buckets = 0;
  for (std::uint32_t n : used) used_buckets += n;
  return used_buckets;
}

void JoinHashTable::prepare_probe(const std::vector<const Vector*>& probe_keys, std::size_t probe_size,
                                  ProbeScratch& scratch) const {
  if (probe_keys.size() != key_physicals_.size()) throw SqlError("XX000", "hash join probed with a different number of keys");
  for (std::size_t k = 0; k < probe_keys.size(); ++k) {
    if (probe_keys[k]->physical() != key_physicals_[k]) throw SqlError("XX000", "hash join keys of different types");
  }
  scratch.tags.resize(probe_size);
  scratch.valid.resize(probe_size);
  if (packing_) {
    packing_->pack(probe_keys, 0, probe_size, scratch.tags.data(), scratch.valid.data());
  } else {
    std::fill(scratch.tags.begin(), scratch.tags.end(), std::uint64_t{0});
    std::fill(scratch.valid.begin(), scratch.valid.end(), std::uint8_t{1});
    for (const Vector* key : probe_keys) {
      hash_into(*key, scratch.tags, 0, probe_size);
      for (std::size_t i = 0; i < probe_size; ++i) scratch.valid[i] &= key->nulls[i] == 0 ? 1 : 0;
    }
  }
  // Group prefetching: all rows' buckets are requested before any is read,
  // then all rows' first entries before the matching loop reads them.
  scratch.begins.resize(probe_size);
  scratch.ends.resize(probe_size);
  for (std::size_t i = 0; i < probe_size; ++i) {
    std::uint32_t bucket = scratch.valid[i] ? bucket_of(scratch.tags[i]) : 0;
    scratch.begins[i] = bucket;
    __builtin_prefetch(&offsets_[bucket]);
  }
  for (std::size_t i = 0; i < probe_size; ++i) {
    std::uint32_t bucket = scratch.begins[i];
    std::uint32_t begin = offsets_[bucket], end = scratch.valid[i] ? offsets_[bucket + 1] : begin;
    scratch.begins[i] = begin;
    scratch.ends[i] = end;
    if (begin < end) __builtin_prefetch(&entries_[begin]);
  }
}

bool JoinHashTable::keys_equal(const std::vector<const Vector*>& probe_keys, std::size_t probe_row,
                               std::uint32_t build_row) const {
  for (std::size_t k = 0; k < keys_.size(); ++k) {
    const Vector& probe = *probe_keys[k];
    const Vector& build = *keys_[k];
    if (probe.physical() == Physical::kInt) {
      if (probe.ints[probe_row] != build.ints[build_row]) return false;
    } else if (compare_elements(probe, probe_row, build, build_row) != 0) {
      return false;
    }
  }
  return true;
}

void JoinHashTable::find_matches(const std::vector<const Vector*>& probe_keys, std::size_t probe_size,
                                 ProbeScratch& scratch, std::vector<std::uint32_t>& probe_rows,
                                 std::vector<std::uint32_t>& build_rows) const {
  find_matches_if(probe_keys, probe_size, scratch, [](std::size_t, std::uint32_t) { return true; }, probe_rows,
                  build_rows);
}

void JoinHashTable::find_matches(const std::vector<Vector>& probe_keys, std::size_t probe_size,
                                 std::vector<std::uint32_t>& probe_rows, std::vector<std::uint32_t>& build_rows) const {
  ProbeScratch scratch;
  find_matches(pointers_to(probe_keys), probe_size, scratch, probe_rows, build_rows);
}

void JoinHashTable::mark_matches(const std::vector<const Vector*>& probe_keys, std::size_t probe_size,
                                 ProbeScratch& scratch, std::vector<std::uint8_t>& matched) const {
  mark_matches_if(probe_keys, probe_size, scratch, [](std::size_t, std::uint32_t) { return true; }, matched);
}

}  // namespace ptreedb::exec
