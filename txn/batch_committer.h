// Group commit (DESIGN.md "Write"). Sessions hand the committer the snapshot
// they read and the private world they built. One of them at a time is the
// committer: the first to find nobody committing takes every queued request
// (within a time window, up to a maximum batch size), validates them in
// arrival order against the current world and each other (first committer
// wins, write_set.h), makes the whole batch durable with one
// CommitLog::make_durable call, publishes one world, and wakes each waiting
// session with its own result; then the next queued session takes over.
// Leading from the sessions' own threads (not a dedicated thread) spares
// two thread switches per commit when load is light, and batches still grow
// with load because requests queue while a batch is being made durable.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <set>
#include <string>

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

  void set_commit_log(CommitLog* log) { commit_log_ = log; }
  const CommitStats& stats() const { return stats_; }
  // Old worlds still held by readers, and the tree nodes they keep alive.
  WorldRetention::Reading retention() { return retention_.read(*worlds_.current()); }
  const CommitterOptions& options() const { return options_; }

 private:
  struct Request {
    WorldPtr snapshot;
    WorldPtr private_world;
    WriteSet writes;
    IsolationLevel isolation;
    const ReadSet* reads;
    const Reapply* reapply;
    std::exception_ptr error;
    bool done = false;              // under mutex_
    std::condition_variable woken;  // done, or this request should lead
  };

  // Called with `lock` held by the request that leads; commits one batch.
  void lead_batch(std::unique_lock<std::mutex>& lock);
  void commit_batch(std::deque<Request*>& batch);

  storage::WorldHolder& worlds_;
  CommitterOptions options_;
  CommitLog* commit_log_ = nullptr;
  CommitStats stats_;
  WorldRetention retention_;

  std::mutex mutex_;
  std::condition_variable queued_;  // a leader in its batch window waits for more requests
  std::deque<Request*> queue_;
  bool leading_ = false;            // a batch is being committed
};

}  // namespace ptreedb::txn
