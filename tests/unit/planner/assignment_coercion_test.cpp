#include "planner/assignment_coercion.h"

#include <catch2/catch.hpp>

#include "storage/sql_error.h"

using namespace ptreedb;
using planner::BoundExpression;
using planner::ExprKind;
using value::SqlType;
using value::TypeId;

namespace {

BoundExpression typed_constant(SqlType type) {
  BoundExpression constant;
  constant.kind = ExprKind::kConstant;
  constant.type = type;
  constant.constant.is_null = false;
  return constant;
}

storage::ColumnSchema column_of(SqlType type) { return storage::ColumnSchema("c", type); }

}  // namespace

TEST_CASE("assignment allows what PostgreSQL's assignment casts allow", "[assignment]") {
  using planner::assignment_castable;
  // Numeric narrowing (pg_cast context 'a').
  CHECK(assignment_castable(TypeId::kNumeric, TypeId::kInteger));
  CHECK(assignment_castable(TypeId::kDouble, TypeId::kSmallint));
  CHECK(assignment_castable(TypeId::kBigint, TypeId::kInteger));
  // Any type into a string type, through its output function.
  CHECK(assignment_castable(TypeId::kInteger, TypeId::kVarchar));
  CHECK(assignment_castable(TypeId::kBoolean, TypeId::kText));
  CHECK(assignment_castable(TypeId::kDate, TypeId::kChar));
  CHECK(assignment_castable(TypeId::kTimestamp, TypeId::kDate));
  CHECK(assignment_castable(TypeId::kDate, TypeId::kTimestamp));
  // Input functions and boolean/integer need explicit casts.
  CHECK_FALSE(assignment_castable(TypeId::kText, TypeId::kInteger));
  CHECK_FALSE(assignment_castable(TypeId::kBoolean, TypeId::kInteger));
  CHECK_FALSE(assignment_castable(TypeId::kInteger, TypeId::kBoolean));
  CHECK_FALSE(assignment_castable(TypeId::kInteger, TypeId::kDate));
  CHECK_FALSE(assignment_castable(TypeId::kInterval, TypeId::kTimestamp));
}

TEST_CASE("coerce_for_assignment casts to the column's type", "[assignment]") {
  BoundExpression narrowed =
      planner::coerce_for_assignment(typed_constant(SqlType::of(TypeId::kNumeric)), column_of(SqlType::of(TypeId::kInteger)));
  CHECK(narrowed.kind == ExprKind::kCast);
  CHECK(narrowed.type == SqlType::of(TypeId::kInteger));
  CHECK_FALSE(narrowed.explicit_cast);  // too-long strings fail rather than being cut

  BoundExpression same =
      planner::coerce_for_assignment(typed_constant(SqlType::of(TypeId::kInteger)), column_of(SqlType::of(TypeId::kInteger)));
  CHECK(same.kind == ExprKind::kConstant);

  BoundExpression unknown;
  unknown.kind = ExprKind::kConstant;
  unknown.unknown_literal = true;
  unknown.constant.is_null = false;
  unknown.constant.text_value = "42";
  BoundExpression resolved = planner::coerce_for_assignment(unknown, column_of(SqlType::of(TypeId::kBigint)));
  CHECK(resolved.type == SqlType::of(TypeId::kBigint));
  CHECK_FALSE(resolved.unknown_literal);
}

TEST_CASE("a failed assignment names the column, as PostgreSQL does", "[assignment]") {
  try {
    planner::coerce_for_assignment(typed_constant(SqlType::of(TypeId::kBoolean)), column_of(SqlType::of(TypeId::kInteger)));
    FAIL("expected 42804");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == "42804");
    CHECK(std::string(error.what()) == "column \"c\" is of type integer but expression is of type boolean");
    CHECK(error.hint() == "You will need to rewrite or cast the expression.");
  }
}
