#include "txn/batch_committer.h"

#include <algorithm>

#include "storage/sql_error.h"

namespace ptreedb::txn {

BatchCommitter::BatchCommitter(storage::WorldHolder& worlds, CommitterOptions options)
    : worlds_(worlds), options_(options) {
  options_.max_batch = std::max<std::size_t>(1, options_.max_batch);
}

void BatchCommitter::commit(WorldPtr snapshot, WorldPtr private_world, IsolationLevel isolation,
                            const ReadSet* reads, const Reapply* reapply) {
  auto start = std::chrono::steady_clock::now();
  // The write set is computed here, before queueing, so the serial work of
  // a batch is only validation and merging.
  Request request{snapshot, private_world, write_set_of(*snapshot, *private_world), isolation, reads,
                  isolation == IsolationLevel::kReadCommitted ? reapply : nullptr, nullptr, false, {}};
  if (request.writes.empty()) return;
  {
    std::unique_lock lock(mutex_);
    queue_.push_back(&request);
    queued_.notify_one();
    while (!request.done) {
      if (!leading_) {
        lead_batch(lock);
      } else {
        request.woken.wait(lock);
      }
    }
  }
  auto elapsed = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
  stats_.commit_latency_ns.fetch_add(elapsed, std::memory_order_relaxed);
  stats_.commit_latency.record(elapsed);
  if (request.error) std::rethrow_exception(request.error);
}

void BatchCommitter::lead_batch(std::unique_lock<std::mutex>& lock) {
  leading_ = true;
  // Give concurrent sessions the window to join this batch.
  if (options_.batch_window.count() > 0 && queue_.size() < options_.max_batch) {
    queued_.wait_for(lock, options_.batch_window, [&] { return queue_.size() >= options_.max_batch; });
  }
  std::deque<Request*> batch;
  while (!queue_.empty() && batch.size() < options_.max_batch) {
    batch.push_back(queue_.front());
    queue_.pop_front();
  }
  lock.unlock();
  commit_batch(batch);
  lock.lock();
  leading_ = false;
  // Notified under the mutex: a request's owner cannot see `done`, return
  // and destroy the request before its notification is over.
  for (Request* request : batch) {
    request->done = true;
    request->woken.notify_one();
  }
  // Requests that queued meanwhile: the oldest leads the next batch.
  if (!queue_.empty()) queue_.front()->woken.notify_one();
}

void BatchCommitter::commit_batch(std::deque<Request*>& batch) {
  WorldPtr base = worlds_.current();
  WorldPtr next = base;
  std::vector<Request*> accepted;
  for (Request* request : batch) {
    try {
      try {
        next = apply_write_set(next, request->snapshot, request->private_world, request->writes, request->isolation,
                               request->reads);
      } catch (const SqlError& error) {
        if (error.sqlstate() != sqlstate::kSerializationFailure || request->reapply == nullptr) throw;
        // READ COMMITTED: re-run on the batch's newest world instead of
        // failing; derived from `next` itself, the result cannot conflict.
        next = (*request->reapply)(next);
        stats_.reapplied.fetch_add(1, std::memory_order_relaxed);
      }
      accepted.push_back(request);
    } catch (const SqlError& error) {
      request->error = std::current_exception();
      if (error.sqlstate() == sqlstate::kSerializationFailure) {
        stats_.serialization_aborts.fetch_add(1, std::memory_order_relaxed);
      } else if (error.sqlstate() == sqlstate::kUniqueViolation) {
        stats_.unique_aborts.fetch_add(1, std::memory_order_relaxed);
      } else {
        stats_.other_aborts.fetch_add(1, std::memory_order_relaxed);
      }
    } catch (...) {
      request->error = std::current_exception();
      stats_.other_aborts.fetch_add(1, std::memory_order_relaxed);
    }
  }
  if (next != base) {
    try {
      if (commit_log_ != nullptr) commit_log_->make_durable(*base, *next);
      worlds_.publish(next);
      retention_.note_superseded(base);
      stats_.commits.fetch_add(accepted.size(), std::memory_order_relaxed);
    } catch (...) {
      // Not durable: nothing was published and every accepted transaction fails.
      for (Request* request : accepted) request->error = std::current_exception();
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
