#include "exec/join_key_packing.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace ptreedb::exec {

namespace {

// A packed key keeps only numerics whose build values fit an int64 at a
// scale of at most 18 digits.
constexpr std::int32_t kMaxPackedScale = 18;

// Decimal digits of an __int128 above 10^38 do not occur: Decimal holds at
// most 38 digits.
constexpr int kMaxPow10 = 38;

constexpr __int128 pow10(int exponent) {
  __int128 value = 1;
  for (int i = 0; i < exponent; ++i) value *= 10;
  return value;
}

struct Pow10 {
  __int128 values[kMaxPow10 + 1];
  constexpr Pow10() : values{} {
    for (int i = 0; i <= kMaxPow10; ++i) values[i] = pow10(i);
  }
};
constexpr Pow10 kPow10{};

bool fits_int64(__int128 value) {
  return value >= std::numeric_limits<std::int64_t>::min() && value <= std::numeric_limits<std::int64_t>::max();
}

}  // namespace

std::optional<std::int64_t> decimal_at_scale(const value::Decimal& decimal, std::int32_t scale) {
  __int128 units = decimal.units;
  if (units == 0) return 0;
  if (decimal.scale <= scale) {
    int up = scale - decimal.scale;
    if (up > kMaxPow10) return std::nullopt;
    // |units| * 10^up must stay within an int64: compare before multiplying.
    __int128 factor = kPow10.values[up];
    __int128 magnitude = units < 0 ? -units : units;
    if (magnitude > std::numeric_limits<std::int64_t>::max() / factor) return std::nullopt;
    return static_cast<std::int64_t>(units * factor);
  }
  int down = decimal.scale - scale;
  if (down > kMaxPow10) return std::nullopt;  // a non-zero value has digits below the scale
  __int128 factor = kPow10.values[down];
  if (units % factor != 0) return std::nullopt;
  units /= factor;
  if (!fits_int64(units)) return std::nullopt;
  return static_cast<std::int64_t>(units);
}

std::optional<JoinKeyPacking> JoinKeyPacking::for_build_keys(const std::vector<const Vector*>& keys, std::size_t rows) {
  if (keys.empty()) return std::nullopt;
  JoinKeyPacking packing;
  std::uint32_t bits = 0;
  bool any_value = false;
  for (const Vector* key_vector : keys) {
    const Vector& vector = *key_vector;
    Key key;
    key.physical = vector.physical();
    if (key.physical != Physical::kInt && key.physical != Physical::kDecimal) return std::nullopt;
    if (key.physical == Physical::kDecimal) {
      for (std::size_t i = 0; i < rows; ++i) {
        if (!vector.nulls[i]) key.scale = std::max(key.scale, vector.decimal(i).scale);
      }
      if (key.scale > kMaxPackedScale) return std::nullopt;
    }
    std::int64_t min = std::numeric_limits<std::int64_t>::max();
    std::int64_t max = std::numeric_limits<std::int64_t>::min();
    for (std::size_t i = 0; i < rows; ++i) {
      if (vector.nulls[i]) continue;
      std::int64_t value;
      if (key.physical == Physical::kInt) {
        value = vector.ints[i];
      } else {
        auto scaled = decimal_at_scale(vector.decimal(i), key.scale);
        if (!scaled) return std::nullopt;
        value = *scaled;
      }
      min = std::min(min, value);
      max = std::max(max, value);
      any_value = true;
    }
    if (min > max) {  // every value NULL: no row can match
      packing.empty_ = true;
      min = max = 0;
    }
    key.min = min;
    key.range = static_cast<std::uint64_t>(max) - static_cast<std::uint64_t>(min);
    key.shift = bits;
    bits += static_cast<std::uint32_t>(std::bit_width(key.range));
    if (bits > 64) return std::nullopt;
    packing.keys_.push_back(key);
  }
  if (!any_value) packing.empty_ = true;
  return packing;
}

std::uint64_t JoinKeyPacking::max_packed() const {
  std::uint64_t max = 0;
  for (const Key& key : keys_) max |= key.shift < 64 ? key.range << key.shift : 0;
  return max;
}

void JoinKeyPacking::pack(const std::vector<const Vector*>& keys, std::size_t begin, std::size_t end,
                          std::uint64_t* packed, std::uint8_t* valid) const {
  if (empty_) {
    std::fill(valid + begin, valid + end, std::uint8_t{0});
    return;
  }
  std::fill(packed + begin, packed + end, std::uint64_t{0});
  std::fill(valid + begin, valid + end, std::uint8_t{1});
  for (std::size_t k = 0; k < keys_.size(); ++k) {
    const Key& key = keys_[k];
    const Vector& vector = *keys[k];
    const std::uint64_t min = static_cast<std::uint64_t>(key.min);
    // Outside [min, min + range]: unsigned subtraction wraps above the range.
    auto place = [&](std::size_t i, std::int64_t value) {
      std::uint64_t offset = static_cast<std::uint64_t>(value) - min;
      if (offset > key.range) {
        valid[i] = 0;
        return;
      }
      packed[i] |= key.shift < 64 ? offset << key.shift : 0;
    };
    if (key.physical == Physical::kInt) {
      for (std::size_t i = begin; i < end; ++i) {
        if (vector.nulls[i]) {
          valid[i] = 0;
          continue;
        }
        place(i, vector.ints[i]);
      }
    } else {
      for (std::size_t i = begin; i < end; ++i) {
        if (vector.nulls[i]) {
          valid[i] = 0;
          continue;
        }
        auto scaled = decimal_at_scale(vector.decimal(i), key.scale);
        if (!scaled) {
          valid[i] = 0;
          continue;
        }
        place(i, *scaled);
      }
    }
  }
}

}  // namespace ptreedb::exec
