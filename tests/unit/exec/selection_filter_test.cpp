// Filters over selection vectors and the AND/OR/NOT short-circuit, against the
// answers PostgreSQL 15 gave for the same rows and predicates:
//   create table t(a int, b int, n int, p boolean, q boolean);
//   insert into t values (4,2,1,true,true),(5,0,null,null,false),
//     (3,0,1,false,null),(9,3,null,null,null),(1,1,0,true,false);
#include "exec/selection_filter.h"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "exec/evaluate.h"
#include "storage/sql_error.h"
#include "tests/unit/exec/expression_builders.h"

using namespace ptreedb;
using exec::Chunk;
using exec::Vector;
using planner::ArithmeticOp;
using planner::BoundExpression;
using planner::ComparisonOp;
using planner::ExprKind;
using exec::testing::logical;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kInt = SqlType::of(TypeId::kInteger);
const SqlType kBool = SqlType::of(TypeId::kBoolean);

enum Column { kA, kB, kN, kP, kQ };

struct Row {
  int a, b;
  std::optional<int> n;
  std::optional<bool> p, q;
};

Chunk table_rows() {
  const std::vector<Row> rows = {
      {4, 2, 1, true, true}, {5, 0, {}, {}, false}, {3, 0, 1, false, {}}, {9, 3, {}, {}, {}}, {1, 1, 0, true, false},
  };
  Chunk chunk;
  chunk.size = rows.size();
  chunk.columns = {Vector(kInt), Vector(kInt), Vector(kInt), Vector(kBool), Vector(kBool)};
  for (auto& column : chunk.columns) column.resize(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    chunk.columns[kA].ints[i] = rows[i].a;
    chunk.columns[kB].ints[i] = rows[i].b;
    chunk.columns[kN].nulls[i] = !rows[i].n;
    chunk.columns[kN].ints[i] = rows[i].n.value_or(0);
    chunk.columns[kP].nulls[i] = !rows[i].p;
    chunk.columns[kP].ints[i] = rows[i].p.value_or(false);
    chunk.columns[kQ].nulls[i] = !rows[i].q;
    chunk.columns[kQ].ints[i] = rows[i].q.value_or(false);
  }
  return chunk;
}

BoundExpression column(Column c) { return planner::column_reference(c, c >= kP ? kBool : kInt); }

BoundExpression integer(std::int64_t value) { return exec::testing::integer_constant(value, kInt); }

BoundExpression compare(ComparisonOp op, BoundExpression a, BoundExpression b) {
  return exec::testing::comparison(op, std::move(a), std::move(b));
}

BoundExpression divide(BoundExpression a, BoundExpression b) {
  return exec::testing::arithmetic(ArithmeticOp::kDivide, std::move(a), std::move(b), kInt);
}


// The `a` values of the rows a WHERE clause keeps, or the error it raises.
std::string kept(const BoundExpression& predicate) {
  Chunk chunk = table_rows();
  try {
    exec::filter_chunk(chunk, predicate);
  } catch (const SqlError& error) {
    return "ERROR " + error.sqlstate() + ": " + error.what();
  }
  std::string out;
  for (std::size_t i = 0; i < chunk.size; ++i) {
    // Every loaded column is compacted alike.
    REQUIRE(chunk.columns[kQ].size() == chunk.size);
    out += (out.empty() ? "" : ",") + std::to_string(chunk.columns[kA].ints[i]);
  }
  return out;
}

// Values of a boolean expression per row: t, f or NULL.
std::string values(const BoundExpression& expr) {
  Vector result = exec::evaluate(expr, table_rows());
  std::string out;
  for (std::size_t i = 0; i < result.size(); ++i) {
    out += (i == 0 ? "" : ",") + std::string(result.nulls[i] ? "NULL" : result.ints[i] ? "t" : "f");
  }
  return out;
}

}  // namespace

TEST_CASE("a conjunct only sees the rows earlier conjuncts kept", "[selection_filter]") {
  // where b <> 0 and a / b > 1: no division by the zeros the first conjunct removed.
  CHECK(kept(logical(ExprKind::kAnd, {compare(ComparisonOp::kNotEqual, column(kB), integer(0)),
                                      compare(ComparisonOp::kGreater, divide(column(kA), column(kB)), integer(1))})) ==
        "4,9");
  // where b = 0 or a / b > 1: rows the first disjunct decided skip the second.
  CHECK(kept(logical(ExprKind::kOr, {compare(ComparisonOp::kEqual, column(kB), integer(0)),
                                     compare(ComparisonOp::kGreater, divide(column(kA), column(kB)), integer(1))})) ==
        "4,5,3,9");
  // where a / b > 1 and b <> 0: PostgreSQL runs the cheaper qual first
  // (order_qual_clauses), so this raises nothing either.
  CHECK(kept(logical(ExprKind::kAnd, {compare(ComparisonOp::kGreater, divide(column(kA), column(kB)), integer(1)),
                                      compare(ComparisonOp::kNotEqual, column(kB), integer(0))})) == "4,9");
  // Without the guard the division raises, as in PostgreSQL.
  CHECK(kept(compare(ComparisonOp::kGreater, divide(column(kA), column(kB)), integer(1))) ==
        "ERROR 22012: division by zero");
}

TEST_CASE("an AND inside an OR goes on past an unknown conjunct, as PostgreSQL", "[selection_filter]") {
  // where (n > 0 and a / b > 1) or a = 5: row 5 has n NULL and b = 0, so
  // PostgreSQL evaluates a / b there and raises.
  auto guarded = logical(ExprKind::kAnd, {compare(ComparisonOp::kGreater, column(kN), integer(0)),
                                          compare(ComparisonOp::kGreater, divide(column(kA), column(kB)), integer(1))});
  CHECK(kept(logical(ExprKind::kOr, {guarded, compare(ComparisonOp::kEqual, column(kA), integer(5))})) ==
        "ERROR 22012: division by zero");
  // A false conjunct stops the row: (b > 0 and a / b > 0) never divides by zero.
  auto stopped = logical(ExprKind::kAnd, {compare(ComparisonOp::kGreater, column(kB), integer(0)),
                                          compare(ComparisonOp::kGreater, divide(column(kA), column(kB)), integer(0))});
  CHECK(kept(logical(ExprKind::kOr, {stopped, compare(ComparisonOp::kEqual, column(kA), integer(5))})) == "4,5,9,1");
}

TEST_CASE("AND, OR and NOT keep three-valued logic under short-circuit", "[selection_filter]") {
  // Rows in insertion order: a = 4, 5, 3, 9, 1.
  CHECK(values(logical(ExprKind::kAnd, {column(kP), column(kQ)})) == "t,f,f,NULL,f");
  CHECK(values(logical(ExprKind::kOr, {column(kP), column(kQ)})) == "t,NULL,NULL,NULL,t");
  CHECK(values(logical(ExprKind::kNot, {column(kP)})) == "f,NULL,t,NULL,f");
  CHECK(values(logical(ExprKind::kNot, {logical(ExprKind::kAnd, {column(kP), column(kQ)})})) == "f,t,t,NULL,t");
  // As WHERE clauses, NULL drops the row.
  CHECK(kept(logical(ExprKind::kOr, {column(kP), column(kQ)})) == "4,1");
  CHECK(kept(logical(ExprKind::kNot, {logical(ExprKind::kAnd, {column(kP), column(kQ)})})) == "5,3,1");
  CHECK(kept(logical(ExprKind::kAnd, {column(kP), column(kQ)})) == "4");
  // Comparisons with a NULL side are unknown, never true.
  CHECK(kept(compare(ComparisonOp::kGreaterEqual, column(kN), integer(0))) == "4,3,1");
  CHECK(kept(logical(ExprKind::kNot, {compare(ComparisonOp::kGreaterEqual, column(kN), integer(1))})) == "1");
  BoundExpression null_constant = integer(0);
  null_constant.constant.is_null = true;
  CHECK(kept(compare(ComparisonOp::kEqual, column(kA), null_constant)).empty());
  CHECK(values(logical(ExprKind::kOr, {compare(ComparisonOp::kEqual, column(kA), null_constant), column(kP)})) ==
        "t,NULL,NULL,NULL,t");
}

TEST_CASE("filters compact the chunk in place and keep reusing it", "[selection_filter]") {
  Chunk chunk = table_rows();
  const auto* before = chunk.columns[kA].ints.data();
  exec::filter_chunk(chunk, compare(ComparisonOp::kGreater, column(kA), integer(3)));
  CHECK(chunk.size == 3);
  CHECK(chunk.columns[kA].ints.data() == before);
  CHECK(chunk.columns[kA].ints == std::vector<std::int64_t>{4, 5, 9});
  CHECK(chunk.columns[kN].nulls == std::vector<std::uint8_t>{0, 1, 1});
  exec::filter_chunk(chunk, compare(ComparisonOp::kLess, column(kA), integer(0)));
  CHECK(chunk.size == 0);
}

TEST_CASE("an integer column against a constant keeps exactly the rows the comparison holds for", "[selection_filter]") {
  // n: 1, NULL, 1, NULL, 0. Every operator, the constant on either side, over
  // all rows and over a selection; NULL rows are unknown, never kept.
  Chunk chunk = table_rows();
  const std::vector<std::optional<int>> n = {1, {}, 1, {}, 0};
  for (ComparisonOp op : {ComparisonOp::kEqual, ComparisonOp::kNotEqual, ComparisonOp::kLess, ComparisonOp::kLessEqual,
                          ComparisonOp::kGreater, ComparisonOp::kGreaterEqual}) {
    for (int constant : {-1, 0, 1, 2}) {
      for (bool constant_first : {false, true}) {
        BoundExpression column = planner::column_reference(kN, kInt);
        BoundExpression value = exec::testing::integer_constant(constant, kInt);
        BoundExpression expr = constant_first ? exec::testing::comparison(op, value, column)
                                              : exec::testing::comparison(op, column, value);
        for (const exec::RowList& rows : {exec::RowList{0, 1, 2, 3, 4}, exec::RowList{1, 2, 4}}) {
          exec::RowList trues, unknowns;
          exec::classify_rows(expr, chunk, rows, trues, &unknowns);
          exec::RowList expected_trues, expected_unknowns;
          for (std::uint32_t row : rows) {
            if (!n[row]) {
              expected_unknowns.push_back(row);
              continue;
            }
            int left = constant_first ? constant : *n[row], right = constant_first ? *n[row] : constant;
            bool holds = op == ComparisonOp::kEqual ? left == right
                         : op == ComparisonOp::kNotEqual ? left != right
                         : op == ComparisonOp::kLess ? left < right
                         : op == ComparisonOp::kLessEqual ? left <= right
                         : op == ComparisonOp::kGreater ? left > right
                                                        : left >= right;
            if (holds) expected_trues.push_back(row);
          }
          CHECK(trues == expected_trues);
          CHECK(unknowns == expected_unknowns);
        }
      }
    }
  }
}
