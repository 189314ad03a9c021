// Group commit (DESIGN.md "Write"). Sessions hand the committer the snapshot
// they read and the private world they built. One thread at a time commits a
// batch: it takes every queued request (within a time window, up to a
// maximum batch size), validates them in arrival order against the current
// world and each other (first committer wins, write_set.h), makes the whole
// batch durable with one CommitLog::make_durable call, publishes one world,
// and completes each request with its own result.
//
// A request is either waited for (commit(): the thread blocks) or submitted
// (submit(): the caller gets a ticket and goes on serving other sessions; the
// ticket's callback runs when its batch is done). Whoever submits when no
// batch is being committed commits one batch itself, at once, unless the
// dispatcher's `may_lead_here` says otherwise (then the dispatcher, the
// server's committer thread, does); requests that queue meanwhile form the
// next batch, which the committing thread hands to the dispatcher or,
// without one, commits too. Batches grow with load because requests queue
// while a batch is being made durable.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>

#include "storage/world/world.h"
#include "txn/commit_log.h"
#include "txn/commit_stats.h"
#include "txn/isolation_level.h"
#include "txn/world_retention.h"
#include "txn/write_set.h"

namespace ptreedb::txn {

struct CommitterOptions {
  std::chrono::microseconds batch_window{0};  // how long a batch waits for more after its first request
  std::size_t max_batch = 1024;               // requests per batch at most
};

// What a thread does around blocking for its commit: a worker of a shared
// pool lends its place to another thread meanwhile. Per thread; null: nothing.
class CommitWaitObserver {
 public:
  virtual ~CommitWaitObserver() = default;
  // (A batch's device flush is no such wait: a worker flushes in place only
  // when no other session on its lane could be stalled by it.)
  virtual void waiting() = 0;
  virtual void woken() = 0;
  static CommitWaitObserver* current();
  static void set_current(CommitWaitObserver* observer);

  // waiting() for as long as it lives, with the calling thread's observer.
  class Scope {
   public:
    Scope() : observer_(current()) {
      if (observer_ != nullptr) observer_->waiting();
    }
    ~Scope() {
      if (observer_ != nullptr) observer_->woken();
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

   private:
    CommitWaitObserver* observer_;
  };
};

class BatchCommitter;

// One submitted commit. Its owner keeps it (and what its Reapply refers to)
// until it is done.
class CommitTicket {
 public:
  // Once done: returns if it was published, throws the reason it was refused.
  void rethrow_if_failed() const {
    if (error_) std::rethrow_exception(error_);
  }
  bool failed() const { return error_ != nullptr; }

 private:
  friend class BatchCommitter;
  CommitTicket() = default;
  WorldPtr snapshot_;
  WorldPtr private_world_;
  WriteSet writes_;
  IsolationLevel isolation_ = IsolationLevel::kReadCommitted;
  const ReadSet* reads_ = nullptr;
  std::function<WorldPtr(const WorldPtr&)> reapply_;
  std::exception_ptr error_;
  std::chrono::steady_clock::time_point submitted_;
  bool done_ = false;                      // under the committer's mutex
  std::condition_variable* woken_ = nullptr;  // a blocked commit() waits on it
  std::function<void()> on_done_;          // a submit()'s completion
};

class BatchCommitter {
 public:
  BatchCommitter(storage::WorldHolder& worlds, CommitterOptions options);
  BatchCommitter(const BatchCommitter&) = delete;
  BatchCommitter& operator=(const BatchCommitter&) = delete;

  // READ COMMITTED: runs the transaction's statements again on `newest` (the
  // world the batch has reached) and returns the world they make, as
  // PostgreSQL re-evaluates a write that met a concurrently updated row.
  // Called by the committing thread, serially, so it cannot conflict.
  using Reapply = std::function<WorldPtr(const WorldPtr& newest)>;

  // Commits the change from `snapshot` to `private_world`; returns once it is
  // published, or throws the reason it was refused (SqlError 40001, 23505, ...).
  // SERIALIZABLE: `reads` is what the transaction read (null: unknown, anything).
  // READ COMMITTED with `reapply`: a conflict re-runs the statements instead of 40001.
  void commit(WorldPtr snapshot, WorldPtr private_world, IsolationLevel isolation,
              const ReadSet* reads = nullptr, const Reapply* reapply = nullptr);

  // The same without waiting: `on_done` runs once the ticket is done (on the
  // committing thread, possibly this one before submit returns); nothing to
  // commit completes at once. `reads` and what `reapply` refers to must live
  // until then.
  std::shared_ptr<CommitTicket> submit(WorldPtr snapshot, WorldPtr private_world, IsolationLevel isolation,
                                       const ReadSet* reads, Reapply reapply, std::function<void()> on_done);

  // Where a committing thread hands the next batch (a worker pool's post);
  // none: the committing thread commits it too. With `may_lead_here`, a
  // submitter finding no batch being committed commits one itself only when
  // that says so (a worker whose other sessions would wait for the flush
  // hands it to the dispatcher instead).
  void set_dispatcher(std::function<void(std::function<void()>)> dispatch,
                      std::function<bool()> may_lead_here = {}) {
    dispatch_ = std::move(dispatch);
    may_lead_here_ = std::move(may_lead_here);
  }
  void set_commit_log(CommitLog* log) { commit_log_ = log; }
  const CommitStats& stats() const { return stats_; }
  // Old worlds still held by readers, and the tree nodes they keep alive.
  WorldRetention::Reading retention() { return retention_.read(*worlds_.current()); }
  const CommitterOptions& options() const { return options_; }

 private:
  using Batch = std::deque<std::shared_ptr<CommitTicket>>;
  std::shared_ptr<CommitTicket> make_ticket(WorldPtr snapshot, WorldPtr private_world, IsolationLevel isolation,
                                            const ReadSet* reads, Reapply reapply);
  // Queues the ticket and, if no batch is being committed, commits one now.
  void enqueue(const std::shared_ptr<CommitTicket>& ticket, std::unique_lock<std::mutex>& lock);
  // With `lock` held and no batch being committed: commits the queued
  // requests, one batch, or more while nobody else can take them.
  void lead(std::unique_lock<std::mutex>& lock);
  // With `lock` held and `leading_` set: the dispatcher commits the queue.
  void hand_on(std::unique_lock<std::mutex>& lock);
  void commit_batch(Batch& batch);
  // Completes the batch's tickets: wakes blocked owners, runs callbacks.
  void complete(Batch& batch, std::unique_lock<std::mutex>& lock);

  storage::WorldHolder& worlds_;
  CommitterOptions options_;
  CommitLog* commit_log_ = nullptr;
  std::function<void(std::function<void()>)> dispatch_;
  std::function<bool()> may_lead_here_;
  CommitStats stats_;
  WorldRetention retention_;

  std::mutex mutex_;
  std::condition_variable queued_;  // a leader in its batch window waits for more requests
  Batch queue_;
  bool leading_ = false;            // a batch is being committed (or handed to the dispatcher)
};

}  // namespace ptreedb::txn
