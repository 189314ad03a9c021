// How a value becomes a column's value in INSERT and UPDATE: PostgreSQL's
// assignment coercion, which allows more than the implicit coercions of
// expressions (numeric narrowing, any type into a character column,
// timestamp into date) and reports a failure against the column.
#pragma once

#include "planner/bound_expression.h"
#include "storage/catalog/table_schema.h"

namespace ptreedb::planner {

// Whether PostgreSQL converts `from` to `to` on assignment (pg_cast contexts
// 'i' and 'a', plus the I/O conversion into string types).
bool assignment_castable(value::TypeId from, value::TypeId to);

// `value` converted to `column`'s type (an untyped literal takes that type
// directly). Throws 42804 "column "c" is of type T but expression is of type
// U" with PostgreSQL's hint when the types do not convert.
BoundExpression coerce_for_assignment(BoundExpression value, const storage::ColumnSchema& column);

}  // namespace ptreedb::planner
