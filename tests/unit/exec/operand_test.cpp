// Comparison and arithmetic kernels with constants kept as scalars: a numeric
// constant aligned to its column's scale must not change PostgreSQL's result
// scales, and every overflow still raises. Expected texts are PostgreSQL 15's
// for the same values ('1.50'::numeric + 1 = 2.50, 1 - 0.05 = 0.95, ...).
#include "exec/evaluate.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "storage/sql_error.h"
#include "tests/unit/exec/expression_builders.h"
#include "tests/unit/exec/result_texts.h"

using namespace ptreedb;
using exec::Chunk;
using exec::Vector;
using planner::ArithmeticOp;
using planner::BoundExpression;
using planner::ComparisonOp;
using planner::ExprKind;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kNumeric = SqlType::of(TypeId::kNumeric);
const SqlType kBigint = SqlType::of(TypeId::kBigint);
const SqlType kBool = SqlType::of(TypeId::kBoolean);

// One numeric column (mixed scales, as in a numeric column without typmod)
// and one bigint column; nullptr / NULL mark NULLs.
Chunk numbers(const std::vector<const char*>& decimals, const std::vector<std::int64_t>& ints = {}) {
  Chunk chunk;
  chunk.size = decimals.size();
  chunk.columns = {Vector(kNumeric), Vector(kBigint)};
  for (auto& column : chunk.columns) column.resize(chunk.size);
  for (std::size_t i = 0; i < chunk.size; ++i) {
    chunk.columns[0].nulls[i] = decimals[i] == nullptr;
    if (decimals[i] != nullptr) chunk.columns[0].decimals[i] = value::parse_decimal(decimals[i]);
    if (i < ints.size()) chunk.columns[1].ints[i] = ints[i];
  }
  return chunk;
}

BoundExpression column(std::size_t index) { return planner::column_reference(index, index == 0 ? kNumeric : kBigint); }

BoundExpression numeric(const char* text) { return exec::testing::numeric_constant(text); }

BoundExpression bigint(std::int64_t value) { return exec::testing::integer_constant(value, kBigint); }

BoundExpression arithmetic(ArithmeticOp op, BoundExpression a, BoundExpression b, SqlType type = kNumeric) {
  return exec::testing::arithmetic(op, std::move(a), std::move(b), type);
}

BoundExpression compare(ComparisonOp op, BoundExpression a, BoundExpression b) {
  return exec::testing::comparison(op, std::move(a), std::move(b));
}

std::string texts(const BoundExpression& expr, const Chunk& input) {
  return exec::testing::evaluated_texts(expr, input);
}

}  // namespace

TEST_CASE("numeric constants keep PostgreSQL's result scales whatever the column's", "[operand]") {
  Chunk mixed = numbers({"1.50", "2.25", nullptr, "1.5", "0.05", "7"});
  CHECK(texts(arithmetic(ArithmeticOp::kAdd, column(0), numeric("1")), mixed) == "2.50,3.25,NULL,2.5,1.05,8");
  CHECK(texts(arithmetic(ArithmeticOp::kSubtract, numeric("1"), column(0)), mixed) == "-0.50,-1.25,NULL,-0.5,0.95,-6");
  CHECK(texts(arithmetic(ArithmeticOp::kAdd, column(0), numeric("0.001")), mixed) ==
        "1.501,2.251,NULL,1.501,0.051,7.001");
  CHECK(texts(arithmetic(ArithmeticOp::kMultiply, column(0), numeric("1.0")), mixed) ==
        "1.500,2.250,NULL,1.50,0.050,7.0");
  CHECK(texts(arithmetic(ArithmeticOp::kAdd, column(0), numeric(nullptr)), mixed) == "NULL,NULL,NULL,NULL,NULL,NULL");
}

TEST_CASE("comparisons with a constant of another scale", "[operand]") {
  Chunk quantities = numbers({"23.99", "24.00", "24.01", nullptr, "24", "0.06"});
  CHECK(texts(compare(ComparisonOp::kLess, column(0), numeric("24")), quantities) == "t,f,f,NULL,f,t");
  CHECK(texts(compare(ComparisonOp::kEqual, column(0), numeric("24.000")), quantities) == "f,t,f,NULL,t,f");
  CHECK(texts(compare(ComparisonOp::kGreaterEqual, numeric("0.05"), column(0)), quantities) == "f,f,f,NULL,f,f");
  CHECK(texts(compare(ComparisonOp::kNotEqual, column(0), numeric("0.060")), quantities) == "t,t,t,NULL,t,f");
  // A constant that cannot take the column's scale exactly still compares right.
  Chunk wide = numbers({"0.5", "99999999999999999999999999999999999999"});
  CHECK(texts(compare(ComparisonOp::kLess, column(0), numeric("99999999999999999999999999999999999999")), wide) ==
        "t,f");
}

TEST_CASE("kernels with scalars still raise overflow and division by zero", "[operand]") {
  Chunk big = numbers({"99999999999999999999999999999999999999", "1"}, {INT64_MAX, 0});
  CHECK(texts(arithmetic(ArithmeticOp::kAdd, column(0), numeric("1")), big) ==
        "ERROR 22003: value overflows numeric format");
  CHECK(texts(arithmetic(ArithmeticOp::kAdd, column(1), bigint(1), kBigint), big) ==
        "ERROR 22003: bigint out of range");
  CHECK(texts(arithmetic(ArithmeticOp::kDivide, bigint(1), column(1), kBigint), big) ==
        "ERROR 22012: division by zero");
  CHECK(texts(arithmetic(ArithmeticOp::kDivide, numeric("1"), column(0)), numbers({"0.00"})) ==
        "ERROR 22012: division by zero");
  // Products of 64-bit units near 10^18 are exact.
  Chunk near = numbers({"999999999.999999999", "-9223372036854775808"});
  CHECK(texts(arithmetic(ArithmeticOp::kMultiply, column(0), column(0)), near) ==
        "999999999999999998.000000000000000001,85070591730234615865843651857942052864");
}
