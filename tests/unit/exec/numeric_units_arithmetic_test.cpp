// numeric vectors held as 64-bit units at one scale: +, - and * keep units
// while results fit and give PostgreSQL's values and scales either way;
// comparisons, sums and the vector helpers read units as the numbers they
// are. Expected texts are PostgreSQL 15's for the same values.
#include "exec/numeric_units_arithmetic.h"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "exec/aggregate/aggregate_state.h"
#include "exec/evaluate.h"
#include "storage/sql_error.h"
#include "tests/unit/exec/expression_builders.h"
#include "tests/unit/exec/result_texts.h"

using namespace ptreedb;
using exec::Chunk;
using exec::Vector;
using planner::ArithmeticOp;
using planner::BoundExpression;
using planner::ComparisonOp;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kNumeric = SqlType::of(TypeId::kNumeric);

// A numeric column holding units at `scale` (nullopt marks a NULL).
Vector units(std::int32_t scale, const std::vector<std::optional<std::int64_t>>& values) {
  Vector vector(SqlType::numeric(18, scale));
  vector.units_scale = scale;
  vector.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    vector.nulls[i] = !values[i].has_value();
    vector.ints[i] = values[i].value_or(0);
  }
  return vector;
}

Chunk chunk_of(std::vector<Vector> columns) {
  Chunk chunk;
  chunk.size = columns[0].size();
  chunk.columns = std::move(columns);
  return chunk;
}

BoundExpression column(std::size_t index, const Chunk& chunk) {
  return planner::column_reference(index, chunk.columns[index].type);
}

BoundExpression arithmetic(ArithmeticOp op, BoundExpression a, BoundExpression b) {
  return exec::testing::arithmetic(op, std::move(a), std::move(b), kNumeric);
}

std::string texts(const Vector& result) { return exec::testing::result_texts(result); }

std::string evaluated(const BoundExpression& expr, const Chunk& input, bool* kept_units = nullptr) {
  return exec::testing::evaluated_texts(expr, input, kept_units);
}
}  // namespace

TEST_CASE("units arithmetic gives PostgreSQL's values and scales", "[numeric_units]") {
  // price numeric(15,2), discount numeric(15,2), rate numeric(10,4)
  Chunk rows = chunk_of({units(2, {150, 2500, std::nullopt, -1}), units(2, {5, 10, 7, std::nullopt}),
                         units(4, {12345, 3, 1, 99999})});
  bool kept = false;
  CHECK(evaluated(arithmetic(ArithmeticOp::kMultiply, column(0, rows), column(1, rows)), rows, &kept) ==
        "0.0750,2.5000,NULL,NULL");
  CHECK(kept);
  CHECK(evaluated(arithmetic(ArithmeticOp::kSubtract, exec::testing::numeric_constant("1"), column(1, rows)), rows,
                  &kept) == "0.95,0.90,0.93,NULL");
  CHECK(kept);
  CHECK(evaluated(arithmetic(ArithmeticOp::kAdd, column(0, rows), column(2, rows)), rows, &kept) ==
        "2.7345,25.0003,NULL,9.9899");
  CHECK(kept);
  CHECK(evaluated(arithmetic(ArithmeticOp::kSubtract, column(0, rows), exec::testing::numeric_constant("0.001")), rows,
                  &kept) == "1.499,24.999,NULL,-0.011");
  CHECK(kept);
  // Q1's price * (1 - discount) * (1 + rate): scales 2, 4, 8.
  BoundExpression charge = arithmetic(
      ArithmeticOp::kMultiply,
      arithmetic(ArithmeticOp::kMultiply, column(0, rows),
                 arithmetic(ArithmeticOp::kSubtract, exec::testing::numeric_constant("1"), column(1, rows))),
      arithmetic(ArithmeticOp::kAdd, exec::testing::numeric_constant("1"), column(2, rows)));
  CHECK(evaluated(charge, rows, &kept) == "3.18416250,22.50675000,NULL,NULL");
  CHECK(kept);
  // Division and modulo read units as whole Decimals.
  CHECK(evaluated(arithmetic(ArithmeticOp::kDivide, column(0, rows), column(1, rows)), rows) ==
        "30.0000000000000000,250.0000000000000000,NULL,NULL");
  CHECK(evaluated(arithmetic(ArithmeticOp::kModulo, column(0, rows), column(2, rows)), rows) ==
        "0.2655,0.0001,NULL,-0.0100");
}

TEST_CASE("results past 64 bits are computed again exactly, and past 38 digits raise 22003", "[numeric_units]") {
  // 9999999999999999.99 as numeric(18,2)
  Chunk rows = chunk_of({units(2, {999999999999999999LL, -999999999999999999LL, 1})});
  bool kept = true;
  CHECK(evaluated(arithmetic(ArithmeticOp::kMultiply, column(0, rows), column(0, rows)), rows, &kept) ==
        "99999999999999999800000000000000.0001,99999999999999999800000000000000.0001,0.0001");
  CHECK_FALSE(kept);
  CHECK(evaluated(arithmetic(ArithmeticOp::kAdd, column(0, rows), column(0, rows)), rows, &kept) ==
        "19999999999999999.98,-19999999999999999.98,0.02");
  CHECK(kept);  // 1999...98 units still fit
  CHECK(evaluated(arithmetic(ArithmeticOp::kMultiply, column(0, rows), exec::testing::numeric_constant("100")), rows,
                  &kept) == "999999999999999999.00,-999999999999999999.00,1.00");
  CHECK_FALSE(kept);
  CHECK(evaluated(arithmetic(ArithmeticOp::kSubtract, column(0, rows), exec::testing::numeric_constant("-0.001")), rows,
                  &kept) == "9999999999999999.991,-9999999999999999.989,0.011");
  CHECK_FALSE(kept);
  BoundExpression square = arithmetic(ArithmeticOp::kMultiply, column(0, rows), column(0, rows));
  BoundExpression fourth = arithmetic(ArithmeticOp::kMultiply, square, square);
  CHECK(evaluated(fourth, rows) == "ERROR 22003: value overflows numeric format");
}

TEST_CASE("units compare as the numbers they are, whatever the other side's scale", "[numeric_units]") {
  Chunk rows = chunk_of({units(2, {2399, 2400, 2401, std::nullopt, 5}), units(4, {239900, 0, 240101, 1, 500})});
  auto compare = [&](ComparisonOp op, BoundExpression a, BoundExpression b) {
    return evaluated(exec::testing::comparison(op, std::move(a), std::move(b)), rows);
  };
  CHECK(compare(ComparisonOp::kLess, column(0, rows), exec::testing::numeric_constant("24")) == "t,f,f,NULL,t");
  CHECK(compare(ComparisonOp::kEqual, column(0, rows), exec::testing::numeric_constant("24.000")) == "f,t,f,NULL,f");
  CHECK(compare(ComparisonOp::kLess, column(0, rows), exec::testing::numeric_constant("0.055")) == "f,f,f,NULL,t");
  CHECK(compare(ComparisonOp::kGreaterEqual, exec::testing::numeric_constant("24.005"), column(0, rows)) ==
        "t,t,f,NULL,t");
  CHECK(compare(ComparisonOp::kEqual, column(0, rows), column(1, rows)) == "t,f,f,NULL,t");
  CHECK(compare(ComparisonOp::kLess, column(1, rows), column(0, rows)) == "f,t,f,NULL,f");
}

TEST_CASE("sums of units match sums of whole Decimals, with few groups and many", "[numeric_units]") {
  planner::AggregateCall call;
  call.kind = planner::AggregateKind::kSum;
  call.type = kNumeric;
  call.argument = planner::column_reference(0, SqlType::numeric(18, 2));
  for (std::size_t group_count : {3u, 40u}) {
    auto state = exec::make_aggregate_state(call);
    state->resize(group_count);
    std::vector<std::optional<std::int64_t>> values;
    std::vector<std::uint32_t> groups;
    for (std::size_t i = 0; i < 3000; ++i) {
      values.push_back(i % 11 == 0 ? std::nullopt : std::optional<std::int64_t>(static_cast<std::int64_t>(i * 7919 % 100000) - 50000));
      groups.push_back(static_cast<std::uint32_t>(i * 31 % group_count));
    }
    // A block whose 64-bit partial sum would overflow takes the exact path.
    values[5] = INT64_MAX - 3;
    values[9] = INT64_MAX - 5;
    Vector argument = units(2, values);
    state->fold(argument, nullptr, groups.data(), groups.size());
    Vector sums = state->finish(group_count);
    for (std::size_t g = 0; g < group_count; ++g) {
      __int128 expected = 0;
      bool any = false;
      for (std::size_t i = 0; i < values.size(); ++i) {
        if (groups[i] != g || !values[i]) continue;
        expected += *values[i];
        any = true;
      }
      REQUIRE(any);
      CHECK(sums.decimal(g).units == expected);
      CHECK(sums.decimal(g).scale == 2);
    }
  }
}

TEST_CASE("vector helpers keep units or widen them, never mixing the two", "[numeric_units]") {
  Vector twos = units(2, {150, std::nullopt, -7});
  Vector fours = units(4, {1, 2, 3});
  Vector whole(kNumeric);
  whole.resize(1);
  whole.decimals[0] = value::parse_decimal("123.456789");

  Chunk a = chunk_of({twos}), b = chunk_of({twos}), c = chunk_of({fours}), d = chunk_of({whole});
  REQUIRE(exec::append_rows(a, b));
  CHECK(a.columns[0].holds_units());
  CHECK(texts(a.columns[0]) == "1.50,NULL,-0.07,1.50,NULL,-0.07");
  REQUIRE(exec::append_rows(a, c));
  CHECK_FALSE(a.columns[0].holds_units());
  CHECK(texts(a.columns[0]) == "1.50,NULL,-0.07,1.50,NULL,-0.07,0.0001,0.0002,0.0003");

  Chunk joined = exec::concatenate({chunk_of({twos}), chunk_of({whole})}, {kNumeric});
  CHECK(texts(joined.columns[0]) == "1.50,NULL,-0.07,123.456789");

  Vector built(kNumeric);
  built.append_from(twos, 0);
  built.append_from(twos, 2);
  CHECK(built.holds_units());
  built.append_from(whole, 0);
  CHECK(texts(built) == "1.50,-0.07,123.456789");
  built.append_from(twos, 0);  // units after whole Decimals
  CHECK_FALSE(built.holds_units());
  CHECK(texts(built) == "1.50,-0.07,123.456789,1.50");

  Vector target = units(2, {1, 2});
  exec::assign_element(target, 1, fours, 2);
  CHECK(texts(target) == "0.01,0.0003");

  CHECK(exec::compare_elements(twos, 0, fours, 0) > 0);
  std::vector<std::uint64_t> unit_hashes(1, 0), whole_hashes(1, 0);
  Vector one_and_a_half(kNumeric);
  one_and_a_half.resize(1);
  one_and_a_half.decimals[0] = value::parse_decimal("1.5000");
  exec::hash_into(units(2, {150}), unit_hashes);
  exec::hash_into(one_and_a_half, whole_hashes);
  CHECK(unit_hashes[0] == whole_hashes[0]);

  Vector gathered = exec::gather(twos, 3, {2, exec::kNoRow, 0});
  CHECK(gathered.holds_units());
  CHECK(texts(gathered) == "-0.07,NULL,1.50");
  Vector widened = twos;
  exec::widen_units(widened);
  CHECK_FALSE(widened.holds_units());
  CHECK(texts(widened) == "1.50,NULL,-0.07");
}
