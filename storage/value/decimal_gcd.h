// gcd(numeric, numeric) and lcm(numeric, numeric) as numeric.c answers them:
// never negative, at the larger of the inputs' scales (gcd(1.5, 0.25) is
// 0.25), NaN when either input is NaN or infinite; 22003 past 38 digits.
#pragma once

#include "storage/value/decimal.h"

namespace ptreedb::value {

Decimal decimal_gcd(Decimal a, Decimal b);
Decimal decimal_lcm(Decimal a, Decimal b);

}  // namespace ptreedb::value
