// Kernels of double precision functions: a function of the row's argument
// values over every row whose arguments are all non-NULL, and the errors
// PostgreSQL's float.c raises (22003).
#pragma once

#include <type_traits>

#include "exec/functions/function_kernel.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

[[noreturn]] inline void float_overflow() {
  throw SqlError(sqlstate::kNumericValueOutOfRange, "value out of range: overflow");
}
[[noreturn]] inline void float_underflow() {
  throw SqlError(sqlstate::kNumericValueOutOfRange, "value out of range: underflow");
}
[[noreturn]] inline void input_out_of_range() {
  throw SqlError(sqlstate::kNumericValueOutOfRange, "input is out of range");
}

// f() (no arguments), f(x) or f(x, y) per row, as double precision.
template <class F>
Vector per_row(const planner::BoundExpression& expr, const Chunk& input, F f) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  Vector out = new_result(expr.type, input.size);
  for (std::size_t i = 0; i < input.size; ++i) {
    bool null = false;
    for (const Vector& arg : args) null = null || arg.is_null(i);
    out.nulls[i] = null ? 1 : 0;
    if (null) continue;
    if constexpr (std::is_invocable_v<F>) {
      out.doubles[i] = f();
    } else if constexpr (std::is_invocable_v<F, double>) {
      out.doubles[i] = f(args[0].doubles[i]);
    } else {
      out.doubles[i] = f(args[0].doubles[i], args[1].doubles[i]);
    }
  }
  return out;
}

}  // namespace ptreedb::exec
