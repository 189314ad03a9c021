#include "exec/operators/operator_support.h"

#include "exec/chunk_memory.h"

namespace ptreedb::exec {

void charge_concatenation(OperatorMemory& memory, const std::vector<Chunk>& chunks) {
  std::int64_t bytes = 0;
  for (const auto& chunk : chunks) {
    for (const auto& column : chunk.columns) bytes += vector_array_bytes(column);
  }
  memory.add(bytes);
}

bool packed_onto_last(std::vector<Chunk>& kept, const Chunk& chunk) {
  return chunk.size <= kChunkSize / 8 && !kept.empty() && kept.back().size + chunk.size <= kChunkSize &&
         append_rows(kept.back(), chunk);
}

void charge_arrays(OperatorMemory& memory, const Chunk& chunk) {
  std::int64_t bytes = 0;
  for (const auto& column : chunk.columns) bytes += vector_array_bytes(column);
  memory.add(bytes);
}

JoinHashTable hash_join_rows(std::vector<Chunk> chunks, const std::vector<value::SqlType>& types,
                             const std::vector<planner::BoundExpression>& keys, OperatorMemory& memory,
                             std::int64_t bytes_per_row) {
  charge_concatenation(memory, chunks);
  std::size_t rows = 0;
  for (const auto& chunk : chunks) rows += chunk.size;
  memory.add(static_cast<std::int64_t>(rows) *
             (bytes_per_row + 24 * static_cast<std::int64_t>(keys.size())));
  return JoinHashTable(concatenate(std::move(chunks), types), keys);
}

}  // namespace ptreedb::exec
