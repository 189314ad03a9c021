// numeric gcd and lcm against PostgreSQL 15.18's answers.
#include "storage/value/decimal_gcd.h"

#include <catch2/catch.hpp>

using namespace ptreedb::value;

TEST_CASE("numeric gcd and lcm keep the larger scale", "[decimal_gcd]") {
  CHECK(format_decimal(decimal_gcd(parse_decimal("1.5"), parse_decimal("0.25"))) == "0.25");
  CHECK(format_decimal(decimal_gcd(parse_decimal("0"), parse_decimal("12.5"))) == "12.5");
  CHECK(format_decimal(decimal_gcd(parse_decimal("-12"), parse_decimal("18"))) == "6");
  CHECK(format_decimal(decimal_lcm(parse_decimal("-3.75"), parse_decimal("2.5"))) == "7.50");
  CHECK(format_decimal(decimal_lcm(parse_decimal("0"), parse_decimal("2.5"))) == "0.0");
  CHECK(format_decimal(decimal_gcd(kDecimalNaN, parse_decimal("3"))) == "NaN");
  CHECK(format_decimal(decimal_lcm(parse_decimal("3"), kDecimalInfinity)) == "NaN");
}
