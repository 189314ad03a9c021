#include "exec/chunk_memory.h"

#include <string>

namespace ptreedb::exec {

std::int64_t text_storage_bytes(const TextStorage& storage) {
  // A short string lives inside its std::string; a long one has its own block.
  constexpr std::size_t kInlineCapacity = 15;
  std::int64_t bytes = 0;  // a pinned table version holds its rows anyway
  for (const std::string& text : storage.strings) {
    bytes += static_cast<std::int64_t>(sizeof(std::string));
    if (text.capacity() > kInlineCapacity) bytes += static_cast<std::int64_t>(text.capacity() + 1);
  }
  return bytes;
}

std::int64_t vector_array_bytes(const Vector& vector) {
  return static_cast<std::int64_t>(
      vector.nulls.capacity() + vector.ints.capacity() * sizeof(std::int64_t) +
      vector.doubles.capacity() * sizeof(double) + vector.decimals.capacity() * sizeof(value::Decimal) +
      vector.texts.capacity() * sizeof(std::string_view) + vector.intervals.capacity() * sizeof(value::Interval) +
      vector.text_owners.capacity() * sizeof(std::shared_ptr<const TextStorage>));
}

std::int64_t ChunkFootprint::add_storage(const TextStorage* storage) {
  if (storage == nullptr || !seen_.insert(storage).second) return 0;
  std::int64_t bytes = text_storage_bytes(*storage);
  for (const auto& other : storage->others) bytes += add_storage(other.get());
  return bytes;
}

std::int64_t ChunkFootprint::add(const Chunk& chunk) {
  std::int64_t bytes = 0;
  for (const Vector& column : chunk.columns) {
    bytes += vector_array_bytes(column);
    for (const auto& owner : column.text_owners) bytes += add_storage(owner.get());
  }
  return bytes;
}

}  // namespace ptreedb::exec
