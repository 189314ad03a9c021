#include "storage/sequence/sequence_counter.h"

#include <atomic>

#include "storage/sequence/sequence_log.h"
#include "storage/sql_error.h"

namespace ptreedb::storage {

namespace {
std::atomic<SequenceLog*> installed_log{nullptr};
}  // namespace

void install_sequence_log(SequenceLog* log) { installed_log.store(log, std::memory_order_release); }
SequenceLog* installed_sequence_log() { return installed_log.load(std::memory_order_acquire); }

SequenceCounter::SequenceCounter(std::uint32_t oid, std::int64_t last_value, bool is_called)
    : oid_(oid), state_{last_value, 0, is_called}, logged_{last_value, 0, is_called} {}

std::int64_t SequenceCounter::next_value(const SequenceOptions& options, const std::string& name) {
  std::unique_lock lock(mutex_);
  SequenceFetch fetch = fetch_next_value(state_, options, name);
  if (fetch.log) {
    if (SequenceLog* log = installed_sequence_log()) {
      // The log's lock comes first; the state may move while waiting for it.
      lock.unlock();
      auto held = log->hold();
      lock.lock();
      fetch = fetch_next_value(state_, options, name);
      if (fetch.log) log->write(*this, oid_, fetch.logged_value, true);
    }
    if (fetch.log) logged_ = SequenceState{fetch.logged_value, 0, true};
  }
  state_ = fetch.next;
  return fetch.result;
}

void SequenceCounter::set_value(const SequenceOptions& options, const std::string& name, std::int64_t value,
                                bool is_called) {
  if (value < options.min_value || value > options.max_value) {
    throw SqlError(sqlstate::kNumericValueOutOfRange,
                   "setval: value " + std::to_string(value) + " is out of bounds for sequence \"" + name + "\" (" +
                       std::to_string(options.min_value) + ".." + std::to_string(options.max_value) + ")");
  }
  std::unique_lock<std::mutex> held;
  SequenceLog* log = installed_sequence_log();
  if (log != nullptr) held = log->hold();
  std::lock_guard lock(mutex_);
  if (log != nullptr) log->write(*this, oid_, value, is_called);
  state_ = SequenceState{value, 0, is_called};
  logged_ = state_;
}

void SequenceCounter::restore(SequenceState logged) {
  std::lock_guard lock(mutex_);
  logged.log_cnt = 0;
  state_ = logged;
  logged_ = logged;
}

void SequenceCounter::log_on_next_call() {
  std::lock_guard lock(mutex_);
  state_.log_cnt = 0;
}

SequenceState SequenceCounter::state() const {
  std::lock_guard lock(mutex_);
  return state_;
}

SequenceState SequenceCounter::logged_state() const {
  std::lock_guard lock(mutex_);
  return logged_;
}

}  // namespace ptreedb::storage
