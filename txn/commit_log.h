// Where a commit becomes durable. Whatever derives the next world (the
// serialized writer today, the batch committer later) hands the transition to
// the commit log once per published world, before publishing it: the log
// records what changed and returns only when that record is durable. A throw
// means nothing is published and the writers waiting on it get the error.
#pragma once

#include "storage/world/world.h"

namespace ptreedb::txn {

class CommitLog {
 public:
  virtual ~CommitLog() = default;
  // Makes the change from `before` (the published world) to `after` (its
  // successor) durable. Called by one thread at a time, in publish order.
  virtual void make_durable(const storage::World& before, const storage::World& after) = 0;
  // Saves the current world so that recovery need not replay the log before
  // it (the CHECKPOINT statement). May throw SqlError.
  virtual void checkpoint() {}
};

}  // namespace ptreedb::txn
