// The database a server serves: the current world, read by any number of
// statements at once, and a writer that derives and publishes the next world.
// Writers are serialized here; the batched group committer of the transactions
// layer takes this role over.
#pragma once

#include <memory>
#include <mutex>

#include "storage/world/world.h"
#include "txn/commit_log.h"

namespace ptreedb::txn {

class Database {
 public:
  // The newest committed world; holding it pins that snapshot, never blocking writers.
  std::shared_ptr<const storage::World> snapshot() const { return worlds_.current(); }

  // Runs make_next(current world) -> next world under the write lock and
  // publishes the result. If make_next throws, nothing is published.
  template <class MakeNext>
  void write(MakeNext&& make_next) {
    std::lock_guard lock(write_mutex_);
    std::shared_ptr<const storage::World> current = worlds_.current();
    std::shared_ptr<const storage::World> next = make_next(*current);
    if (!next) return;
    if (commit_log_ != nullptr) commit_log_->make_durable(*current, *next);
    worlds_.publish(std::move(next));
  }

  // The log every published world goes through first; null: durability off.
  void set_commit_log(CommitLog* log) { commit_log_ = log; }
  // CHECKPOINT: asks the commit log for a checkpoint now (nothing when durability is off).
  void checkpoint() {
    if (commit_log_ != nullptr) commit_log_->checkpoint();
  }
  // Installs a recovered world before the server accepts connections.
  void install_recovered(std::shared_ptr<const storage::World> world) { worlds_.publish(std::move(world)); }

 private:
  storage::WorldHolder worlds_;
  std::mutex write_mutex_;
  CommitLog* commit_log_ = nullptr;
};

}  // namespace ptreedb::txn
