#include "exec/ordered_delivery.h"

#include "exec/chunk_memory.h"

#include <utility>

namespace ptreedb::exec {

bool OrderedDelivery::may_deliver_here() const {
  return std::this_thread::get_id() == owner_ && parallel_.load() == 0;
}

OrderedDelivery::~OrderedDelivery() {
  if (memory_ == nullptr) return;
  for (auto& [partition, chunks] : held_) {
    for (const Held& held : chunks) memory_->release(held.charged);
  }
}

void OrderedDelivery::push(Chunk&& chunk, std::size_t partition) {
  if (chunk.size == 0) return;
  {
    std::lock_guard lock(mutex_);
    if (partition > watermark_ || !may_deliver_here()) {
      // Held back while earlier partitions run: it counts against the
      // statement's memory (a wave of a row-multiplying source can be large).
      std::int64_t bytes = 0;
      if (memory_ != nullptr) {
        bytes = ChunkFootprint().add(chunk);
        memory_->charge(bytes, "ExecutorState");
      }
      held_[partition].push_back({std::move(chunk), bytes});
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
    std::vector<Held> chunks;
    {
      std::lock_guard lock(mutex_);
      if (held_.empty() || held_.begin()->first > last) return;
      chunks = std::move(held_.begin()->second);
      held_.erase(held_.begin());
    }
    for (std::size_t i = 0; i < chunks.size(); ++i) {
      Held& held = chunks[i];
      rows_delivered_ += held.chunk.size;
      try {
        sink_.rows(held.chunk);
      } catch (...) {
        for (std::size_t j = i; j < chunks.size(); ++j) release(chunks[j]);
        throw;
      }
      release(held);  // freed and given back as soon as it is sent
    }
  }
}

void OrderedDelivery::release(Held& held) {
  held.chunk = Chunk();
  if (memory_ != nullptr) memory_->release(std::exchange(held.charged, 0));
}

}  // namespace ptreedb::exec
