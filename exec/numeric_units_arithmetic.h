// numeric +, - and * on vectors holding int64 units (Vector::units_scale):
// the result scale is PostgreSQL's (the larger input scale for + and -, the
// sum of the scales for *), and each row is one checked 64-bit operation.
// A result that would not fit in 64 bits is not an error here: the caller
// computes the chunk again with whole Decimals, which are exact to 38 digits
// and raise 22003 beyond.
#pragma once

#include <cstddef>

#include "exec/operand.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

// `out` = a op b as units (op is +, - or *), when each operand is a vector
// holding units or a non-NULL constant whose units fit in 64 bits, at least
// one is a vector, and every result fits; false, with `out` to be reset,
// otherwise.
bool numeric_units_arithmetic(planner::ArithmeticOp op, value::SqlType type, const Operand& a, const Operand& b,
                              std::size_t count, Vector& out);

}  // namespace ptreedb::exec
