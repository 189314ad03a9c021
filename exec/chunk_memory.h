// What accumulated chunks cost in memory, for the memory budget
// (exec/memory_budget.h): the typed arrays, and the strings of each text
// storage counted once however many chunks point into it (slices of one
// result share their storage). Rows of tables that text views point into are
// not counted: the pinned table version holds them anyway.
#pragma once

#include <cstdint>
#include <unordered_set>

#include "exec/vector.h"

namespace ptreedb::exec {

// Bytes of the strings `storage` owns (not of the storages it keeps alive).
std::int64_t text_storage_bytes(const TextStorage& storage);

// Bytes of one vector's arrays (not of the text its views point into).
std::int64_t vector_array_bytes(const Vector& vector);

class ChunkFootprint {
 public:
  // Bytes `chunk` adds to what this footprint has seen: its arrays, and the
  // text storages (and those they keep alive) not seen before.
  std::int64_t add(const Chunk& chunk);
  // Bytes of `storage` and what it keeps alive, if not seen before; else 0.
  std::int64_t add_storage(const TextStorage* storage);

 private:
  std::unordered_set<const TextStorage*> seen_;
};

}  // namespace ptreedb::exec
