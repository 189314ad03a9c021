#include "exec/ordered_delivery.h"

#include <utility>

namespace ptreedb::exec {

bool OrderedDelivery::may_deliver_here() const {
  return std::this_thread::get_id() == owner_ && parallel_.load() == 0;
}

void OrderedDelivery::push(Chunk&& chunk, std::size_t partition) {
  if (chunk.size == 0) return;
  {
    std::lock_guard lock(mutex_);
    if (partition > watermark_ || !may_deliver_here()) {
      held_[partition].push_back(std::move(chunk));
      return;
    }
  }
  // In its turn (nothing before it is incomplete): what was held of it and
  // before it goes first, then this chunk.
  deliver_up_to(partition);
  rows_delivered_ += chunk.size;
  sink_.rows(chunk);
}

void OrderedDelivery::complete_below(std::size_t partition) {
  {
    std::lock_guard lock(mutex_);
    if (partition > watermark_) watermark_ = partition;
  }
  if (may_deliver_here()) deliver_up_to(watermark_);
}

void OrderedDelivery::finish() {
  {
    std::lock_guard lock(mutex_);
    watermark_ = SIZE_MAX;
  }
  deliver_up_to(SIZE_MAX);
}

void OrderedDelivery::deliver_up_to(std::size_t last) {
  // The sink is called without the lock: it may wait for the client while
  // producers go on holding chunks of later partitions.
  for (;;) {
    std::vector<Chunk> chunks;
    {
      std::lock_guard lock(mutex_);
      if (held_.empty() || held_.begin()->first > last) return;
      chunks = std::move(held_.begin()->second);
      held_.erase(held_.begin());
    }
    for (auto& chunk : chunks) {
      rows_delivered_ += chunk.size;
      sink_.rows(chunk);
      chunk = Chunk();  // freed as soon as it is sent
    }
  }
}

}  // namespace ptreedb::exec
