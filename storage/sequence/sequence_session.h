// What one session remembers of the sequences it used: currval per sequence
// and lastval, as PostgreSQL keeps them in the backend. Kernels may run on
// several threads for one statement, hence the lock.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_map>

namespace ptreedb::storage {

class SequenceSession {
 public:
  // nextval: the sequence's currval, and the one lastval reads.
  void remember_next(std::uint32_t oid, std::int64_t value) {
    std::lock_guard lock(mutex_);
    current_[oid] = value;
    last_used_ = oid;
  }
  // setval(..., true) sets currval but leaves lastval's sequence as it was.
  void remember_set(std::uint32_t oid, std::int64_t value) {
    std::lock_guard lock(mutex_);
    current_[oid] = value;
  }
  std::optional<std::int64_t> current(std::uint32_t oid) const {
    std::lock_guard lock(mutex_);
    auto found = current_.find(oid);
    return found == current_.end() ? std::nullopt : std::optional<std::int64_t>(found->second);
  }
  std::optional<std::int64_t> last() const {
    std::lock_guard lock(mutex_);
    if (!last_used_) return std::nullopt;
    return current_.at(*last_used_);
  }
  // The sequence lastval reads.
  std::optional<std::uint32_t> last_used() const {
    std::lock_guard lock(mutex_);
    return last_used_;
  }
  // DISCARD SEQUENCES / DISCARD ALL.
  void forget() {
    std::lock_guard lock(mutex_);
    current_.clear();
    last_used_.reset();
  }

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::uint32_t, std::int64_t> current_;
  std::optional<std::uint32_t> last_used_;
};

}  // namespace ptreedb::storage
