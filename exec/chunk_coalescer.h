// Small chunks gathered into bigger ones before the operators above a scan.
//
// A selective filter leaves a 1024-row chunk with a few rows; a join probe, a
// projection or an aggregate costs microseconds a chunk whatever its size, so
// at 1% selectivity that overhead was most of a scan-bound query's time
// (TPC-H Q14: 6,000 chunks of 13 rows). The coalescer copies small chunks'
// rows into one pending chunk and hands it on once it holds `min_rows`; a
// chunk big enough on its own passes through untouched. Rows keep their order.
#pragma once

#include <cstddef>

#include "exec/vector.h"

namespace ptreedb::exec {

class ChunkCoalescer {
 public:
  explicit ChunkCoalescer(std::size_t min_rows = kChunkSize / 2) : min_rows_(min_rows) {}

  // Hands `chunk` to `emit` (a callable taking Chunk&) or keeps its rows;
  // `chunk` itself stays with the caller, its arrays reusable.
  template <class Emit>
  void add(Chunk& chunk, Emit&& emit) {
    if (chunk.size == 0) return;
    if (pending_.size == 0 && chunk.size >= min_rows_) {
      emit(chunk);
      return;
    }
    if (!append_rows(pending_, chunk)) {  // columns loaded differently: hand on what is kept
      emit_pending(emit);
      append_rows(pending_, chunk);  // into an empty chunk: always takes the rows
    }
    if (pending_.size >= min_rows_) emit_pending(emit);
  }

  // Hands on the rows still kept.
  template <class Emit>
  void flush(Emit&& emit) {
    if (pending_.size > 0) emit_pending(emit);
  }

 private:
  template <class Emit>
  void emit_pending(Emit& emit) {
    emit(pending_);
    pending_.size = 0;  // the next append reshapes it, reusing what arrays emit left
  }

  std::size_t min_rows_;
  Chunk pending_;
};

}  // namespace ptreedb::exec
