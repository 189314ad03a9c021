// Arithmetic shared by several aggregate calls is computed once per chunk;
// the sums must not change (values, NULLs, scales, 22003), and nothing is
// shared that a call computes on some rows only or under FILTER.
#include "exec/aggregate/shared_arguments.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "exec/hash_aggregate.h"
#include "storage/sql_error.h"
#include "tests/unit/exec/expression_builders.h"

using namespace ptreedb;
using exec::AggregationTable;
using exec::Chunk;
using exec::SharedArguments;
using exec::Vector;
using planner::AggregateCall;
using planner::AggregateKind;
using planner::ArithmeticOp;
using planner::BoundExpression;
using planner::ExprKind;
using value::Decimal;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kNumeric = SqlType::of(TypeId::kNumeric);

// Columns price, discount, tax (numeric); nullptr: NULL.
Chunk lines(const std::vector<std::vector<const char*>>& rows) {
  Chunk chunk;
  chunk.size = rows.size();
  chunk.columns = {Vector(kNumeric), Vector(kNumeric), Vector(kNumeric)};
  for (auto& column : chunk.columns) column.resize(chunk.size);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (std::size_t c = 0; c < 3; ++c) {
      chunk.columns[c].nulls[i] = rows[i][c] == nullptr;
      if (rows[i][c] != nullptr) chunk.columns[c].decimals[i] = value::parse_decimal(rows[i][c]);
    }
  }
  return chunk;
}

BoundExpression col(std::size_t c) { return planner::column_reference(c, kNumeric); }

BoundExpression number(const char* text) { return exec::testing::numeric_constant(text); }

BoundExpression arith(ArithmeticOp op, BoundExpression a, BoundExpression b) {
  return exec::testing::arithmetic(op, std::move(a), std::move(b), kNumeric);
}

AggregateCall sum(BoundExpression argument) {
  AggregateCall out;
  out.kind = AggregateKind::kSum;
  out.argument = std::move(argument);
  out.type = kNumeric;
  return out;
}

// price * (1 - discount), and that * (1 + tax): Q1's two charges.
BoundExpression disc_price() { return arith(ArithmeticOp::kMultiply, col(0), arith(ArithmeticOp::kSubtract, number("1"), col(1))); }
BoundExpression charge() { return arith(ArithmeticOp::kMultiply, disc_price(), arith(ArithmeticOp::kAdd, number("1"), col(2))); }

std::vector<std::string> sums(const std::vector<AggregateCall>& calls, const std::vector<Chunk>& chunks) {
  std::vector<BoundExpression> keys;
  AggregationTable table(keys, calls);
  for (const Chunk& chunk : chunks) table.consume(chunk);
  Chunk result = table.finish();
  std::vector<std::string> out;
  for (const Vector& column : result.columns) {
    out.push_back(column.nulls[0] ? "NULL" : value::format_decimal(column.decimal(0)));
  }
  return out;
}

}  // namespace

TEST_CASE("Q1's discounted price is computed once and both sums keep PostgreSQL's values", "[shared_arguments]") {
  std::vector<AggregateCall> calls{sum(col(0)), sum(disc_price()), sum(charge())};
  CHECK(SharedArguments(calls).size() == 2);  // 1 - discount, price * (1 - discount)
  // PostgreSQL 15: sum(p*(1-d)) = 900.00*0.95 + 100.50*0.90 = 945.4500 (scale 4),
  // sum(p*(1-d)*(1+t)) = 855.0000*1.08 + 90.4500*1.00 = 1013.850000 (scale 6).
  std::vector<Chunk> chunks{lines({{"900.00", "0.05", "0.08"}, {"100.50", "0.10", "0.00"}, {nullptr, "0.10", "0.01"}}),
                            lines({{"1.00", nullptr, "0.02"}})};
  CHECK(sums(calls, chunks) == std::vector<std::string>{"1001.50", "945.4500", "1013.850000"});
  // The same calls one at a time, with nothing to share, agree.
  CHECK(sums({sum(disc_price())}, chunks) == std::vector<std::string>{"945.4500"});
  CHECK(sums({sum(charge())}, chunks) == std::vector<std::string>{"1013.850000"});
}

TEST_CASE("a shared product past 38 digits still raises 22003", "[shared_arguments]") {
  std::vector<AggregateCall> calls{sum(disc_price()), sum(charge())};
  const char* big = "99999999999999999999999999999999999999";
  try {
    sums(calls, {lines({{big, "-9", "0"}})});
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "22003");
  }
  // Products of values near 10^18 stay exact.
  CHECK(sums(calls, {lines({{"999999999999999999", "-0.5", "0"}})}) ==
        std::vector<std::string>{"1499999999999999998.5", "1499999999999999998.5"});
}

TEST_CASE("calls with FILTER and arithmetic under functions take no part", "[shared_arguments]") {
  AggregateCall filtered = sum(disc_price());
  BoundExpression positive;
  positive.kind = ExprKind::kComparison;
  positive.type = SqlType::of(TypeId::kBoolean);
  positive.comparison = planner::ComparisonOp::kGreater;
  positive.args = {col(2), number("0")};
  filtered.filter = positive;
  CHECK(SharedArguments({filtered, sum(disc_price())}).size() == 0);
  std::vector<Chunk> chunks{lines({{"10", "0.5", "1"}, {"20", "0.5", "0"}})};
  CHECK(sums({filtered, sum(disc_price())}, chunks) == std::vector<std::string>{"5.0", "15.0"});

  BoundExpression wrapped;  // coalesce(price * (1 - discount), 0): runs its argument, but is not plain arithmetic
  wrapped.kind = ExprKind::kFunction;
  wrapped.function = planner::FunctionId::kCoalesce;
  wrapped.type = kNumeric;
  wrapped.args = {disc_price(), number("0")};
  CHECK(SharedArguments({sum(arith(ArithmeticOp::kAdd, wrapped, number("1"))), sum(disc_price())}).size() == 0);
}
