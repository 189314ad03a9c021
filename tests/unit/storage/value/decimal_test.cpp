// Decimal against PostgreSQL 15's numeric. Every expected text below was
// produced by a PostgreSQL 15.18 server for the same operation
// ('a'::numeric / 'b'::numeric, round(a, s), 'a'::numeric(p,s), ...).
#include "storage/value/decimal.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "storage/value/text_format.h"
#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::Expectation;
using ptreedb::value::testing::outcome;

namespace {

struct BinaryCase {
  const char* left;
  const char* right;
  const char* expected;
};

struct ScaleCase {
  const char* value;
  int scale;
  const char* expected;
};

Decimal dec(const char* text) { return parse_decimal(text); }

}  // namespace

TEST_CASE("numeric input keeps the written scale and prints like numeric_out", "[decimal]") {
  const Expectation cases[] = {
      {"0", "0"},
      {"1.50", "1.50"},
      {"  1.50  ", "1.50"},
      {"+.5", "0.5"},
      {"5.", "5"},
      {".", "ERROR 22P02: invalid input syntax for type numeric: \".\""},
      {"1e", "ERROR 22P02: invalid input syntax for type numeric: \"1e\""},
      {"1.5e1", "15"},
      {"1.5E-3", "0.0015"},
      {"-0", "0"},
      {"-0.00", "0.00"},
      {"007.50", "7.50"},
      {"1e+3", "1000"},
      {"1 2", "ERROR 22P02: invalid input syntax for type numeric: \"1 2\""},
      {"0x10", "ERROR 22P02: invalid input syntax for type numeric: \"0x10\""},
      {"1_000", "ERROR 22P02: invalid input syntax for type numeric: \"1_000\""},
      {"x", "ERROR 22P02: invalid input syntax for type numeric: \"x\""},
      {"", "ERROR 22P02: invalid input syntax for type numeric: \"\""},
      {"12345678901234567890123456789012345678", "12345678901234567890123456789012345678"},
      {"0.00000000000000000000000000000000000000001",
       "0.00000000000000000000000000000000000000001"},
      {"1e37", "10000000000000000000000000000000000000"},
      {"-99999999999999999999999999999999999999", "-99999999999999999999999999999999999999"},
      {"1e-16384", "ERROR 22003: value overflows numeric format"},
      {"1e999999999999", "ERROR 22003: value overflows numeric format"},
      {"\t-12.3400\n", "-12.3400"},
      {"1.e5", "100000"},
      {"-.e5", "ERROR 22P02: invalid input syntax for type numeric: \"-.e5\""},
      {"1e-0", "1"},
      {"0.000", "0.000"},
      {"000", "0"},
      {"9.9999e-5", "0.000099999"},
      {"123.456e-2", "1.23456"},
  };
  for (const Expectation& c : cases) {
    INFO("input: " << c.input);
    CHECK(outcome([&] { return format_decimal(parse_decimal(c.input)); }) == c.expected);
  }
}

TEST_CASE("numeric division picks PostgreSQL's result scale", "[decimal]") {
  const BinaryCase cases[] = {
      {"1", "3", "0.33333333333333333333"},
      {"2", "3", "0.66666666666666666667"},
      {"10", "4", "2.5000000000000000"},
      {"1", "3e30", "0.000000000000000000000000000000333333333333333333"},
      {"1e30", "3", "333333333333333333333333333333"},
      {"100", "7", "14.2857142857142857"},
      {"1.50", "3", "0.50000000000000000000"},
      {"0.001", "7", "0.00014285714285714286"},
      {"12345.678", "0.001", "12345678.000000000000"},
      {"-7", "2", "-3.5000000000000000"},
      {"1", "7000", "0.00014285714285714286"},
      {"9999", "10000", "0.99990000000000000000"},
      {"10000", "9999", "1.0001000100010001"},
      {"0", "3", "0.00000000000000000000"},
      {"0", "0.0001", "0.0000000000000000"},
      {"1", "0", "ERROR 22012: division by zero"},
      {"5", "-0.5", "-10.0000000000000000"},
      {"123456789012345678901234567890", "0.0001", "1234567890123456789012345678900000.0000"},
      {"1", "99999999999999999999999999999999999999",
       "0.00000000000000000000000000000000000001000000000000000000"},
      {"99999999999999999999999999999999999999", "3", "33333333333333333333333333333333333333"},
      {"7.5", "2", "3.7500000000000000"},
      {"-7.5", "2", "-3.7500000000000000"},
      {"10.25", "0.1", "102.5000000000000000"},
      {"1.0", "0.3", "3.3333333333333333"},
      {"3", "-1.5", "-2.0000000000000000"},
      {"1e-20", "3", "0.0000000000000000000033333333333333333333"},
      {"1", "9999", "0.00010001000100010001"},
      {"1", "10000", "0.000100000000000000000000"},
      {"1", "10001", "0.000099990000999900009999"},
      {"12", "0.5", "24.0000000000000000"},
      {"0.12345678901234567890", "0.1", "1.23456789012345678900"},
      {"88", "0.0000012", "73333333.333333333333"},
  };
  for (const BinaryCase& c : cases) {
    INFO(c.left << " / " << c.right);
    CHECK(outcome([&] { return format_decimal(decimal_div(dec(c.left), dec(c.right))); }) ==
          c.expected);
  }
  CHECK(decimal_div_scale(dec("1"), dec("3")) == 20);
  CHECK(decimal_div_scale(dec("10"), dec("4")) == 16);
  CHECK(format_decimal(decimal_div_to_scale(dec("2"), dec("3"), 2)) == "0.67");
  CHECK(format_decimal(decimal_div_to_scale(dec("-2"), dec("3"), 0)) == "-1");
}

TEST_CASE("numeric remainder and div() truncate toward zero", "[decimal]") {
  const BinaryCase modulo[] = {
      {"1", "3", "1"},
      {"2", "3", "2"},
      {"10", "4", "2"},
      {"1", "3e30", "1"},
      {"1e30", "3", "1"},
      {"100", "7", "2"},
      {"1.50", "3", "1.50"},
      {"0.001", "7", "0.001"},
      {"12345.678", "0.001", "0.000"},
      {"-7", "2", "-1"},
      {"1", "7000", "1"},
      {"9999", "10000", "9999"},
      {"10000", "9999", "1"},
      {"0", "3", "0"},
      {"0", "0.0001", "0.0000"},
      {"1", "0", "ERROR 22012: division by zero"},
      {"5", "-0.5", "0.0"},
      {"123456789012345678901234567890", "0.0001", "0.0000"},
      {"1", "99999999999999999999999999999999999999", "1"},
      {"99999999999999999999999999999999999999", "3", "0"},
      {"7.5", "2", "1.5"},
      {"-7.5", "2", "-1.5"},
      {"10.25", "0.1", "0.05"},
      {"1.0", "0.3", "0.1"},
      {"3", "-1.5", "0.0"},
      {"1e-20", "3", "0.00000000000000000001"},
      {"1", "9999", "1"},
      {"1", "10000", "1"},
      {"1", "10001", "1"},
      {"12", "0.5", "0.0"},
      {"0.12345678901234567890", "0.1", "0.02345678901234567890"},
      {"88", "0.0000012", "0.0000004"},
  };
  for (const BinaryCase& c : modulo) {
    INFO(c.left << " % " << c.right);
    CHECK(outcome([&] { return format_decimal(decimal_mod(dec(c.left), dec(c.right))); }) ==
          c.expected);
  }
  const BinaryCase quotient[] = {
      {"1", "3", "0"},
      {"2", "3", "0"},
      {"10", "4", "2"},
      {"1", "3e30", "0"},
      {"1e30", "3", "333333333333333333333333333333"},
      {"100", "7", "14"},
      {"1.50", "3", "0"},
      {"0.001", "7", "0"},
      {"12345.678", "0.001", "12345678"},
      {"-7", "2", "-3"},
      {"1", "7000", "0"},
      {"9999", "10000", "0"},
      {"10000", "9999", "1"},
      {"0", "3", "0"},
      {"0", "0.0001", "0"},
      {"1", "0", "ERROR 22012: division by zero"},
      {"5", "-0.5", "-10"},
      {"123456789012345678901234567890", "0.0001", "1234567890123456789012345678900000"},
      {"1", "99999999999999999999999999999999999999", "0"},
      {"99999999999999999999999999999999999999", "3", "33333333333333333333333333333333333333"},
      {"7.5", "2", "3"},
      {"-7.5", "2", "-3"},
      {"10.25", "0.1", "102"},
      {"1.0", "0.3", "3"},
      {"3", "-1.5", "-2"},
      {"1e-20", "3", "0"},
      {"1", "9999", "0"},
      {"1", "10000", "0"},
      {"1", "10001", "0"},
      {"12", "0.5", "24"},
      {"0.12345678901234567890", "0.1", "1"},
      {"88", "0.0000012", "73333333"},
  };
  for (const BinaryCase& c : quotient) {
    INFO("div(" << c.left << ", " << c.right << ")");
    CHECK(outcome([&] { return format_decimal(decimal_div_trunc(dec(c.left), dec(c.right))); }) ==
          c.expected);
  }
}

TEST_CASE("numeric addition, subtraction and multiplication keep exact scales", "[decimal]") {
  const BinaryCase sums[] = {
      {"1.5", "2.25", "3.75"},
      {"1.50", "1", "2.50"},
      {"-0.5", "0.5", "0.0"},
      {"1.0", "2.00", "3.00"},
      {"1.00", "1", "2.00"},
      {"0.1", "0.3", "0.4"},
      {"0.0000000001", "0.0000000001", "0.0000000002"},
      {"-3", "7", "4"},
  };
  for (const BinaryCase& c : sums) {
    INFO(c.left << " + " << c.right);
    CHECK(format_decimal(decimal_add(dec(c.left), dec(c.right))) == c.expected);
  }
  const BinaryCase differences[] = {
      {"1.5", "2.25", "-0.75"},
      {"1.50", "1", "0.50"},
      {"-0.5", "0.5", "-1.0"},
      {"1.0", "2.00", "-1.00"},
      {"1.00", "1", "0.00"},
      {"0.1", "0.3", "-0.2"},
      {"0.0000000001", "0.0000000001", "0.0000000000"},
      {"-3", "7", "-10"},
  };
  for (const BinaryCase& c : differences) {
    INFO(c.left << " - " << c.right);
    CHECK(format_decimal(decimal_sub(dec(c.left), dec(c.right))) == c.expected);
  }
  const BinaryCase products[] = {
      {"1.5", "2.25", "3.375"},
      {"1.50", "1", "1.50"},
      {"-0.5", "0.5", "-0.25"},
      {"1.0", "2.00", "2.000"},
      {"1.00", "1", "1.00"},
      {"0.1", "0.3", "0.03"},
      {"0.0000000001", "0.0000000001", "0.00000000000000000001"},
      {"-3", "7", "-21"},
  };
  for (const BinaryCase& c : products) {
    INFO(c.left << " * " << c.right);
    CHECK(format_decimal(decimal_mul(dec(c.left), dec(c.right))) == c.expected);
  }
  CHECK(format_decimal(decimal_negate(dec("0.00"))) == "0.00");
  CHECK(format_decimal(decimal_abs(dec("-1.50"))) == "1.50");
  CHECK(decimal_sign(dec("-1.50")) == -1);
  CHECK(decimal_sign(dec("0.00")) == 0);
}

TEST_CASE("numeric comparison ignores the scale", "[decimal]") {
  const BinaryCase cases[] = {
      {"1.50", "1.5", "0"},
      {"1.50", "1.499999", "1"},
      {"-1", "0.0", "-1"},
      {"-1.5", "-1.49", "-1"},
      {"0", "-0.0", "0"},
      {"1e30", "1e-30", "1"},
      {"99999999999999999999999999999999999999", "1e-10", "1"},
      {"1.5", "2.25", "-1"},
      {"1.50", "1", "1"},
      {"-0.5", "0.5", "-1"},
      {"1.0", "2.00", "-1"},
      {"1.00", "1", "0"},
      {"0.1", "0.3", "-1"},
      {"0.0000000001", "0.0000000001", "0"},
      {"-3", "7", "-1"},
  };
  for (const BinaryCase& c : cases) {
    INFO("numeric_cmp(" << c.left << ", " << c.right << ")");
    CHECK(std::to_string(decimal_compare(dec(c.left), dec(c.right))) == c.expected);
    CHECK(decimal_compare(dec(c.right), dec(c.left)) == -std::stoi(c.expected));
  }
  CHECK(decimal_hash(dec("1.50")) == decimal_hash(dec("1.5")));
  CHECK(decimal_hash(dec("0.000")) == decimal_hash(dec("-0")));
  CHECK(decimal_hash(dec("100")) == decimal_hash(dec("100.00")));
  CHECK(decimal_hash(dec("100")) != decimal_hash(dec("10")));
  CHECK(format_decimal(decimal_normalize(dec("1.500"))) == "1.5");
  CHECK(format_decimal(decimal_normalize(dec("100.00"))) == "100");
}

TEST_CASE("round and trunc round half away from zero to any scale", "[decimal]") {
  const ScaleCase rounded[] = {
      {"2.5", 0, "3"},        {"-2.5", 0, "-3"},    {"1.2345", 2, "1.23"},  {"1.2355", 3, "1.236"},
      {"1234.5", -2, "1200"}, {"1250", -2, "1300"}, {"-1250", -2, "-1300"}, {"1.5", 5, "1.50000"},
      {"0.5", -1, "0"},       {"5.5", -1, "10"},    {"1.999", 2, "2.00"},   {"-1.999", 0, "-2"},
      {"0.0000", 2, "0.00"},  {"123.456", -5, "0"}, {"-0.5", 0, "-1"},      {"12.5", -1001, "0"},
  };
  for (const ScaleCase& c : rounded) {
    INFO("round(" << c.value << ", " << c.scale << ")");
    CHECK(format_decimal(decimal_round(dec(c.value), c.scale)) == c.expected);
  }
  const ScaleCase truncated[] = {
      {"2.5", 0, "2"},        {"-2.5", 0, "-2"},    {"1.2345", 2, "1.23"},  {"1.2355", 3, "1.235"},
      {"1234.5", -2, "1200"}, {"1250", -2, "1200"}, {"-1250", -2, "-1200"}, {"1.5", 5, "1.50000"},
      {"0.5", -1, "0"},       {"5.5", -1, "0"},     {"1.999", 2, "1.99"},   {"-1.999", 0, "-1"},
      {"0.0000", 2, "0.00"},  {"123.456", -5, "0"}, {"-0.5", 0, "0"},       {"12.5", -1001, "0"},
  };
  for (const ScaleCase& c : truncated) {
    INFO("trunc(" << c.value << ", " << c.scale << ")");
    CHECK(format_decimal(decimal_trunc(dec(c.value), c.scale)) == c.expected);
  }
  const Expectation ceilings[] = {
      {"1.2", "2"}, {"-1.2", "-1"}, {"1.00", "1"}, {"-1.00", "-1"},
      {"0.5", "1"}, {"-0.5", "0"},  {"0", "0"},    {"99.999", "100"},
  };
  for (const Expectation& c : ceilings) {
    INFO("ceil(" << c.input << ")");
    CHECK(format_decimal(decimal_ceil(dec(c.input))) == c.expected);
  }
  const Expectation floors[] = {
      {"1.2", "1"}, {"-1.2", "-2"}, {"1.00", "1"}, {"-1.00", "-1"},
      {"0.5", "0"}, {"-0.5", "-1"}, {"0", "0"},    {"99.999", "99"},
  };
  for (const Expectation& c : floors) {
    INFO("floor(" << c.input << ")");
    CHECK(format_decimal(decimal_floor(dec(c.input))) == c.expected);
  }
}

TEST_CASE("numeric(p,s) rounds and reports field overflow like apply_typmod", "[decimal]") {
  struct TypmodCase {
    const char* value;
    int precision;
    int scale;
    const char* expected;
  };
  const TypmodCase cases[] = {
      {"123.456", 5, -1, "120"},
      {"12345.6", 5, 2,
       "ERROR 22003: numeric field overflow DETAIL: A field with precision 5, scale 2 must round "
       "to an absolute value less than 10^3."},
      {"0.5", 2, 5,
       "ERROR 22003: numeric field overflow DETAIL: A field with precision 2, scale 5 must round "
       "to an absolute value less than 10^-3."},
      {"0.0001", 2, 5, "0.00010"},
      {"1", 3, 3,
       "ERROR 22003: numeric field overflow DETAIL: A field with precision 3, scale 3 must round "
       "to an absolute value less than 1."},
      {"9.995", 3, 2,
       "ERROR 22003: numeric field overflow DETAIL: A field with precision 3, scale 2 must round "
       "to an absolute value less than 10^1."},
      {"-9.995", 4, 2, "-10.00"},
      {"123456", 5, -1, "123460"},
      {"1.555", 3, 2, "1.56"},
      {"0", 1, 0, "0"},
      {"0.4", 1, 0, "0"},
      {"0.5", 1, 0, "1"},
      {"99.5", 2, 0,
       "ERROR 22003: numeric field overflow DETAIL: A field with precision 2, scale 0 must round "
       "to an absolute value less than 10^2."},
      {"-99.4", 2, 0, "-99"},
      {"12.345", 15, 2, "12.35"},
      {"1e30", 38, 0, "1000000000000000000000000000000"},
      {"1", 38, 38,
       "ERROR 22003: numeric field overflow DETAIL: A field with precision 38, scale 38 must round "
       "to an absolute value less than 1."},
      {"0.00001", 5, 3, "0.000"},
  };
  for (const TypmodCase& c : cases) {
    INFO(c.value << "::numeric(" << c.precision << "," << c.scale << ")");
    CHECK(outcome([&] {
            return format_decimal(decimal_apply_typmod(dec(c.value), c.precision, c.scale));
          }) == c.expected);
  }
}

TEST_CASE("numeric casts to and from floats and integers", "[decimal]") {
  const Expectation to_double[] = {
      {"0.1", "0.1"},
      {"1.23456789012345678901234567890", "1.2345678901234567"},
      {"123456789012345678901234567890", "1.2345678901234568e+29"},
      {"1.5", "1.5"},
      {"-2.5", "-2.5"},
      {"1e-300", "1e-300"},
      {"1e-400",
       "ERROR 22003: "
       "\"0."
       "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
       "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
       "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
       "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
       "000000000000000000000000000000000001\" is out of range for type double precision"},
      {"1e-320", "1e-320"},
      {"0", "0"},
  };
  for (const Expectation& c : to_double) {
    INFO(c.input << "::numeric::float8");
    CHECK(outcome([&] { return format_float8(decimal_to_double(dec(c.input))); }) == c.expected);
  }
  const Expectation to_float[] = {
      {"0.1", "0.1"},
      {"1.5", "1.5"},
      {"1e-50",
       "ERROR 22003: \"0.00000000000000000000000000000000000000000000000001\" is out of range for "
       "type real"},
      {"1e-40", "1e-40"},
      {"16777217", "1.6777216e+07"},
  };
  for (const Expectation& c : to_float) {
    INFO(c.input << "::numeric::float4");
    CHECK(outcome([&] { return format_float4(decimal_to_float(dec(c.input))); }) == c.expected);
  }
  const Expectation from_double[] = {
      {"0.1", "0.1"},
      {"1e20", "100000000000000000000"},
      {"1.5e-7", "0.00000015"},
      {"123456789.123456789", "123456789.123457"},
      {"0.3333333333333333", "0.333333333333333"},
      {"-0", "0"},
      {"2.5e-5", "0.000025"},
      {"1e-310",
       "0."
       "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
       "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
       "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
       "0000000000000000000000000000000000000999999999999997"},
      {"12345678912345678", "12345678912345700"},
      {"9.999999999999999e22", "100000000000000000000000"},
  };
  for (const Expectation& c : from_double) {
    INFO(c.input << "::float8::numeric");
    CHECK(format_decimal(decimal_from_double(parse_float8(c.input))) == c.expected);
  }
  const Expectation from_float[] = {
      {"0.1", "0.1"},
      {"1e-45", "0.0000000000000000000000000000000000000000000014013"},
      {"123456.7", "123457"},
      {"0.333333343", "0.333333"},
  };
  for (const Expectation& c : from_float) {
    INFO(c.input << "::float4::numeric");
    CHECK(format_decimal(decimal_from_float(parse_float4(c.input))) == c.expected);
  }
  const Expectation to_bigint[] = {
      {"2.5", "3"},
      {"3.5", "4"},
      {"-2.5", "-3"},
      {"9223372036854775807.5", "ERROR 22003: bigint out of range"},
      {"9223372036854775807.4", "9223372036854775807"},
      {"-9223372036854775808.5", "ERROR 22003: bigint out of range"},
      {"-9223372036854775808.4", "-9223372036854775808"},
  };
  for (const Expectation& c : to_bigint) {
    INFO(c.input << "::numeric::int8");
    CHECK(outcome([&] { return std::to_string(decimal_to_int64(dec(c.input))); }) == c.expected);
  }
  const Expectation to_integer[] = {
      {"2147483647.5", "ERROR 22003: integer out of range"},  {"2147483647.4", "2147483647"},
      {"-2147483648.5", "ERROR 22003: integer out of range"}, {"-2147483648.4", "-2147483648"},
      {"1e10", "ERROR 22003: integer out of range"},
  };
  for (const Expectation& c : to_integer) {
    INFO(c.input << "::numeric::int4");
    CHECK(outcome([&] { return std::to_string(decimal_to_int32(dec(c.input))); }) == c.expected);
  }
  const Expectation to_smallint[] = {
      {"32767.5", "ERROR 22003: smallint out of range"},
      {"32767.4", "32767"},
      {"-32768.5", "ERROR 22003: smallint out of range"},
      {"-32768.4", "-32768"},
      {"0.5", "1"},
  };
  for (const Expectation& c : to_smallint) {
    INFO(c.input << "::numeric::int2");
    CHECK(outcome([&] { return std::to_string(decimal_to_int16(dec(c.input))); }) == c.expected);
  }
  CHECK(format_decimal(decimal_from_int(std::numeric_limits<std::int64_t>::min())) ==
        "-9223372036854775808");
}

// Where ptreedb deliberately differs from PostgreSQL: 38 significant digits
// instead of 131072.
TEST_CASE("values beyond 38 digits raise 22003 instead of wrapping", "[decimal]") {
  const std::string overflow = "ERROR 22003: value overflows numeric format";
  const auto check = [&](auto produce) {
    CHECK(outcome([&] { return format_decimal(produce()); }) == overflow);
  };
  check([] { return dec("123456789012345678901234567890123456789"); });
  check([] { return dec("1.00000000000000000000000000000000000000"); });
  check([] { return decimal_add(dec("99999999999999999999999999999999999999"), dec("1")); });
  check([] { return decimal_sub(dec("-99999999999999999999999999999999999999"), dec("1")); });
  check([] { return decimal_mul(dec("99999999999999999999"), dec("9999999999999999999")); });
  check([] { return decimal_mul(dec("1.000000000000000000000"), dec("1.000000000000000000000")); });
  check([] { return decimal_div(dec("2"), dec("0.000000000000000000000000000000003")); });
  check([] { return decimal_round(dec("99999999999999999999999999999999999999"), -1); });
  check([] { return decimal_round(dec("1.5"), 40); });
  check([] { return decimal_add(dec("1e37"), dec("1e-10")); });
  // The largest magnitudes still work.
  CHECK(format_decimal(decimal_add(dec("99999999999999999999999999999999999998"), dec("1"))) ==
        "99999999999999999999999999999999999999");
  CHECK(format_decimal(decimal_mul(dec("9999999999999999999"), dec("9999999999999999999"))) ==
        "99999999999999999980000000000000000001");
  CHECK(format_decimal(decimal_div(dec("99999999999999999999999999999999999999"),
                                   dec("99999999999999999999999999999999999999"))) ==
        "1.00000000000000000000");
}

TEST_CASE("products and sums of operands near 64 bits stay exact", "[decimal]") {
  // Operands that fit 64-bit units take one 64x64->128 multiply; wider ones the
  // checked 128-bit path. Both give PostgreSQL's digits.
  const BinaryCase products[] = {
      {"999999999.999999999", "999999999.999999999", "999999999999999998.000000000000000001"},
      {"9223372036854775807", "9223372036854775807", "85070591730234615847396907784232501249"},
      {"-9223372036854775808", "-9223372036854775808", "85070591730234615865843651857942052864"},
      {"9223372036854775808", "9223372036854775808", "85070591730234615865843651857942052864"},
      {"-9223372036854775808", "9223372036854775807", "-85070591730234615856620279821087277056"},
      {"0.000000001", "3", "0.000000003"},
      {"1000000000000000000", "-0.01", "-10000000000000000.00"},
  };
  for (const BinaryCase& c : products) {
    INFO(c.left << " * " << c.right);
    CHECK(format_decimal(decimal_mul(dec(c.left), dec(c.right))) == c.expected);
  }
  CHECK(format_decimal(decimal_add(dec("9223372036854775807"), dec("1"))) == "9223372036854775808");
  CHECK(format_decimal(decimal_sub(dec("-9223372036854775807"), dec("2.5"))) == "-9223372036854775809.5");
  // A sum of many values crossing 64 bits, at one scale.
  Decimal total = dec("0.00");
  for (int i = 0; i < 1000; ++i) total = decimal_add(total, dec("92233720368547758.07"));
  CHECK(format_decimal(total) == "92233720368547758070.00");
  // A scale past PostgreSQL's limit is an overflow even when the units are small.
  Decimal tiny{1, kDecimalMaxScale};
  CHECK(outcome([&] { return format_decimal(decimal_mul(tiny, dec("0.1"))); }) ==
        "ERROR 22003: value overflows numeric format");
}

TEST_CASE("a constant rescaled to its column's scale only when exact", "[decimal]") {
  Decimal value = dec("24");
  REQUIRE(decimal_rescale_exact(value, 2));
  CHECK(format_decimal(value) == "24.00");
  CHECK(decimal_compare(value, dec("24")) == 0);
  Decimal narrower = dec("0.05");
  CHECK_FALSE(decimal_rescale_exact(narrower, 1));  // would drop a digit
  CHECK(format_decimal(narrower) == "0.05");
  Decimal wide = dec("99999999999999999999999999999999999999");
  CHECK_FALSE(decimal_rescale_exact(wide, 1));  // would need 39 digits
  CHECK(format_decimal(wide) == "99999999999999999999999999999999999999");
}

TEST_CASE("NaN and the infinities follow numeric.c", "[decimal]") {
  const auto text = [](Decimal value) { return format_decimal(value); };
  CHECK(text(dec(" nan ")) == "NaN");
  CHECK(text(dec("+inf")) == "Infinity");
  CHECK(text(dec(" -INFINITY")) == "-Infinity");
  CHECK(outcome([&] { return text(dec("- inf")); }) == "ERROR 22P02: invalid input syntax for type numeric: \"- inf\"");
  CHECK(outcome([&] { return text(dec("+nan")); }) == "ERROR 22P02: invalid input syntax for type numeric: \"+nan\"");
  const Decimal nan = kDecimalNaN, inf = kDecimalInfinity, ninf = kDecimalNegativeInfinity;
  // Order: -Infinity < numbers < Infinity < NaN, whatever the other's scale.
  CHECK(decimal_compare(nan, nan) == 0);
  CHECK(decimal_compare(nan, inf) == 1);
  CHECK(decimal_compare(inf, dec("99999999999999999999999999999999999999")) == 1);
  CHECK(decimal_compare(dec("1.5"), inf) == -1);
  CHECK(decimal_compare(ninf, dec("-0.0000000001")) == -1);
  CHECK(decimal_compare(dec("-99999999999999999999999999999999999999"), ninf) == 1);
  CHECK(decimal_compare(ninf, ninf) == 0);
  // Arithmetic, on the same scale (fast paths) and on others.
  CHECK(text(decimal_add(inf, dec("1"))) == "Infinity");
  CHECK(text(decimal_add(dec("1.25"), ninf)) == "-Infinity");
  CHECK(text(decimal_add(inf, ninf)) == "NaN");
  CHECK(text(decimal_add(nan, ninf)) == "NaN");
  CHECK(text(decimal_sub(inf, inf)) == "NaN");
  CHECK(text(decimal_sub(dec("5"), ninf)) == "Infinity");
  CHECK(text(decimal_mul(inf, dec("-0.5"))) == "-Infinity");
  CHECK(text(decimal_mul(ninf, dec("0.00"))) == "NaN");
  CHECK(text(decimal_mul(ninf, ninf)) == "Infinity");
  CHECK(text(decimal_mul(nan, dec("0"))) == "NaN");
  CHECK(text(decimal_div(dec("1.50"), inf)) == "0");
  CHECK(text(decimal_div(ninf, dec("-3"))) == "Infinity");
  CHECK(text(decimal_div(inf, ninf)) == "NaN");
  CHECK(text(decimal_div(nan, dec("0"))) == "NaN");
  CHECK(outcome([&] { return text(decimal_div(inf, dec("0"))); }) == "ERROR 22012: division by zero");
  CHECK(text(decimal_mod(dec("5.5"), ninf)) == "5.5");
  CHECK(text(decimal_mod(inf, dec("2"))) == "NaN");
  CHECK(outcome([&] { return text(decimal_mod(ninf, dec("0"))); }) == "ERROR 22012: division by zero");
  CHECK(text(decimal_div_trunc(inf, dec("-2"))) == "-Infinity");
  CHECK(text(decimal_div_trunc(dec("7"), inf)) == "0");
  CHECK(text(decimal_negate(nan)) == "NaN");
  CHECK(text(decimal_negate(inf)) == "-Infinity");
  CHECK(text(decimal_abs(ninf)) == "Infinity");
  CHECK(text(decimal_round(ninf, 2)) == "-Infinity");
  CHECK(text(decimal_trunc(nan, -1)) == "NaN");
  CHECK(text(decimal_floor(inf)) == "Infinity");
  CHECK(text(decimal_ceil(ninf)) == "-Infinity");
  CHECK(text(decimal_normalize(inf)) == "Infinity");
  CHECK(decimal_hash(nan) == decimal_hash(kDecimalNaN));
  // Typmods take NaN, never an infinity; integers take neither.
  CHECK(text(decimal_apply_typmod(nan, 3, 1)) == "NaN");
  CHECK(outcome([&] { return text(decimal_apply_typmod(inf, 10, 2)); }) ==
        "ERROR 22003: numeric field overflow DETAIL: A field with precision 10, scale 2 cannot hold an infinite "
        "value.");
  CHECK(outcome([&] { return std::to_string(decimal_to_int32(nan)); }) == "ERROR 0A000: cannot convert NaN to integer");
  CHECK(outcome([&] { return std::to_string(decimal_to_int64(ninf)); }) ==
        "ERROR 0A000: cannot convert infinity to bigint");
  CHECK(std::isnan(decimal_to_double(nan)));
  CHECK(decimal_to_double(ninf) == -std::numeric_limits<double>::infinity());
  CHECK(text(decimal_from_double(std::numeric_limits<double>::infinity())) == "Infinity");
  CHECK(text(decimal_from_float(-std::numeric_limits<float>::infinity())) == "-Infinity");
  CHECK(text(decimal_from_double(std::numeric_limits<double>::quiet_NaN())) == "NaN");
  // A rescale to a finite scale never applies to them.
  Decimal rescaled = inf;
  CHECK_FALSE(decimal_rescale_exact(rescaled, 2));
}
