// Packed key -> group number in a flat open-addressing array (linear probing,
// at most half full) whose slots hold the key itself, so a lookup touches one
// slot's cache line and no key array. prefetch() lets a batch of lookups
// overlap their cache misses.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "exec/aggregate/packed_group_key.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

class PackedGroupIndex {
 public:
  PackedGroupIndex() : slots_(kInitialSlots) {}

  void prefetch(std::uint64_t hash) const { __builtin_prefetch(&slots_[hash & (slots_.size() - 1)]); }

  // The group of `key`, or `next` as a new group (then second is true).
  std::pair<std::uint32_t, bool> find_or_insert(PackedKey key, std::uint64_t hash, std::uint32_t next) {
    if ((count_ + 1) * 2 > slots_.size()) rebuild(slots_.size() * 2);
    const auto low = static_cast<std::uint64_t>(key), high = static_cast<std::uint64_t>(key >> 64);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.group == 0) {
        if (next >= kMaxGroups) throw SqlError("54000", "too many groups in a hash aggregate");
        slot = Slot{low, high, next + 1};
        ++count_;
        return {next, true};
      }
      if (slot.low == low && slot.high == high) return {slot.group - 1, false};
    }
  }

  void reserve(std::size_t groups) {
    std::size_t wanted = slots_.size();
    while (wanted < groups * 2) wanted *= 2;
    if (wanted != slots_.size()) rebuild(wanted);
  }

  std::int64_t approximate_bytes() const { return static_cast<std::int64_t>(slots_.capacity() * sizeof(Slot)); }

 private:
  struct Slot {
    std::uint64_t low = 0, high = 0;
    std::uint32_t group = 0;  // group number + 1; 0: empty
  };
  static constexpr std::size_t kInitialSlots = 16;
  static constexpr std::uint32_t kMaxGroups = UINT32_MAX - 1;

  void rebuild(std::size_t slot_count) {
    std::vector<Slot> slots(slot_count);
    const std::size_t mask = slot_count - 1;
    for (const Slot& slot : slots_) {
      if (slot.group == 0) continue;
      std::size_t i = hash_packed_key(PackedKey{slot.high} << 64 | slot.low) & mask;
      while (slots[i].group != 0) i = (i + 1) & mask;
      slots[i] = slot;
    }
    slots_ = std::move(slots);
  }

  std::vector<Slot> slots_;
  std::size_t count_ = 0;
};

}  // namespace ptreedb::exec
