// numeric ln, log10, log(base, x), exp and power (and ^) as PostgreSQL's
// numeric.c answers them: the same result scales (at least 16 significant
// digits, no fewer fraction digits than the inputs, chosen from the same
// estimates), the same rules for NaN and the infinities, the same errors.
// Values are computed with 150 significant digits and rounded half away
// from zero at the result scale, as numeric.c's own guard digits make its
// results. A result needing more than numeric's 38 digits here is 22003.
#pragma once

#include "storage/value/decimal.h"

namespace ptreedb::value {

// 2201E for zero and negative arguments.
Decimal decimal_ln(Decimal x);
// log(base, x); 2201E for zero or negative inputs, 22012 for base 1.
Decimal decimal_log(Decimal base, Decimal x);
// log(x): log(10, x).
Decimal decimal_log10(Decimal x);
Decimal decimal_exp(Decimal x);
// base ^ exponent; 2201F for 0 ^ negative and negative ^ non-integer.
Decimal decimal_power(Decimal base, Decimal exponent);

}  // namespace ptreedb::value
