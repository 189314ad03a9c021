#include "exec/join_pairs.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "planner/logical_plan.h"

using namespace ptreedb;
using exec::Chunk;
using exec::Vector;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kBigint = SqlType::of(TypeId::kBigint);

Vector ints(const std::vector<std::int64_t>& values) {
  Vector out(kBigint);
  out.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) out.ints[i] = values[i];
  return out;
}

Chunk chunk_of(std::vector<Vector> columns) {
  Chunk chunk;
  chunk.size = columns[0].size();
  chunk.columns = std::move(columns);
  return chunk;
}

}  // namespace

TEST_CASE("pairs gather only the wanted columns", "[join_pairs]") {
  Chunk probe = chunk_of({ints({1, 2, 3}), ints({10, 20, 30})});
  Chunk build = chunk_of({ints({7, 8}), ints({70, 80})});
  std::vector<std::uint8_t> wanted = {0, 1, 1, 0};
  Chunk pairs = exec::gather_pairs(probe, build, {2, 0, 2}, {1, 1, 0}, &wanted);
  REQUIRE(pairs.size == 3);
  REQUIRE(pairs.columns.size() == 4);
  CHECK(pairs.columns[0].size() == 0);  // not read: left unloaded
  CHECK(pairs.columns[3].size() == 0);
  CHECK(pairs.columns[1].ints == std::vector<std::int64_t>{30, 10, 30});
  CHECK(pairs.columns[2].ints == std::vector<std::int64_t>{8, 8, 7});
}

TEST_CASE("outer pairs without a build row get NULLs", "[join_pairs]") {
  Chunk probe = chunk_of({ints({1, 2})});
  Chunk build = chunk_of({ints({7})});
  Chunk pairs = exec::gather_pairs(probe, build, {0, 1}, {0, exec::kNoRow}, nullptr);
  CHECK(pairs.columns[1].nulls == std::vector<std::uint8_t>{0, 1});
  CHECK(pairs.columns[1].ints[0] == 7);
}

TEST_CASE("output pairs keep the probe columns when every probe row pairs once, in order", "[join_pairs]") {
  Chunk build = chunk_of({ints({7, 8})});
  Chunk probe = chunk_of({ints({1, 2, 3})});
  const std::int64_t* probe_values = probe.columns[0].ints.data();
  Chunk out = exec::output_pairs(std::move(probe), build, {0, 1, 2}, {1, 0, 1});
  CHECK(out.columns[0].ints.data() == probe_values);  // moved, not copied
  CHECK(out.columns[1].ints == std::vector<std::int64_t>{8, 7, 8});

  Chunk again = chunk_of({ints({1, 2, 3})});
  Chunk gathered = exec::output_pairs(std::move(again), build, {0, 0, 2}, {0, 1, 1});
  CHECK(gathered.size == 3);
  CHECK(gathered.columns[0].ints == std::vector<std::int64_t>{1, 1, 3});
  CHECK(gathered.columns[1].ints == std::vector<std::int64_t>{7, 8, 8});
}

TEST_CASE("the columns a condition reads", "[join_pairs]") {
  planner::BoundExpression condition;
  condition.kind = planner::ExprKind::kComparison;
  condition.comparison = planner::ComparisonOp::kLess;
  condition.type = SqlType::of(TypeId::kBoolean);
  condition.args = {planner::column_reference(1, kBigint), planner::column_reference(3, kBigint)};
  CHECK(exec::columns_read(condition, 5) == std::vector<std::uint8_t>{0, 1, 0, 1, 0});
}

TEST_CASE("column keys are borrowed, other keys evaluated", "[join_pairs]") {
  Chunk chunk = chunk_of({ints({1, 2}), ints({5, 6})});
  planner::BoundExpression sum;
  sum.kind = planner::ExprKind::kArithmetic;
  sum.arithmetic = planner::ArithmeticOp::kAdd;
  sum.type = kBigint;
  sum.args = {planner::column_reference(0, kBigint), planner::column_reference(1, kBigint)};
  std::vector<Vector> evaluated;
  std::vector<const Vector*> keys;
  exec::join_key_vectors({planner::column_reference(1, kBigint), sum}, chunk, evaluated, keys);
  REQUIRE(keys.size() == 2);
  CHECK(keys[0] == &chunk.columns[1]);
  CHECK(keys[1]->ints == std::vector<std::int64_t>{6, 8});
}
