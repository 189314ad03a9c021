// Exact decimals past 38 digits against PostgreSQL 15's numeric: every
// expected text below is what a PostgreSQL 15.18 server printed for the same
// sqrt(x) or division.
#include "storage/value/wide_decimal.h"

#include <catch2/catch.hpp>
#include <string>

#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::Expectation;
using ptreedb::value::testing::outcome;

TEST_CASE("numeric sqrt picks PostgreSQL's scale and rounds", "[wide_decimal]") {
  const Expectation cases[] = {
      {"2.0", "1.414213562373095"},
      {"1234567890.123456789", "35136.41828820144"},
      {"0.00001", "0.0031622776601683793"},
      {"99999999999999999999.99", "10000000000.0000000"},
      {"0", "0.000000000000000"},
      {"0.0000000000000000000001", "0.000000000010000000000000000"},
      {"12345678901234567890123456789012345678", "3513641828820144253"},
      {"0.99999999999999999999999999999999999999", "0.99999999999999999999999999999999999999"},
      {"6.25", "2.500000000000000"},
      {"0.0625", "0.25000000000000000"},
      {"-0.5", "ERROR 2201F: cannot take square root of a negative number"},
  };
  for (const auto& [input, expected] : cases) {
    CAPTURE(input);
    CHECK(outcome([&] { return format_decimal(decimal_sqrt(parse_decimal(input))); }) == expected);
  }
}

TEST_CASE("wide values keep digits a Decimal cannot and narrow back", "[wide_decimal]") {
  const WideDecimal big = widen(parse_decimal("-99999999999999999999999999999999999999"));
  const WideDecimal square{big.units * big.units, 0};
  CHECK(square.units.str() == "9999999999999999999999999999999999999800000000000000000000000000000000000001");
  CHECK(outcome([&] { return format_decimal(narrow(square)); }) == "ERROR 22003: value overflows numeric format");
  CHECK(format_decimal(narrow(big)) == "-99999999999999999999999999999999999999");
  // (x^2) / x back at PostgreSQL's division scale.
  const WideDecimal quotient = wide_div_to_scale(square, big, wide_div_scale(square, big));
  CHECK(format_decimal(narrow(quotient)) == "-99999999999999999999999999999999999999");
  // 2 / 3 and -2 / 3 round half away from zero at scale 20, as numeric division does.
  const WideDecimal two{2, 0}, three{3, 0}, minus_two{-2, 0};
  CHECK(wide_div_scale(two, three) == 20);
  CHECK(format_decimal(narrow(wide_div_to_scale(two, three, 20))) == "0.66666666666666666667");
  CHECK(format_decimal(narrow(wide_div_to_scale(minus_two, three, 20))) == "-0.66666666666666666667");
  CHECK(outcome([&] { return format_decimal(narrow(wide_div_to_scale(two, WideDecimal{0, 0}, 2))); }) ==
        "ERROR 22012: division by zero");
}
