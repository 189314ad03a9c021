// Exact decimals past numeric's 38 digits, for the few computations whose
// intermediate values need more than Decimal holds: variance's
// N * sum(x^2) - sum(x)^2 and a square root's scaled radicand. An
// arbitrary-precision integer (boost's cpp_int) scaled by a power of ten, with
// PostgreSQL numeric's division scale and rounding; results come back as a
// Decimal (22003 past 38 digits). Only this header pulls in boost, so include
// it where such a computation is made, not in hot headers.
#pragma once

#include <boost/multiprecision/cpp_int.hpp>

#include "storage/value/decimal.h"

namespace ptreedb::value {

using WideInteger = boost::multiprecision::cpp_int;

struct WideDecimal {
  WideInteger units;  // value = units / 10^scale
  int scale = 0;
};

WideDecimal widen(Decimal value);
// 22003 "value overflows numeric format" past 38 digits.
Decimal narrow(const WideDecimal& value);

// PostgreSQL's select_div_scale: at least 16 significant digits, no less than
// either input's scale, at most 1000.
int wide_div_scale(const WideDecimal& dividend, const WideDecimal& divisor);
// The quotient rounded half away from zero to `scale` (>= 0). 22012 on a zero divisor.
WideDecimal wide_div_to_scale(const WideDecimal& dividend, const WideDecimal& divisor, int scale);
// The square root rounded (half up) to `scale` (>= 0), as PostgreSQL's
// sqrt_var; 2201F for a negative value.
WideDecimal wide_sqrt(const WideDecimal& value, int scale);

// numeric sqrt(x): the result scale PostgreSQL's numeric_sqrt picks (16
// significant digits, no less than x's scale).
Decimal decimal_sqrt(Decimal value);

}  // namespace ptreedb::value
