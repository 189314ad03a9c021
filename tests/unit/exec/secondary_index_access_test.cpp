#include "exec/secondary_index_access.h"

#include "exec/key_range.h"
#include "expression_builders.h"
#include "indexed_table.h"
#include "planner/logical_plan.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <vector>

using namespace ptreedb;
using exec::testing::comparison;
using exec::testing::integer_constant;
using planner::BoundExpression;
using planner::ComparisonOp;
using value::SqlType;
using value::TypeId;
using exec::testing::indexed_table;
using exec::testing::kInt;

namespace {

BoundExpression column(std::size_t position) { return planner::column_reference(position, kInt); }

BoundExpression both(BoundExpression a, BoundExpression b) {
  BoundExpression out;
  out.kind = planner::ExprKind::kAnd;
  out.type = SqlType::of(TypeId::kBoolean);
  out.args = {std::move(a), std::move(b)};
  return out;
}

// The positions (= ids: the key is 0..count-1) of the rows `keep` accepts.
template <class Keep>
std::vector<std::size_t> expected_positions(std::size_t count, const Keep& keep) {
  std::vector<std::size_t> out;
  for (std::size_t id = 0; id < count; ++id) {
    if (keep(static_cast<std::int64_t>(id))) out.push_back(id);
  }
  return out;
}

bool has_g(std::int64_t id) { return id % 97 != 0; }

}  // namespace

TEST_CASE("an equality on an indexed column reads exactly its rows, by the narrowest index", "[index_access]") {
  const std::size_t count = 20000;
  auto table = indexed_table(count);
  auto filter = comparison(ComparisonOp::kEqual, column(1), integer_constant(42, kInt));
  std::optional<exec::IndexAccess> access = exec::choose_index_access(*table, filter);
  REQUIRE(access);
  CHECK(access->index == 0);
  CHECK(access->conditions.size() == 1);
  CHECK(access->positions ==
        expected_positions(count, [](std::int64_t id) { return has_g(id) && id % 100 == 42; }));
}

TEST_CASE("a composite index takes an equality prefix and a range, and leaves NULLs out", "[index_access]") {
  const std::size_t count = 20000;
  auto table = indexed_table(count);
  // g = 5 AND h >= 4: only (g, h) bounds both.
  auto filter = both(comparison(ComparisonOp::kEqual, column(1), integer_constant(5, kInt)),
                     comparison(ComparisonOp::kGreaterEqual, column(2), integer_constant(4, kInt)));
  auto access = exec::choose_index_access(*table, filter);
  REQUIRE(access);
  CHECK(access->index == 1);
  CHECK(access->conditions.size() == 2);
  CHECK(access->positions == expected_positions(count, [](std::int64_t id) {
          return has_g(id) && id % 100 == 5 && id % 7 >= 4;
        }));
  // g < 3: rows whose g is NULL sort last and are not in the range. Bounds
  // are inclusive (the scan's filter drops the rows equal to a strict one).
  auto below = comparison(ComparisonOp::kLess, column(1), integer_constant(3, kInt));
  access = exec::choose_index_access(*table, below);
  REQUIRE(access);
  CHECK(access->positions == expected_positions(count, [](std::int64_t id) { return has_g(id) && id % 100 <= 3; }));
  // 97 <= g: upper range, NULLs again left out.
  auto above = comparison(ComparisonOp::kLessEqual, integer_constant(97, kInt), column(1));
  access = exec::choose_index_access(*table, above);
  REQUIRE(access);
  CHECK(access->positions == expected_positions(count, [](std::int64_t id) { return has_g(id) && id % 100 >= 97; }));
}

TEST_CASE("a range holding too much of the table, or no bound on an index, keeps the sequential scan",
          "[index_access]") {
  auto table = indexed_table(20000);
  // About a fifth of the rows: more than 1/8.
  auto wide = comparison(ComparisonOp::kLess, column(1), integer_constant(20, kInt));
  CHECK_FALSE(exec::choose_index_access(*table, wide));
  // h alone is not a leading index column.
  auto unindexed = comparison(ComparisonOp::kEqual, column(2), integer_constant(3, kInt));
  CHECK_FALSE(exec::choose_index_access(*table, unindexed));
  // An empty range is the cheapest of all.
  auto empty = comparison(ComparisonOp::kEqual, column(1), integer_constant(1000, kInt));
  auto access = exec::choose_index_access(*table, empty);
  REQUIRE(access);
  CHECK(access->positions.empty());
}

namespace {

BoundExpression either(BoundExpression a, BoundExpression b) {
  BoundExpression out = both(std::move(a), std::move(b));
  out.kind = planner::ExprKind::kOr;
  return out;
}

}  // namespace

TEST_CASE("equalities OR-ed on a leading column read each value's rows once", "[index_access]") {
  const std::size_t count = 20000;
  auto table = indexed_table(count);
  // g = 9 OR g = 4 OR g = 9: secondary index points, each value once.
  auto on_g = either(either(comparison(ComparisonOp::kEqual, column(1), integer_constant(9, kInt)),
                            comparison(ComparisonOp::kEqual, integer_constant(4, kInt), column(1))),
                     comparison(ComparisonOp::kEqual, column(1), integer_constant(9, kInt)));
  auto access = exec::choose_index_access(*table, on_g);
  REQUIRE(access);
  CHECK(access->index == 0);
  CHECK(access->positions == expected_positions(count, [](std::int64_t id) {
          return has_g(id) && (id % 100 == 9 || id % 100 == 4);
        }));
  // id = 17 OR id = 3 OR id = 99999: the primary key's own points, absent keys skipped.
  auto on_id = either(either(comparison(ComparisonOp::kEqual, column(0), integer_constant(17, kInt)),
                             comparison(ComparisonOp::kEqual, column(0), integer_constant(3, kInt))),
                      comparison(ComparisonOp::kEqual, column(0), integer_constant(99999, kInt)));
  access = exec::choose_index_access(*table, on_id);
  REQUIRE(access);
  CHECK(access->index == exec::IndexAccess::kPrimaryKey);
  CHECK(access->positions == std::vector<std::size_t>{3, 17});
  // An OR over two columns bounds no single index.
  auto mixed = either(comparison(ComparisonOp::kEqual, column(1), integer_constant(9, kInt)),
                      comparison(ComparisonOp::kEqual, column(2), integer_constant(4, kInt)));
  CHECK_FALSE(exec::choose_index_access(*table, mixed));
}
