#include "exec/key_order_walk.h"

#include "expression_builders.h"
#include "indexed_table.h"
#include "planner/logical_plan.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <tuple>
#include <vector>

using namespace ptreedb;
using exec::KeyOrderWalk;
using exec::testing::comparison;
using exec::testing::indexed_table;
using exec::testing::integer_constant;
using exec::testing::kInt;
using planner::ComparisonOp;

namespace {

constexpr std::size_t kRows = 3000;

// Every position the walk gives, taken `step` at a time.
std::vector<std::size_t> walk_all(KeyOrderWalk& walk, std::size_t step) {
  std::vector<std::size_t> out;
  while (walk.next(step, out)) {
  }
  return out;
}

// Positions (= ids) ordered by (g NULLs last, id), as the index (g) orders them.
std::vector<std::size_t> by_g_then_id(bool keep_null) {
  std::vector<std::tuple<bool, std::int64_t, std::size_t>> order;
  for (std::size_t id = 0; id < kRows; ++id) {
    bool null_g = id % 97 == 0;
    if (null_g && !keep_null) continue;
    order.emplace_back(null_g, null_g ? 0 : static_cast<std::int64_t>(id % 100), id);
  }
  std::sort(order.begin(), order.end());
  std::vector<std::size_t> out;
  for (const auto& entry : order) out.push_back(std::get<2>(entry));
  return out;
}

}  // namespace

TEST_CASE("a walk by a secondary index gives its key's order, then the primary key's, both ways", "[key_order]") {
  auto table = indexed_table(kRows);
  std::vector<std::size_t> expected = by_g_then_id(true);
  KeyOrderWalk forwards(*table, 0, false, nullptr);
  CHECK(walk_all(forwards, 7) == expected);
  KeyOrderWalk backwards(*table, 0, true, nullptr);
  std::reverse(expected.begin(), expected.end());
  CHECK(walk_all(backwards, 64) == expected);
}

TEST_CASE("a walk stays within the range its filter allows", "[key_order]") {
  auto table = indexed_table(kRows);
  // g >= 95: the non-NULL keys from 95 on.
  auto filter = comparison(ComparisonOp::kGreaterEqual, planner::column_reference(1, kInt), integer_constant(95, kInt));
  std::vector<std::size_t> expected;
  for (std::size_t id : by_g_then_id(false)) {
    if (id % 100 >= 95) expected.push_back(id);
  }
  KeyOrderWalk walk(*table, 0, false, &filter);
  CHECK(walk_all(walk, 1000) == expected);
}

TEST_CASE("a walk by the primary key runs backwards over its range", "[key_order]") {
  auto table = indexed_table(kRows);
  auto filter = comparison(ComparisonOp::kLess, planner::column_reference(0, kInt), integer_constant(10, kInt));
  KeyOrderWalk walk(*table, planner::ScanNode::kPrimaryKeyOrder, true, &filter);
  std::vector<std::size_t> first;
  REQUIRE(walk.next(3, first));
  CHECK(first == std::vector<std::size_t>{10, 9, 8});  // inclusive bound: the filter drops 10 later
  std::vector<std::size_t> rest = walk_all(walk, 100);
  CHECK(rest == std::vector<std::size_t>{7, 6, 5, 4, 3, 2, 1, 0});
}
