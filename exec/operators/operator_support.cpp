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

void charge_arrays(OperatorMemory& memory, const Chunk& chunk) {
  std::int64_t bytes = 0;
  for (const auto& column : chunk.columns) bytes += vector_array_bytes(column);
  memory.add(bytes);
}

}  // namespace ptreedb::exec
