// Counts live tree nodes of one node type without a shared hot cache line:
// every thread adds to its own padded slot; reading sums the slots.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace ptreedb::ptree {

class LiveCounter {
 public:
  void add(std::int64_t delta) noexcept {
    slots_[slot_index()].value.fetch_add(delta, std::memory_order_relaxed);
  }

  std::int64_t total() const noexcept {
    std::int64_t sum = 0;
    for (const auto& slot : slots_) sum += slot.value.load(std::memory_order_relaxed);
    return sum;
  }

 private:
  static constexpr std::size_t kSlots = 64;
  struct alignas(64) Slot {
    std::atomic<std::int64_t> value{0};
  };

  static std::size_t slot_index() noexcept {
    static std::atomic<std::size_t> next_ticket{0};
    thread_local const std::size_t index =
        next_ticket.fetch_add(1, std::memory_order_relaxed) % kSlots;
    return index;
  }

  std::array<Slot, kSlots> slots_{};
};

}  // namespace ptreedb::ptree
