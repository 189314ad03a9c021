#include "server/worker_pool.h"

#include <algorithm>
#include <stdexcept>
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
// runs its lane in its place.
struct Slot : txn::CommitWaitObserver {
  enum State : int { kIdle, kBusy, kLent };
  Slot(WorkerPool& owner, WorkerPool::Lane& first_lane) : pool(owner), lane(&first_lane) {}
  void waiting() override {
    before_wait = state.exchange(kLent);
    if (before_wait != kLent) pool.lend_place(*lane.load());
  }
  void woken() override {
    if (before_wait == kLent) return;
    state.store(before_wait);
    pool.take_place_back(*lane.load());
  }
  WorkerPool& pool;
  // The lane this thread runs; changes only while it is parked (not busy).
  std::atomic<WorkerPool::Lane*> lane;
  std::atomic<int> state{kIdle};
  std::atomic<std::int64_t> busy_since_ns{0};
  int before_wait = kIdle;
};

namespace {
thread_local Slot* current_slot = nullptr;
}  // namespace

WorkerPool::WorkerPool(unsigned workers) {
  for (unsigned i = 0; i < std::max(workers, 1u); ++i) {
    auto lane = std::make_unique<Lane>();
    lane->work.emplace(lane->context.get_executor());
    lanes_.push_back(std::move(lane));
  }
}

WorkerPool::~WorkerPool() { finish(); }

boost::asio::io_context& WorkerPool::context() {
  if (current_slot != nullptr && &current_slot->pool == this) return current_slot->lane.load()->context;
  return lanes_[next_lane_.fetch_add(1, std::memory_order_relaxed) % lanes_.size()]->context;
}

WorkerPool::Lane& WorkerPool::lane_of(boost::asio::io_context& context) {
  for (auto& lane : lanes_) {
    if (&lane->context == &context) return *lane;
  }
  throw std::logic_error("io_context of no lane");
}

void WorkerPool::session_started(boost::asio::io_context& lane) {
  lane_of(lane).sessions.fetch_add(1, std::memory_order_relaxed);
}

void WorkerPool::session_ended(boost::asio::io_context& lane) {
  lane_of(lane).sessions.fetch_sub(1, std::memory_order_relaxed);
}

bool WorkerPool::may_block_lane() const {
  if (current_slot == nullptr || &current_slot->pool != this) return true;
  return current_slot->lane.load()->sessions.load(std::memory_order_relaxed) <= 1;
}

void WorkerPool::start() {
  for (auto& lane : lanes_) add_runner(*lane);
  watchdog_ = std::thread([this] { watch(); });
}

void WorkerPool::finish() {
  {
    std::lock_guard lock(mutex_);
    if (finishing_) return;
    finishing_ = true;  // no thread is added from now on
  }
  for (auto& lane : lanes_) lane->work.reset();
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
  if (slot_->state.exchange(Slot::kIdle) == Slot::kLent) slot_->pool.take_place_back(*slot_->lane.load());
}

void WorkerPool::lend_place(Lane& lane) {
  if (lane.runners.fetch_sub(1) - 1 < 1) add_runner(lane);
}

void WorkerPool::take_place_back(Lane& lane) { lane.runners.fetch_add(1); }

void WorkerPool::add_runner(Lane& lane) {
  lane.runners.fetch_add(1);
  std::lock_guard lock(mutex_);
  if (finishing_) return;
  if (spares_ > static_cast<int>(wanted_.size())) {
    wanted_.push_back(&lane);
    spare_wake_.notify_one();
    return;
  }
  auto slot = std::make_shared<Slot>(*this, lane);
  slots_.push_back(slot);
  threads_started_.fetch_add(1);
  threads_.emplace_back([this, slot] { run_thread(slot); });
}

void WorkerPool::run_thread(std::shared_ptr<Slot> slot) {
  current_slot = slot.get();
  txn::CommitWaitObserver::set_current(slot.get());
  for (;;) {
    Lane& lane = *slot->lane.load();
    // More runners than one on this lane (a lent place came back): park as a spare.
    int runners = lane.runners.load();
    if (runners > 1) {
      if (!lane.runners.compare_exchange_weak(runners, runners - 1)) continue;
      std::unique_lock lock(mutex_);
      ++spares_;
      spare_wake_.wait(lock, [&] { return !wanted_.empty() || finishing_; });
      --spares_;
      if (wanted_.empty()) break;  // finishing
      slot->lane.store(wanted_.front());
      wanted_.pop_front();
      continue;  // counted as the lane's runner by whoever asked
    }
    if (lane.context.run_one() == 0) break;  // no work left: the pool is finishing
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
      if (slot->state.compare_exchange_strong(busy, Slot::kLent)) lend_place(*slot->lane.load());
    }
    lock.lock();
  }
}

}  // namespace ptreedb::server
