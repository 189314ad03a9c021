#include "storage/value/float_arith.h"

#include "storage/sql_error.h"

namespace ptreedb::value::float_detail {

void throw_overflow() {
  throw SqlError(sqlstate::kNumericValueOutOfRange, "value out of range: overflow");
}

void throw_underflow() {
  throw SqlError(sqlstate::kNumericValueOutOfRange, "value out of range: underflow");
}

void throw_division_by_zero() { throw SqlError(sqlstate::kDivisionByZero, "division by zero"); }

}  // namespace ptreedb::value::float_detail
