#include "txn/batch_committer.h"

#include <algorithm>

#include "storage/sql_error.h"

namespace ptreedb::txn {

namespace {
thread_local CommitWaitObserver* current_observer = nullptr;
}  // namespace

CommitWaitObserver* CommitWaitObserver::current() { return current_observer; }
void CommitWaitObserver::set_current(CommitWaitObserver* observer) { current_observer = observer; }

BatchCommitter::BatchCommitter(storage::WorldHolder& worlds, CommitterOptions options)
    : worlds_(worlds), options_(options) {
  options_.max_batch = std::max<std::size_t>(1, options_.max_batch);
}

std::shared_ptr<CommitTicket> BatchCommitter::make_ticket(WorldPtr snapshot, WorldPtr private_world,
                                                          IsolationLevel isolation, const ReadSet* reads,
                                                          Reapply reapply) {
  std::shared_ptr<CommitTicket> ticket(new CommitTicket());
  ticket->submitted_ = std::chrono::steady_clock::now();
  // The write set is computed here, before queueing, so the serial work of
  // a batch is only validation and merging.
  ticket->writes_ = write_set_of(*snapshot, *private_world);
  ticket->snapshot_ = std::move(snapshot);
  ticket->private_world_ = std::move(private_world);
  ticket->isolation_ = isolation;
  ticket->reads_ = reads;
  if (isolation == IsolationLevel::kReadCommitted) ticket->reapply_ = std::move(reapply);
  return ticket;
}

void BatchCommitter::commit(WorldPtr snapshot, WorldPtr private_world, IsolationLevel isolation,
                            const ReadSet* reads, const Reapply* reapply) {
  auto ticket = make_ticket(std::move(snapshot), std::move(private_world), isolation, reads,
                            reapply != nullptr ? *reapply : Reapply());
  if (ticket->writes_.empty()) return;
  std::condition_variable woken;
  ticket->woken_ = &woken;
  {
    std::unique_lock lock(mutex_);
    enqueue(ticket, lock);
    if (!ticket->done_) {
      CommitWaitObserver::Scope waiting;
      woken.wait(lock, [&] { return ticket->done_; });
      lock.unlock();  // before woken(): the observer may block to take its place back
    }
  }
  ticket->rethrow_if_failed();
}

std::shared_ptr<CommitTicket> BatchCommitter::submit(WorldPtr snapshot, WorldPtr private_world,
                                                     IsolationLevel isolation, const ReadSet* reads, Reapply reapply,
                                                     std::function<void()> on_done) {
  auto ticket = make_ticket(std::move(snapshot), std::move(private_world), isolation, reads, std::move(reapply));
  if (ticket->writes_.empty()) {
    ticket->done_ = true;
    on_done();
    return ticket;
  }
  ticket->on_done_ = std::move(on_done);
  std::unique_lock lock(mutex_);
  enqueue(ticket, lock);
  return ticket;
}

void BatchCommitter::enqueue(const std::shared_ptr<CommitTicket>& ticket, std::unique_lock<std::mutex>& lock) {
  queue_.push_back(ticket);
  queued_.notify_one();
  if (leading_) return;
  if (dispatch_ && may_lead_here_ && !may_lead_here_()) {
    leading_ = true;
    hand_on(lock);
    return;
  }
  lead(lock);
}

void BatchCommitter::hand_on(std::unique_lock<std::mutex>& lock) {
  lock.unlock();
  dispatch_([this] {
    std::unique_lock next(mutex_);
    leading_ = false;
    if (!queue_.empty()) lead(next);
  });
  lock.lock();
}

void BatchCommitter::lead(std::unique_lock<std::mutex>& lock) {
  leading_ = true;
  for (;;) {
    // Give concurrent sessions the window to join this batch.
    if (options_.batch_window.count() > 0 && queue_.size() < options_.max_batch) {
      queued_.wait_for(lock, options_.batch_window, [&] { return queue_.size() >= options_.max_batch; });
    }
    Batch batch;
    while (!queue_.empty() && batch.size() < options_.max_batch) {
      batch.push_back(std::move(queue_.front()));
      queue_.pop_front();
    }
    lock.unlock();
    commit_batch(batch);
    lock.lock();
    complete(batch, lock);  // returns with the lock held
    if (queue_.empty()) break;
    if (dispatch_) {
      // Requests that queued meanwhile: the dispatcher commits them, while
      // this thread goes back to its own session. `leading_` stays set until then.
      hand_on(lock);
      return;
    }
  }
  leading_ = false;
}

void BatchCommitter::complete(Batch& batch, std::unique_lock<std::mutex>& lock) {
  auto now = std::chrono::steady_clock::now();
  std::vector<std::function<void()>> callbacks;
  for (auto& ticket : batch) {
    auto elapsed = static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(now - ticket->submitted_).count());
    stats_.commit_latency_ns.fetch_add(elapsed, std::memory_order_relaxed);
    stats_.commit_latency.record(elapsed);
    ticket->done_ = true;
    // Notified under the mutex: a blocked owner cannot see `done_`, return
    // and destroy its condition variable before the notification is over.
    if (ticket->woken_ != nullptr) ticket->woken_->notify_one();
    if (ticket->on_done_) callbacks.push_back(std::move(ticket->on_done_));
  }
  lock.unlock();
  for (auto& callback : callbacks) callback();
  lock.lock();
}

void BatchCommitter::commit_batch(Batch& batch) {
  WorldPtr base = worlds_.current();
  WorldPtr next = base;
  std::vector<CommitTicket*> accepted;
  for (auto& request : batch) {
    try {
      try {
        next = apply_write_set(next, request->snapshot_, request->private_world_, request->writes_,
                               request->isolation_, request->reads_);
      } catch (const SqlError& error) {
        if (error.sqlstate() != sqlstate::kSerializationFailure || !request->reapply_) throw;
        // READ COMMITTED: re-run on the batch's newest world instead of
        // failing; derived from `next` itself, the result cannot conflict.
        next = request->reapply_(next);
        stats_.reapplied.fetch_add(1, std::memory_order_relaxed);
      }
      accepted.push_back(request.get());
    } catch (const SqlError& error) {
      request->error_ = std::current_exception();
      if (error.sqlstate() == sqlstate::kSerializationFailure) {
        stats_.serialization_aborts.fetch_add(1, std::memory_order_relaxed);
      } else if (error.sqlstate() == sqlstate::kUniqueViolation) {
        stats_.unique_aborts.fetch_add(1, std::memory_order_relaxed);
      } else {
        stats_.other_aborts.fetch_add(1, std::memory_order_relaxed);
      }
    } catch (...) {
      request->error_ = std::current_exception();
      stats_.other_aborts.fetch_add(1, std::memory_order_relaxed);
    }
    // The worlds it held are not needed any more; dropping them here frees
    // what only they kept alive before the batch is answered.
    request->snapshot_.reset();
    request->private_world_.reset();
  }
  if (next != base) {
    try {
      if (commit_log_ != nullptr) commit_log_->make_durable(*base, *next);
      worlds_.publish(next);
      retention_.note_superseded(base);
      stats_.commits.fetch_add(accepted.size(), std::memory_order_relaxed);
    } catch (...) {
      // Not durable: nothing was published and every accepted transaction fails.
      for (CommitTicket* request : accepted) request->error_ = std::current_exception();
      stats_.other_aborts.fetch_add(accepted.size(), std::memory_order_relaxed);
    }
  }
  stats_.batches.fetch_add(1, std::memory_order_relaxed);
  stats_.batched_requests.fetch_add(batch.size(), std::memory_order_relaxed);
  std::uint64_t size = batch.size();
  std::uint64_t max = stats_.max_batch_size.load(std::memory_order_relaxed);
  while (size > max && !stats_.max_batch_size.compare_exchange_weak(max, size, std::memory_order_relaxed)) {
  }
}

}  // namespace ptreedb::txn
