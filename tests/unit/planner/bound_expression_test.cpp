// same_expression decides which expressions are computed once (shared
// aggregate arguments, GROUP BY keys matched to SELECT items): two calls of
// one function that differ only in a flag are different computations.
#include "planner/bound_expression.h"

#include <catch2/catch.hpp>

using namespace ptreedb;
using namespace ptreedb::planner;

namespace {

BoundExpression column(std::size_t index) {
  BoundExpression out;
  out.kind = ExprKind::kColumn;
  out.type = value::SqlType::of(value::TypeId::kInteger);
  out.column = index;
  return out;
}

BoundExpression array_any(ComparisonOp comparison, bool all) {
  BoundExpression array;
  array.kind = ExprKind::kConstant;
  array.type = value::SqlType::array_of(value::SqlType::of(value::TypeId::kInteger));
  array.constant.text_value = "{2,5}";
  BoundExpression out;
  out.kind = ExprKind::kFunction;
  out.function = FunctionId::kArrayAny;
  out.type = value::SqlType::of(value::TypeId::kBoolean);
  out.comparison = comparison;
  out.negated = all;
  out.args = {column(0), array};
  return out;
}

}  // namespace

TEST_CASE("x < ANY(a) and x >= ALL(a) are different computations") {
  CHECK(same_expression(array_any(ComparisonOp::kLess, false), array_any(ComparisonOp::kLess, false)));
  CHECK_FALSE(same_expression(array_any(ComparisonOp::kLess, false), array_any(ComparisonOp::kGreaterEqual, true)));
  CHECK_FALSE(same_expression(array_any(ComparisonOp::kLess, false), array_any(ComparisonOp::kLess, true)));
}

TEST_CASE("x IN (list) and x NOT IN (list) are different computations") {
  BoundExpression in = array_any(ComparisonOp::kEqual, false);
  in.function = FunctionId::kInList;
  BoundExpression not_in = in;
  not_in.negated = true;
  CHECK_FALSE(same_expression(in, not_in));
}

TEST_CASE("an explicit cast to varchar(n) (which truncates) differs from an implicit one; other casts do not") {
  BoundExpression cast;
  cast.kind = ExprKind::kCast;
  cast.type = value::SqlType::varchar(3);
  cast.args = {column(1)};
  BoundExpression explicit_cast = cast;
  explicit_cast.explicit_cast = true;
  CHECK(same_expression(cast, cast));
  CHECK_FALSE(same_expression(cast, explicit_cast));
  // round(i::numeric, 2) groups with round(i, 2), as in PostgreSQL.
  cast.type = explicit_cast.type = value::SqlType::of(value::TypeId::kNumeric);
  CHECK(same_expression(cast, explicit_cast));
}
