// to_number(text, format): a number read back through a to_char number
// template, as PostgreSQL's NUM_processor reads one in the C locale: digits
// for 9 and 0 (no more fraction digits than the template has), the point for
// . and D, signs before or after the digits (S, MI, PL, SG, <...> for PR),
// commas for , and G where the input has them, L and TH passing over what is
// not a digit, sign or point, and one input character per other template
// character.
#pragma once

#include <optional>
#include <string_view>

#include "storage/value/decimal.h"

namespace ptreedb::value {

// numeric(digits in the template, fraction digits read); nullopt for an
// empty template (PostgreSQL answers NULL). Errors: 22P02 when no digit is
// read, 22003 past the template's digits, 0A000 for EEEE, RN and V, 42601
// for misplaced patterns.
std::optional<Decimal> to_number_from_template(std::string_view text, std::string_view format);

}  // namespace ptreedb::value
