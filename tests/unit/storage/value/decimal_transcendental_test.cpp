// numeric ln, log, exp and power against PostgreSQL 15: every expected text
// below is what a PostgreSQL 15.18 server printed for the same call.
#include "storage/value/decimal_transcendental.h"

#include <catch2/catch.hpp>
#include <string>

#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::outcome;

namespace {

Decimal dec(const char* text) { return parse_decimal(text); }

}  // namespace

TEST_CASE("numeric ln, log and exp pick PostgreSQL's result scales", "[decimal_transcendental]") {
  CHECK(format_decimal(decimal_ln(dec("2.0"))) == "0.6931471805599453");
  CHECK(format_decimal(decimal_ln(dec("1.000000000123"))) == "0.00000000012299999999243550");
  CHECK(format_decimal(decimal_log(dec("2.0"), dec("1024"))) == "10.0000000000000000");
  CHECK(format_decimal(decimal_log10(dec("100"))) == "2.0000000000000000");
  CHECK(format_decimal(decimal_exp(dec("-10.5"))) == "0.00002753644934974716");
  CHECK(format_decimal(decimal_exp(dec("50"))) == "5184705528587072464087");
  CHECK(outcome([] { return format_decimal(decimal_ln(dec("0"))); }) ==
        "ERROR 2201E: cannot take logarithm of zero");
  CHECK(outcome([] { return format_decimal(decimal_log(dec("-2"), dec("8"))); }) ==
        "ERROR 2201E: cannot take logarithm of a negative number");
  CHECK(outcome([] { return format_decimal(decimal_log(dec("1"), dec("8"))); }) == "ERROR 22012: division by zero");
  CHECK(format_decimal(decimal_ln(kDecimalInfinity)) == "Infinity");
  CHECK(format_decimal(decimal_exp(kDecimalNegativeInfinity)) == "0");
  CHECK(format_decimal(decimal_log(kDecimalInfinity, dec("10"))) == "0");
}

TEST_CASE("numeric power follows power_var and power_var_int", "[decimal_transcendental]") {
  CHECK(format_decimal(decimal_power(dec("0.5"), dec("17"))) == "0.0000076293945313");
  CHECK(format_decimal(decimal_power(dec("2.5"), dec("0.5"))) == "1.5811388300841897");
  CHECK(format_decimal(decimal_power(dec("2"), dec("-2"))) == "0.2500000000000000");
  CHECK(format_decimal(decimal_power(dec("3.789"), dec("21"))) == "1409343026052.8716016316022141");
  CHECK(format_decimal(decimal_power(dec("0.1"), dec("31"))) == "0.0000000000000000");
  CHECK(format_decimal(decimal_power(dec("-1.0"), dec("1000000000000001"))) == "-1.0000000000000000");
  // The weight estimate of a huge exponent underflows to zero at scale 1000.
  CHECK(decimal_power(dec("0.5"), dec("1e31")).scale == 1000);
  CHECK(outcome([] { return format_decimal(decimal_power(dec("10.0"), dec("2147483647"))); }) ==
        "ERROR 22003: value overflows numeric format");
  CHECK(outcome([] { return format_decimal(decimal_power(dec("0"), dec("-1"))); }) ==
        "ERROR 2201F: zero raised to a negative power is undefined");
  CHECK(outcome([] { return format_decimal(decimal_power(dec("-2"), dec("3.3"))); }) ==
        "ERROR 2201F: a negative number raised to a non-integer power yields a complex result");
  CHECK(format_decimal(decimal_power(kDecimalNaN, dec("0"))) == "1");
  CHECK(format_decimal(decimal_power(dec("-inf"), dec("3"))) == "-Infinity");
  CHECK(format_decimal(decimal_power(dec("0.5"), dec("-inf"))) == "Infinity");
}
