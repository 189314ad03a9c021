// The database a server serves: the current world, read by any number of
// statements at once, and a writer that derives and publishes the next world.
// Writers are serialized here; the batched group committer of the transactions
// layer takes this role over.
#pragma once

#include <memory>
#include <mutex>

#include "storage/world/world.h"

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
    std::shared_ptr<const storage::World> next = make_next(*worlds_.current());
    if (next) worlds_.publish(std::move(next));
  }

 private:
  storage::WorldHolder worlds_;
  std::mutex write_mutex_;
};

}  // namespace ptreedb::txn
