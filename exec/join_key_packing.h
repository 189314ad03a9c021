// Packs the values of a join's equality keys into one 64-bit integer per row,
// when every key is integer-like (integers, dates, timestamps, booleans, or
// numerics that fit an int64 at one scale) and their build-side ranges fit in
// 64 bits together. Equal packed integers then mean SQL-equal keys, so probes
// compare integers instead of values.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "exec/vector.h"

namespace ptreedb::exec {

class JoinKeyPacking {
 public:
  // Analyses the build side's key vectors (`rows` rows each); nullopt when
  // the keys cannot be packed.
  static std::optional<JoinKeyPacking> for_build_keys(const std::vector<const Vector*>& keys, std::size_t rows);

  // Packs rows [begin, end) of `keys` (one vector per key, of the build keys'
  // physical types) into packed[i]; valid[i] is 0 where a key is NULL or the
  // row cannot equal any build row (a value outside the build side's range).
  void pack(const std::vector<const Vector*>& keys, std::size_t begin, std::size_t end, std::uint64_t* packed,
            std::uint8_t* valid) const;

  // The largest packed key a build row can have (packed keys start at 0).
  std::uint64_t max_packed() const;

 private:
  struct Key {
    Physical physical = Physical::kInt;
    std::int32_t scale = 0;      // numerics: the scale all build values are compared at
    std::int64_t min = 0;        // the smallest build value (at `scale`)
    std::uint64_t range = 0;     // max - min
    std::uint32_t shift = 0;     // where its bits start in the packed key
  };
  std::vector<Key> keys_;
  bool empty_ = false;  // no build row without NULLs: nothing matches
};

// A numeric's value in units of 10^-scale when that is exact and fits an
// int64, else nullopt (the value cannot equal any int64 at that scale).
std::optional<std::int64_t> decimal_at_scale(const value::Decimal& decimal, std::int32_t scale);

}  // namespace ptreedb::exec
