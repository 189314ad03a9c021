// Which old worlds are still held, and what they cost. Every world the
// committer replaces is noted with the moment it went out of date; a world
// stays listed while anyone (a long query, a REPEATABLE READ block, a cursor)
// still holds it. Row-tree nodes alive beyond those of the current world are
// what those holders retain: after the last reader of an old world ends they
// drop to zero exactly, because P-Tree nodes are freed with their last
// reference.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "storage/world/world.h"

namespace ptreedb::txn {

class WorldRetention {
 public:
  struct Reading {
    std::uint64_t live_worlds = 0;            // the current world plus every superseded one still held
    double oldest_snapshot_age_ms = 0;        // how long the oldest held world has been out of date
    std::int64_t live_row_nodes = 0;          // row-tree nodes in memory (all worlds, private ones too)
    std::int64_t retained_row_nodes = 0;      // of those, the ones the current world does not use
  };

  // `old` was just replaced as the published world.
  void note_superseded(const std::shared_ptr<const storage::World>& old);
  Reading read(const storage::World& current);

 private:
  struct Held {
    std::weak_ptr<const storage::World> world;
    std::chrono::steady_clock::time_point superseded_at;
  };
  std::mutex mutex_;
  std::vector<Held> held_;  // oldest first
};

}  // namespace ptreedb::txn
