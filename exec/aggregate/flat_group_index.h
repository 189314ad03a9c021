// Key hash -> group number in one flat open-addressing array (linear
// probing, at most half full). A slot is one word: the hash's high 32 bits as
// a tag and the group number + 1 (0: empty), so a probe touches one cache
// line and compares keys only on a tag match. Keys live with the caller,
// who numbers groups densely from 0 and checks key equality.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "storage/sql_error.h"

namespace ptreedb::exec {

class FlatGroupIndex {
 public:
  FlatGroupIndex() : slots_(kInitialSlots, 0) {}

  std::size_t size() const { return hashes_.size(); }
  std::uint64_t hash_of(std::uint32_t group) const { return hashes_[group]; }

  // The group whose key `same(group)` accepts among those with `hash`, or a
  // new group numbered size() (then second is true; the caller stores its key).
  template <class Same>
  std::pair<std::uint32_t, bool> find_or_insert(std::uint64_t hash, Same&& same) {
    if ((hashes_.size() + 1) * 2 > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    const std::uint64_t tag = hash >> 32;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      const std::uint64_t slot = slots_[i];
      if (slot == 0) {
        if (hashes_.size() >= kMaxGroups) {
          throw SqlError("54000", "too many groups in a hash aggregate");
        }
        auto group = static_cast<std::uint32_t>(hashes_.size());
        slots_[i] = (tag << 32) | (static_cast<std::uint64_t>(group) + 1);
        hashes_.push_back(hash);
        return {group, true};
      }
      if ((slot >> 32) == tag) {
        auto group = static_cast<std::uint32_t>(slot) - 1;
        if (same(group)) return {group, false};
      }
    }
  }

  void reserve(std::size_t groups) {
    hashes_.reserve(groups);
    std::size_t wanted = slots_.size();
    while (wanted < groups * 2) wanted *= 2;
    if (wanted != slots_.size()) rebuild(wanted);
  }

  std::int64_t approximate_bytes() const {
    return static_cast<std::int64_t>(slots_.capacity() * sizeof(std::uint64_t) +
                                     hashes_.capacity() * sizeof(std::uint64_t));
  }

 private:
  static constexpr std::size_t kInitialSlots = 16;
  static constexpr std::size_t kMaxGroups = UINT32_MAX - 1;

  void grow() { rebuild(slots_.size() * 2); }

  void rebuild(std::size_t slot_count) {
    std::vector<std::uint64_t> slots(slot_count, 0);
    const std::size_t mask = slot_count - 1;
    for (std::size_t group = 0; group < hashes_.size(); ++group) {
      const std::uint64_t hash = hashes_[group];
      std::size_t i = hash & mask;
      while (slots[i] != 0) i = (i + 1) & mask;
      slots[i] = ((hash >> 32) << 32) | (group + 1);
    }
    slots_ = std::move(slots);
  }

  std::vector<std::uint64_t> slots_;
  std::vector<std::uint64_t> hashes_;  // per group: to rebuild without re-hashing keys
};

}  // namespace ptreedb::exec
