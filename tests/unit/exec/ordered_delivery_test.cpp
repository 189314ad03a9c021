#include "exec/ordered_delivery.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <thread>
#include <vector>

#include <tbb/parallel_for.h>

using namespace ptreedb;
using exec::Chunk;
using exec::OrderedDelivery;
using exec::Vector;

namespace {

Chunk numbers(std::int64_t first, std::size_t count) {
  Vector column(value::SqlType::of(value::TypeId::kBigint));
  column.resize(count);
  for (std::size_t i = 0; i < count; ++i) column.ints[i] = first + static_cast<std::int64_t>(i);
  Chunk chunk;
  chunk.size = count;
  chunk.columns.push_back(std::move(column));
  return chunk;
}

// Records every value it is given, and on which thread.
struct RecordingSink : exec::RowSink {
  std::vector<std::int64_t> values;
  std::vector<std::thread::id> threads;
  void describe(const std::vector<planner::OutputColumn>&, const std::optional<planner::CopyOptions>&) override {}
  void rows(const Chunk& chunk) override {
    for (std::size_t i = 0; i < chunk.size; ++i) values.push_back(chunk.columns[0].ints[i]);
    threads.push_back(std::this_thread::get_id());
  }
  void end() override {}
  void notice(const std::string&) override {}
};

}  // namespace

TEST_CASE("A chunk in its turn on the statement's thread goes out at once", "[exec][ordered_delivery]") {
  RecordingSink sink;
  OrderedDelivery delivery(sink);
  delivery.push(numbers(1, 3), 0);
  CHECK(sink.values == std::vector<std::int64_t>{1, 2, 3});  // not held until the end
  delivery.push(numbers(4, 2), 0);
  CHECK(sink.values.size() == 5);
  delivery.push(numbers(100, 1), 2);  // ahead of its turn: held
  CHECK(sink.values.size() == 5);
  delivery.complete_below(2);
  delivery.push(numbers(101, 1), 2);
  delivery.finish();
  CHECK(sink.values == std::vector<std::int64_t>{1, 2, 3, 4, 5, 100, 101});
  CHECK(delivery.rows_delivered() == 7);
}

TEST_CASE("Partitions pushed from many threads in waves arrive in order, one wave held at most",
          "[exec][ordered_delivery]") {
  RecordingSink sink;
  OrderedDelivery delivery(sink);
  constexpr std::size_t kPartitions = 64, kWave = 8, kChunks = 5, kRows = 10;
  std::size_t most_held_rows = 0;
  for (std::size_t first = 0; first < kPartitions; first += kWave) {
    delivery.begin_parallel();
    tbb::parallel_for(first, first + kWave, [&](std::size_t p) {
      for (std::size_t c = 0; c < kChunks; ++c) {
        delivery.push(numbers(static_cast<std::int64_t>((p * kChunks + c) * kRows), kRows), p);
      }
    });
    delivery.end_parallel();
    most_held_rows = std::max(most_held_rows, (first + kWave) * kChunks * kRows - sink.values.size());
    delivery.complete_below(first + kWave);
    CHECK(sink.values.size() == (first + kWave) * kChunks * kRows);
  }
  delivery.finish();
  REQUIRE(sink.values.size() == kPartitions * kChunks * kRows);
  for (std::size_t i = 0; i < sink.values.size(); ++i) REQUIRE(sink.values[i] == static_cast<std::int64_t>(i));
  CHECK(most_held_rows <= kWave * kChunks * kRows);
  // The sink ran on the statement's thread only.
  for (const auto& thread : sink.threads) CHECK(thread == std::this_thread::get_id());
}

TEST_CASE("Chunks pushed on other threads wait for the statement's thread", "[exec][ordered_delivery]") {
  RecordingSink sink;
  OrderedDelivery delivery(sink);
  std::thread other([&] { delivery.push(numbers(1, 2), 0); });
  other.join();
  CHECK(sink.values.empty());
  delivery.push(numbers(3, 1), 0);
  CHECK(sink.values == std::vector<std::int64_t>{1, 2, 3});
  delivery.finish();
}
