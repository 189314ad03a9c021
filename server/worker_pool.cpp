#include "server/worker_pool.h"

#include <algorithm>
#include <vector>

namespace ptreedb::server {

namespace {

constexpr auto kPatience = std::chrono::milliseconds(5);     // busy this long: the place is lent
constexpr auto kWatchPeriod = std::chrono::milliseconds(2);

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

// A pool thread's state. kLent: the thread blocks or runs long, and another
// counts as a runner in its place.
struct Slot : txn::CommitWaitObserver {
  enum State : int { kIdle, kBusy, kLent };
  explicit Slot(WorkerPool& owner) : pool(owner) {}
  void waiting(bool optional) override {
    lent = !optional || (pool.workers_ == 1 && pool.sessions_.load(std::memory_order_relaxed) > 1);
    if (!lent) return;
    before_wait = state.exchange(kLent);
    if (before_wait != kLent) pool.lend_place();
  }
  void woken() override {
    if (!lent || before_wait == kLent) return;
    state.store(before_wait);
    pool.take_place_back();
  }
  WorkerPool& pool;
  std::atomic<int> state{kIdle};
  std::atomic<std::int64_t> busy_since_ns{0};
  int before_wait = kIdle;
  bool lent = false;  // by waiting()
};

namespace {
thread_local Slot* current_slot = nullptr;
}  // namespace

WorkerPool::WorkerPool(unsigned workers) : workers_(std::max(workers, 1u)), work_(context_.get_executor()) {}

WorkerPool::~WorkerPool() { finish(); }

void WorkerPool::start() {
  for (unsigned i = 0; i < workers_; ++i) add_runner();
  watchdog_ = std::thread([this] { watch(); });
}

void WorkerPool::finish() {
  {
    std::lock_guard lock(mutex_);
    if (finishing_) return;
    finishing_ = true;  // no thread is added from now on
  }
  work_.reset();
  spare_wake_.notify_all();
  watch_wake_.notify_all();
  if (watchdog_.joinable()) watchdog_.join();
  // Threads end when the context has no work left; none are added any more.
  for (;;) {
    std::list<std::thread> threads;
    {
      std::lock_guard lock(mutex_);
      threads.swap(threads_);
    }
    if (threads.empty()) break;
    for (auto& thread : threads) thread.join();
  }
}

WorkerPool::BusyScope::BusyScope() : slot_(current_slot) {
  if (slot_ == nullptr) return;
  slot_->busy_since_ns.store(now_ns(), std::memory_order_relaxed);
  slot_->state.store(Slot::kBusy);
}

WorkerPool::BusyScope::~BusyScope() {
  if (slot_ == nullptr) return;
  if (slot_->state.exchange(Slot::kIdle) == Slot::kLent) slot_->pool.take_place_back();
}

void WorkerPool::lend_place() {
  if (runners_.fetch_sub(1) - 1 < static_cast<int>(workers_)) add_runner();
}

void WorkerPool::take_place_back() { runners_.fetch_add(1); }

void WorkerPool::add_runner() {
  runners_.fetch_add(1);
  std::lock_guard lock(mutex_);
  if (finishing_) return;
  if (spares_ > wakeups_) {
    ++wakeups_;
    spare_wake_.notify_one();
    return;
  }
  auto slot = std::make_shared<Slot>(*this);
  slots_.push_back(slot);
  threads_started_.fetch_add(1);
  threads_.emplace_back([this, slot] { run_thread(slot); });
}

void WorkerPool::run_thread(std::shared_ptr<Slot> slot) {
  current_slot = slot.get();
  txn::CommitWaitObserver::set_current(slot.get());
  for (;;) {
    // More runners than workers (a lent place came back): park as a spare.
    int runners = runners_.load();
    if (runners > static_cast<int>(workers_)) {
      if (!runners_.compare_exchange_weak(runners, runners - 1)) continue;
      std::unique_lock lock(mutex_);
      ++spares_;
      spare_wake_.wait(lock, [&] { return wakeups_ > 0 || finishing_; });
      --spares_;
      if (wakeups_ == 0) break;  // finishing
      --wakeups_;
      continue;  // counted as a runner by whoever woke it
    }
    if (context_.run_one() == 0) break;  // no work left: the pool is finishing
  }
  txn::CommitWaitObserver::set_current(nullptr);
  current_slot = nullptr;
}

void WorkerPool::watch() {
  std::unique_lock lock(mutex_);
  while (!finishing_) {
    watch_wake_.wait_for(lock, kWatchPeriod);
    const std::int64_t limit = now_ns() - std::chrono::duration_cast<std::chrono::nanoseconds>(kPatience).count();
    std::vector<Slot*> overdue;
    for (auto& slot : slots_) {
      if (slot->state.load() == Slot::kBusy && slot->busy_since_ns.load(std::memory_order_relaxed) < limit) {
        overdue.push_back(slot.get());
      }
    }
    lock.unlock();
    for (Slot* slot : overdue) {
      int busy = Slot::kBusy;
      if (slot->state.compare_exchange_strong(busy, Slot::kLent)) lend_place();
    }
    lock.lock();
  }
}

}  // namespace ptreedb::server
