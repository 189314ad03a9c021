// to_char(numeric | integer | double precision, format): PostgreSQL's
// number templates (formatting.c's NUM_ patterns) in the C locale: 9, 0, .
// and D, ',' and G, S, MI, PL, SG, PR, L, FM, TH/th, EEEE, RN/rn. V is
// refused with 0A000; misplaced patterns get PostgreSQL's 42601
// (storage/value/number_template).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "storage/value/decimal.h"

namespace ptreedb::value {

std::string to_char_decimal(Decimal value, std::string_view format);
std::string to_char_integer(std::int64_t value, std::string_view format);
// A float shows at most `significant_digits` digits (15 for double
// precision, 6 for real: DBL_DIG and FLT_DIG).
std::string to_char_double(double value, std::string_view format, int significant_digits = 15);

}  // namespace ptreedb::value
