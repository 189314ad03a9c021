#include "storage/value/integer_arith.h"

#include "storage/sql_error.h"

namespace ptreedb::value::integer_detail {

void throw_out_of_range(int byte_width) {
  const char* message = byte_width == 2   ? "smallint out of range"
                        : byte_width == 4 ? "integer out of range"
                                          : "bigint out of range";
  throw SqlError(sqlstate::kNumericValueOutOfRange, message);
}

void throw_division_by_zero() { throw SqlError(sqlstate::kDivisionByZero, "division by zero"); }

}  // namespace ptreedb::value::integer_detail
