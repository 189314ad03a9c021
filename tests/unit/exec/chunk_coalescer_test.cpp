#include "exec/chunk_coalescer.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace ptreedb;
using exec::Chunk;
using exec::ChunkCoalescer;
using exec::Vector;
using value::SqlType;
using value::TypeId;

namespace {

// A chunk of ids [first, first + count) with a label column, or with the
// label column unloaded (its vector left empty) when `labels` is false.
Chunk ids(std::int64_t first, std::size_t count, bool labels = true) {
  static const std::vector<std::string> names = {"a", "bb", "ccc"};
  Chunk chunk;
  chunk.size = count;
  chunk.columns.emplace_back(SqlType::of(TypeId::kBigint));
  chunk.columns.emplace_back(SqlType::of(TypeId::kText));
  chunk.columns[0].resize(count);
  if (labels) chunk.columns[1].resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    chunk.columns[0].ints[i] = first + static_cast<std::int64_t>(i);
    if (labels) chunk.columns[1].texts[i] = names[static_cast<std::size_t>(first + i) % names.size()];
  }
  return chunk;
}

struct Received {
  std::vector<std::size_t> sizes;
  std::vector<std::int64_t> ids;
  std::vector<std::string> labels;
  bool unloaded_labels = false;
};

}  // namespace

TEST_CASE("small chunks are gathered in order, big ones pass untouched", "[chunk_coalescer]") {
  ChunkCoalescer coalescer(100);
  Received got;
  auto emit = [&](Chunk& chunk) {
    got.sizes.push_back(chunk.size);
    REQUIRE(chunk.columns[0].size() == chunk.size);
    for (std::size_t i = 0; i < chunk.size; ++i) {
      got.ids.push_back(chunk.columns[0].ints[i]);
      if (chunk.columns[1].size() == chunk.size) {
        got.labels.emplace_back(chunk.columns[1].texts[i]);
      } else {
        got.unloaded_labels = true;
      }
    }
    Chunk taken = std::move(chunk);  // a sink may keep the chunk's arrays
  };
  std::int64_t next = 0;
  std::vector<std::size_t> sizes = {30, 0, 40, 50, 500, 7, 120, 99, 1, 3};
  for (std::size_t size : sizes) {
    Chunk chunk = ids(next, size);
    next += static_cast<std::int64_t>(size);
    coalescer.add(chunk, emit);
  }
  coalescer.flush(emit);
  // 30+40+50 gathered; 500 passes; 7+120 gathered; 99+1 gathered; 3 flushed.
  CHECK(got.sizes == std::vector<std::size_t>{120, 500, 127, 100, 3});
  REQUIRE(got.ids.size() == static_cast<std::size_t>(next));
  for (std::int64_t i = 0; i < next; ++i) {
    CHECK(got.ids[static_cast<std::size_t>(i)] == i);
    CHECK(got.labels[static_cast<std::size_t>(i)] == std::vector<std::string>{"a", "bb", "ccc"}[i % 3]);
  }
  CHECK_FALSE(got.unloaded_labels);
}

TEST_CASE("an unloaded column stays unloaded; a change of shape hands on what is kept", "[chunk_coalescer]") {
  ChunkCoalescer coalescer(100);
  Received got;
  std::vector<bool> loaded;
  auto emit = [&](Chunk& chunk) {
    got.sizes.push_back(chunk.size);
    loaded.push_back(chunk.columns[1].size() == chunk.size);
    for (std::size_t i = 0; i < chunk.size; ++i) got.ids.push_back(chunk.columns[0].ints[i]);
  };
  Chunk a = ids(0, 10, false), b = ids(10, 20, false), c = ids(30, 5, true), d = ids(35, 5, false);
  coalescer.add(a, emit);
  coalescer.add(b, emit);
  coalescer.add(c, emit);
  coalescer.add(d, emit);
  coalescer.flush(emit);
  CHECK(got.sizes == std::vector<std::size_t>{30, 5, 5});
  CHECK(loaded == std::vector<bool>{false, true, false});
  REQUIRE(got.ids.size() == 40);
  for (std::size_t i = 0; i < 40; ++i) CHECK(got.ids[i] == static_cast<std::int64_t>(i));
}

TEST_CASE("an empty chunk appended to takes the other's shape", "[chunk_coalescer]") {
  Chunk into = ids(0, 3);
  into.size = 0;  // stale arrays of another shape
  into.columns.emplace_back(SqlType::of(TypeId::kDouble));
  Chunk from = ids(7, 2, false);
  REQUIRE(exec::append_rows(into, from));
  REQUIRE(into.size == 2);
  REQUIRE(into.columns.size() == 2);
  CHECK(into.columns[0].ints == std::vector<std::int64_t>{7, 8});
  CHECK(into.columns[1].size() == 0);  // unloaded, as in `from`
  CHECK(into.columns[1].type.id == TypeId::kText);
}
