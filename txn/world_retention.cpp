#include "txn/world_retention.h"

#include <algorithm>

#include "storage/table/table.h"

namespace ptreedb::txn {

void WorldRetention::note_superseded(const std::shared_ptr<const storage::World>& old) {
  std::lock_guard lock(mutex_);
  // Worlds nobody held any more are dropped here, so the list stays as long
  // as the number of worlds really held (a long reader holds one; the
  // thousands of worlds published meanwhile are gone at once).
  std::erase_if(held_, [](const Held& held) { return held.world.expired(); });
  held_.push_back({old, std::chrono::steady_clock::now()});
}

WorldRetention::Reading WorldRetention::read(const storage::World& current) {
  Reading reading;
  {
    std::lock_guard lock(mutex_);
    std::erase_if(held_, [](const Held& held) { return held.world.expired(); });
    reading.live_worlds = held_.size() + 1;
    if (!held_.empty()) {
      reading.oldest_snapshot_age_ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - held_.front().superseded_at)
              .count();
    }
  }
  std::int64_t current_nodes = 0;
  for (auto entry : current.tables()) current_nodes += static_cast<std::int64_t>(entry.value->rows().node_count());
  reading.live_row_nodes = storage::RowTree::live_nodes();
  reading.retained_row_nodes = std::max<std::int64_t>(0, reading.live_row_nodes - current_nodes);
  return reading;
}

}  // namespace ptreedb::txn
