// A Bloom filter over the keys of a hash join's built side, handed to the
// scan at the bottom of its probe side: a probe row whose key the filter
// rules out cannot match, so the scan drops it before decoding its other
// columns and before the join (and every join between them) probes for it.
//
// Register-blocked: one 64-bit word per key with four bits set in it, so a
// test is one load and a mask compare (a few cycles: it must cost less than
// the probe it saves). 16 bits per key give under 1% false positives,
// which only cost the probe the join makes anyway.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "exec/hash_mix.h"
#include "exec/vector.h"

namespace ptreedb::exec {

class JoinKeyFilter {
 public:
  // Over the non-NULL values of an integer-physical (integer types, date)
  // key column.
  explicit JoinKeyFilter(const Vector& keys);

  bool may_contain(std::int64_t key) const {
    std::uint64_t hash = mix64(static_cast<std::uint64_t>(key));
    std::uint64_t mask = mask_of(hash);
    return (words_[word_of(hash)] & mask) == mask;
  }

  std::size_t keys() const { return keys_; }
  std::size_t bytes() const { return words_.size() * sizeof(std::uint64_t); }

 private:
  // The word: the high half of the hash scaled to the word count; the bits:
  // four 6-bit fields of the low half.
  std::size_t word_of(std::uint64_t hash) const { return ((hash >> 32) * words_.size()) >> 32; }
  static std::uint64_t mask_of(std::uint64_t hash) {
    return (std::uint64_t{1} << (hash & 63)) | (std::uint64_t{1} << ((hash >> 6) & 63)) |
           (std::uint64_t{1} << ((hash >> 12) & 63)) | (std::uint64_t{1} << ((hash >> 18) & 63));
  }

  std::vector<std::uint64_t> words_;
  std::size_t keys_ = 0;
};

// A scan drops the rows whose value in `column` `filter` rules out.
struct ScanKeyFilter {
  std::size_t column;
  std::shared_ptr<const JoinKeyFilter> filter;
};

}  // namespace ptreedb::exec
