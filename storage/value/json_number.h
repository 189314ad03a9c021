// JSON numbers as PostgreSQL's numeric holds them: jsonb stores numeric_in's
// value with its display scale, so "1.0" stays 1.0, "1e2" is 100 and
// "-0" is 0. Done on the digits as text, so numbers of any size stay exact
// (the server's Decimal is used where a value leaves jsonb as numeric).
#pragma once

#include <string>
#include <string_view>

namespace ptreedb::value {

// numeric_out(numeric_in(text)) for a JSON number's text. Throws 22P02 for an
// exponent beyond +-1000 and 22003 for a display scale beyond 16383, as
// numeric_in does.
std::string canonical_json_number(std::string_view text);

// Numeric comparison of two canonical numbers: -1, 0, 1 (1.0 equals 1.00).
int compare_json_numbers(std::string_view a, std::string_view b);

// Appends an order-preserving encoding of a canonical number, equal for equal
// values whatever their scales.
void append_json_number_key(std::string& key, std::string_view canonical);

}  // namespace ptreedb::value
