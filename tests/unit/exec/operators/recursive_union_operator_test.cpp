// The recursive union over hand-made plans: rounds until none adds a row,
// UNION's duplicates against all earlier rows, the memory limit and cancels.
#include "exec/plan_executor.h"
#include "storage/sql_error.h"
#include "tests/unit/exec/expression_builders.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <vector>

using namespace ptreedb;
using exec::Chunk;
using planner::ArithmeticOp;
using planner::ComparisonOp;
using planner::PlanPtr;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kInt = SqlType::of(TypeId::kInteger);

PlanPtr values_of(const std::vector<std::int64_t>& numbers) {
  planner::ValuesNode values;
  for (auto n : numbers) values.rows.push_back({exec::testing::integer_constant(n, kInt)});
  return planner::make_node(std::move(values), {kInt});
}

// WITH RECURSIVE t(n) AS (VALUES <start> UNION [ALL] SELECT <step> FROM t WHERE n < <below>).
PlanPtr recursion(const std::vector<std::int64_t>& start, bool all, planner::BoundExpression step,
                  std::optional<std::int64_t> below) {
  planner::WorkTableScanNode scan;
  scan.work_table = 7;
  scan.name = "t";
  PlanPtr input = planner::make_node(std::move(scan), {kInt});
  if (below) {
    auto predicate = exec::testing::comparison(ComparisonOp::kLess, planner::column_reference(0, kInt),
                                               exec::testing::integer_constant(*below, kInt));
    input = planner::make_node(planner::FilterNode{input, predicate}, {kInt});
  }
  PlanPtr term = planner::make_node(planner::ProjectNode{input, {std::move(step)}}, {kInt});
  planner::RecursiveUnionNode node;
  node.left = values_of(start);
  node.right = term;
  node.all = all;
  node.work_table = 7;
  node.name = "t";
  return planner::make_node(std::move(node), {kInt});
}

planner::BoundExpression plus(std::int64_t k) {
  return exec::testing::arithmetic(ArithmeticOp::kAdd, planner::column_reference(0, kInt),
                                   exec::testing::integer_constant(k, kInt), kInt);
}

std::vector<std::int64_t> rows_of(const std::vector<Chunk>& chunks) {
  std::vector<std::int64_t> out;
  for (const auto& chunk : chunks) {
    for (std::size_t i = 0; i < chunk.size; ++i) out.push_back(chunk.columns[0].ints[i]);
  }
  return out;
}

}  // namespace

TEST_CASE("rounds run until one adds no row, in round order") {
  exec::PlanExecutor executor;
  CHECK(rows_of(executor.collect(*recursion({1}, true, plus(1), 5))) == std::vector<std::int64_t>{1, 2, 3, 4, 5});
  // UNION ALL keeps duplicates, within the start and across rounds.
  CHECK(rows_of(executor.collect(*recursion({1, 1}, true, plus(1), 3))) ==
        std::vector<std::int64_t>{1, 1, 2, 2, 3, 3});
}

TEST_CASE("UNION drops rows equal to any row before, so a cycle ends") {
  exec::PlanExecutor executor;
  CHECK(rows_of(executor.collect(*recursion({1, 1}, false, plus(1), 3))) == std::vector<std::int64_t>{1, 2, 3});
  // n % 3 + 1 cycles through 1, 2, 3 for ever; UNION stops after the first lap.
  auto step = exec::testing::arithmetic(
      ArithmeticOp::kAdd,
      exec::testing::arithmetic(ArithmeticOp::kModulo, planner::column_reference(0, kInt),
                                exec::testing::integer_constant(3, kInt), kInt),
      exec::testing::integer_constant(1, kInt), kInt);
  CHECK(rows_of(executor.collect(*recursion({1}, false, step, std::nullopt))) == std::vector<std::int64_t>{1, 2, 3});
}

TEST_CASE("a recursion that never ends stops at the memory limit") {
  exec::MemoryBudget budget;
  budget.set_limit(8 << 20);
  exec::QueryMemory memory(budget);
  exec::QueryMemoryScope scope(&memory);
  exec::PlanExecutor executor;
  try {
    executor.collect(*recursion({1}, false, plus(1), std::nullopt));
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "53200");
  }
  CHECK(memory.charged() == 0);  // everything given back as the error left
}

TEST_CASE("a recursion that never ends stops at a cancel") {
  exec::InterruptToken token;
  exec::InterruptScope scope(&token, std::chrono::milliseconds(50));
  exec::PlanExecutor executor;
  try {
    // UNION ALL holds one round at a time: only the timeout ends it.
    executor.stream(*recursion({1}, true, plus(0), std::nullopt), [](Chunk&&, std::size_t) {});
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "57014");
  }
}
