// Puts the chunks an operator tree streams concurrently (numbered by
// partition, in order within each) into output order for a RowSink, holding
// back only what arrives ahead of its turn. Sources that run partitions in
// waves report each wave's end (complete_below), so what is held back is at
// most one wave; a chunk that arrives in its turn on the statement's own
// thread outside a parallel region goes to the sink at once (a
// generate_series of 10^9 rows is never held).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "exec/memory_budget.h"
#include "exec/row_sink.h"
#include "exec/vector.h"

namespace ptreedb::exec {

class OrderedDelivery {
 public:
  // Constructed on the statement's thread, the only one that calls the sink.
  // Chunks held back are charged to `memory` (when given) until they are sent.
  explicit OrderedDelivery(RowSink& sink, QueryMemory* memory = nullptr)
      : sink_(sink), memory_(memory), owner_(std::this_thread::get_id()) {}
  ~OrderedDelivery();
  OrderedDelivery(const OrderedDelivery&) = delete;
  OrderedDelivery& operator=(const OrderedDelivery&) = delete;

  // From any thread.
  void push(Chunk&& chunk, std::size_t partition);
  // Every partition below `partition` is complete: they go to the sink (when
  // called on the statement's thread).
  void complete_below(std::size_t partition);
  // Around a source's parallel region: chunks wait for its end (a blocking
  // sink must not run inside a task other work may be waiting under).
  void begin_parallel() { parallel_.fetch_add(1); }
  void end_parallel() { parallel_.fetch_sub(1); }
  // The rest, in order (the stream has ended).
  void finish();
  std::size_t rows_delivered() const { return rows_delivered_; }

 private:
  bool may_deliver_here() const;
  // Delivers held chunks of partitions up to and including `last`.
  void deliver_up_to(std::size_t last);

  struct Held {
    Chunk chunk;
    std::int64_t charged = 0;  // to memory_, given back when it is sent
  };
  // Frees a held chunk and gives back its charge.
  void release(Held& held);

  RowSink& sink_;
  QueryMemory* memory_;
  const std::thread::id owner_;
  std::atomic<int> parallel_{0};
  std::mutex mutex_;
  std::map<std::size_t, std::vector<Held>> held_;
  std::size_t watermark_ = 0;  // every partition below it is complete
  std::size_t rows_delivered_ = 0;  // only the owner thread touches it
};

}  // namespace ptreedb::exec
