// The database a server serves: the current world, read by any number of
// statements at once, and the batch committer that derives and publishes the
// next one. As a WriteTarget it is autocommit: each statement's world goes to
// the committer at once.
#pragma once

#include <memory>

#include "storage/world/world.h"
#include "txn/batch_committer.h"
#include "txn/commit_log.h"
#include "txn/write_target.h"

namespace ptreedb::txn {

class Database : public WriteTarget {
 public:
  explicit Database(CommitterOptions options = {}) : committer_(worlds_, options) {}

  // The newest committed world; holding it pins that snapshot, never blocking writers.
  WorldPtr snapshot() const override { return worlds_.current(); }

  BatchCommitter& committer() { return committer_; }
  const CommitStats& commit_stats() const { return committer_.stats(); }

  // The log every published world goes through first; null: durability off.
  void set_commit_log(CommitLog* log) {
    commit_log_ = log;
    committer_.set_commit_log(log);
  }
  // CHECKPOINT: asks the commit log for a checkpoint now (nothing when durability is off).
  void checkpoint() {
    if (commit_log_ != nullptr) commit_log_->checkpoint();
  }
  // Installs a recovered world before the server accepts connections.
  void install_recovered(WorldPtr world) { worlds_.publish(std::move(world)); }

 protected:
  // A statement outside a transaction block: derived from the newest world,
  // committed as read committed (a concurrent change of the same rows is
  // 40001, which the session answers by planning and running it again).
  void apply(MakeNextFunction make_next, void* context) override {
    WorldPtr base = snapshot();
    WorldPtr next = make_next(context, *base);
    if (!next) return;
    committer_.commit(std::move(base), std::move(next), IsolationLevel::kReadCommitted);
  }

 private:
  storage::WorldHolder worlds_;
  BatchCommitter committer_;  // after worlds_, which it uses
  CommitLog* commit_log_ = nullptr;
};

}  // namespace ptreedb::txn
