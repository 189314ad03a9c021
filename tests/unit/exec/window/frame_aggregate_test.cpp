#include "exec/window/frame_aggregate.h"

#include <catch2/catch.hpp>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "planner/window_call.h"

using namespace ptreedb;
using exec::Vector;
using exec::window::FramePieces;
using exec::window::RowRange;
using planner::AggregateCall;
using planner::AggregateKind;
using value::SqlType;
using value::TypeId;

namespace {

Vector integers(const std::vector<std::int64_t>& values, const std::vector<bool>& nulls) {
  Vector out(SqlType::of(TypeId::kInteger));
  out.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    out.ints[i] = values[i];
    out.nulls[i] = nulls[i];
  }
  return out;
}

AggregateCall call_of(AggregateKind kind, SqlType argument, SqlType result) {
  AggregateCall call;
  call.kind = kind;
  planner::BoundExpression column;
  column.kind = planner::ExprKind::kColumn;
  column.type = argument;
  if (kind != AggregateKind::kCountStar) call.argument = column;
  call.type = result;
  return call;
}

// A frame of [begin, end) minus `hole` (an EXCLUDE), as pieces.
FramePieces pieces(std::uint32_t begin, std::uint32_t end, RowRange hole) {
  FramePieces out;
  auto add = [&](std::uint32_t b, std::uint32_t e) {
    if (b < e) out.pieces[out.count++] = {b, e};
  };
  if (hole.empty()) {
    add(begin, end);
  } else {
    add(begin, std::min(end, hole.begin));
    add(std::max(begin, hole.end), end);
  }
  return out;
}

}  // namespace

TEST_CASE("segment tree nodes cover a range exactly, in row order") {
  for (std::size_t rows : {1u, 2u, 3u, 7u, 8u, 13u, 100u}) {
    for (std::uint32_t begin = 0; begin <= rows; ++begin) {
      for (std::uint32_t end = begin; end <= rows; ++end) {
        std::vector<std::uint32_t> nodes;
        exec::window::covering_nodes(rows, begin, end, nodes);
        // Each node's leaves, left to right, must be begin..end-1 in order.
        std::vector<std::uint32_t> leaves;
        for (std::uint32_t node : nodes) {
          std::vector<std::uint32_t> order;
          // Leaves of `node` in order.
          std::function<void(std::uint32_t)> walk = [&](std::uint32_t n) {
            if (n >= rows) {
              order.push_back(n - static_cast<std::uint32_t>(rows));
              return;
            }
            walk(2 * n);
            walk(2 * n + 1);
          };
          walk(node);
          leaves.insert(leaves.end(), order.begin(), order.end());
        }
        std::vector<std::uint32_t> expected;
        for (std::uint32_t i = begin; i < end; ++i) expected.push_back(i);
        REQUIRE(leaves == expected);
        CHECK(nodes.size() <= 2 * 8);
      }
    }
  }
}

TEST_CASE("sliding and excluded frames agree with aggregating each frame") {
  std::mt19937 random(42);
  const std::size_t rows = 300;
  std::vector<std::int64_t> values(rows);
  std::vector<bool> nulls(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    values[i] = static_cast<std::int64_t>(random() % 1000) - 500;
    nulls[i] = random() % 7 == 0;
  }
  Vector argument = integers(values, nulls);
  std::vector<std::uint32_t> partitions = {0, 50, 51, 200, 300};
  std::vector<std::uint8_t> counted(rows);
  for (std::size_t i = 0; i < rows; ++i) counted[i] = random() % 5 != 0;
  auto partition_of = [&](std::uint32_t row) {
    std::size_t p = 0;
    while (partitions[p + 1] <= row) ++p;
    return p;
  };
  // Frame of each row: 3 preceding .. 2 following within its partition, minus the row itself.
  auto frame_of = [&](std::uint32_t row) {
    std::size_t p = partition_of(row);
    std::uint32_t begin = row >= partitions[p] + 3 ? row - 3 : partitions[p];
    std::uint32_t end = std::min<std::uint32_t>(partitions[p + 1], row + 3);
    return pieces(begin, end, {row, row + 1});
  };
  exec::window::FrameAggregateInput input;
  input.rows = rows;
  input.argument = &argument;
  input.partition_begin = &partitions;
  input.counted = &counted;

  AggregateCall sum = call_of(AggregateKind::kSum, SqlType::of(TypeId::kInteger), SqlType::of(TypeId::kBigint));
  AggregateCall minimum = call_of(AggregateKind::kMin, SqlType::of(TypeId::kInteger), SqlType::of(TypeId::kInteger));
  AggregateCall count = call_of(AggregateKind::kCountStar, SqlType::of(TypeId::kInteger), SqlType::of(TypeId::kBigint));
  for (const AggregateCall* call : {&sum, &minimum, &count}) {
    input.call = call;
    Vector result = exec::window::aggregate_over_frames(input, false, frame_of, nullptr);
    REQUIRE(result.size() == rows);
    for (std::uint32_t row = 0; row < rows; ++row) {
      FramePieces frame = frame_of(row);
      std::int64_t total = 0, smallest = INT64_MAX, counted_rows = 0, non_null = 0;
      for (std::uint8_t k = 0; k < frame.count; ++k) {
        for (std::uint32_t i = frame.pieces[k].begin; i < frame.pieces[k].end; ++i) {
          if (!counted[i]) continue;
          ++counted_rows;
          if (nulls[i]) continue;
          ++non_null;
          total += values[i];
          smallest = std::min(smallest, values[i]);
        }
      }
      if (call == &count) {
        CHECK(result.ints[row] == counted_rows);
      } else if (non_null == 0) {
        CHECK(result.is_null(row));
      } else {
        CHECK_FALSE(result.is_null(row));
        CHECK(result.ints[row] == (call == &sum ? total : smallest));
      }
    }
  }
}

TEST_CASE("running frames restart at each partition and keep string_agg's order") {
  const std::size_t rows = 6;
  Vector texts(SqlType::of(TypeId::kText));
  texts.resize(rows);
  const char* letters[] = {"a", "b", "c", "d", "e", "f"};
  for (std::size_t i = 0; i < rows; ++i) texts.texts[i] = letters[i];
  Vector separators(SqlType::of(TypeId::kText));
  separators.resize(rows);
  for (std::size_t i = 0; i < rows; ++i) separators.texts[i] = "-";
  std::vector<std::uint32_t> partitions = {0, 4, 6};
  AggregateCall call = call_of(AggregateKind::kStringAgg, SqlType::of(TypeId::kText), SqlType::of(TypeId::kText));
  exec::window::FrameAggregateInput input;
  input.call = &call;
  input.rows = rows;
  input.argument = &texts;
  input.separator = &separators;
  input.partition_begin = &partitions;
  // Peers 1 and 2 share a frame end (RANGE ... CURRENT ROW).
  std::vector<std::uint32_t> ends = {1, 3, 3, 4, 5, 6};
  auto running_frame = [&](std::uint32_t row) {
    return pieces(row < 4 ? 0 : 4, ends[row], {});
  };
  Vector running = exec::window::aggregate_over_frames(input, true, running_frame, nullptr);
  Vector tree = exec::window::aggregate_over_frames(input, false, running_frame, nullptr);
  std::vector<std::string> expected = {"a", "a-b-c", "a-b-c", "a-b-c-d", "e", "e-f"};
  for (std::size_t i = 0; i < rows; ++i) {
    CHECK(std::string(running.texts[i]) == expected[i]);
    CHECK(std::string(tree.texts[i]) == expected[i]);
  }
}

TEST_CASE("whole-partition frames: one state per partition gives every row the running frames' answer") {
  std::mt19937 random(7);
  const std::size_t rows = 500;
  std::vector<std::int64_t> values(rows);
  std::vector<bool> nulls(rows);
  for (std::size_t i = 0; i < rows; ++i) {
    values[i] = static_cast<std::int64_t>(random() % 1000) - 500;
    nulls[i] = random() % 9 == 0;
  }
  Vector argument = integers(values, nulls);
  // An all-NULL partition (rows 10..12 are set NULL below) and one-row partitions.
  std::vector<std::uint32_t> partitions = {0, 10, 13, 14, 15, 300, 500};
  for (std::uint32_t i = 10; i < 13; ++i) argument.nulls[i] = 1;
  std::vector<std::uint8_t> counted(rows);
  for (std::size_t i = 0; i < rows; ++i) counted[i] = random() % 4 != 0;
  auto whole_partition = [&](std::uint32_t row) {
    std::size_t p = 0;
    while (partitions[p + 1] <= row) ++p;
    return pieces(partitions[p], partitions[p + 1], {});
  };
  exec::window::FrameAggregateInput input;
  input.rows = rows;
  input.argument = &argument;
  input.partition_begin = &partitions;
  AggregateCall sum = call_of(AggregateKind::kSum, SqlType::of(TypeId::kInteger), SqlType::of(TypeId::kBigint));
  AggregateCall minimum = call_of(AggregateKind::kMin, SqlType::of(TypeId::kInteger), SqlType::of(TypeId::kInteger));
  AggregateCall count = call_of(AggregateKind::kCountStar, SqlType::of(TypeId::kInteger), SqlType::of(TypeId::kBigint));
  const std::vector<std::uint8_t>* filters[] = {nullptr, &counted};
  for (const std::vector<std::uint8_t>* filter : filters) {
    input.counted = filter;
    for (const AggregateCall* call : {&sum, &minimum, &count}) {
      input.call = call;
      Vector expected = exec::window::aggregate_over_frames(input, true, whole_partition, nullptr);
      Vector got = exec::window::aggregate_over_partitions(input, nullptr);
      REQUIRE(got.size() == rows);
      for (std::size_t row = 0; row < rows; ++row) {
        INFO("row " << row);
        CHECK(got.is_null(row) == expected.is_null(row));
        if (!expected.is_null(row)) CHECK(got.ints[row] == expected.ints[row]);
      }
    }
  }
}
