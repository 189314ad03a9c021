// PostgreSQL text input/output of int2/int4/int8, float4/float8 and boolean.
// Expected texts were printed by PostgreSQL 15.18 for 'input'::type.
#include "storage/value/text_format.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::Expectation;
using ptreedb::value::testing::outcome;

TEST_CASE("smallint input is range-checked and allows surrounding spaces", "[text_format]") {
  const Expectation cases[] = {
      {"0", "0"},
      {" 12 ", "12"},
      {"-0", "0"},
      {"+5", "5"},
      {"abc", "ERROR 22P02: invalid input syntax for type smallint: \"abc\""},
      {"1.5", "ERROR 22P02: invalid input syntax for type smallint: \"1.5\""},
      {"", "ERROR 22P02: invalid input syntax for type smallint: \"\""},
      {" ", "ERROR 22P02: invalid input syntax for type smallint: \" \""},
      {"1 2", "ERROR 22P02: invalid input syntax for type smallint: \"1 2\""},
      {"0x10", "ERROR 22P02: invalid input syntax for type smallint: \"0x10\""},
      {"--1", "ERROR 22P02: invalid input syntax for type smallint: \"--1\""},
      {"+-1", "ERROR 22P02: invalid input syntax for type smallint: \"+-1\""},
      {"1-", "ERROR 22P02: invalid input syntax for type smallint: \"1-\""},
      {"007", "7"},
      {"32767", "32767"},
      {"32768", "ERROR 22003: value \"32768\" is out of range for type smallint"},
      {"-32768", "-32768"},
      {"-32769", "ERROR 22003: value \"-32769\" is out of range for type smallint"},
      {"  99999999999  ",
       "ERROR 22003: value \"  99999999999  \" is out of range for type smallint"},
  };
  for (const Expectation& c : cases) {
    INFO("input: '" << c.input << "'");
    CHECK(outcome([&] { return format_int(parse_int16(c.input)); }) == c.expected);
  }
}

TEST_CASE("integer input is range-checked and allows surrounding spaces", "[text_format]") {
  const Expectation cases[] = {
      {"0", "0"},
      {" 12 ", "12"},
      {"-0", "0"},
      {"+5", "5"},
      {"abc", "ERROR 22P02: invalid input syntax for type integer: \"abc\""},
      {"1.5", "ERROR 22P02: invalid input syntax for type integer: \"1.5\""},
      {"", "ERROR 22P02: invalid input syntax for type integer: \"\""},
      {" ", "ERROR 22P02: invalid input syntax for type integer: \" \""},
      {"1 2", "ERROR 22P02: invalid input syntax for type integer: \"1 2\""},
      {"0x10", "ERROR 22P02: invalid input syntax for type integer: \"0x10\""},
      {"--1", "ERROR 22P02: invalid input syntax for type integer: \"--1\""},
      {"+-1", "ERROR 22P02: invalid input syntax for type integer: \"+-1\""},
      {"1-", "ERROR 22P02: invalid input syntax for type integer: \"1-\""},
      {"007", "7"},
      {"2147483647", "2147483647"},
      {"2147483648", "ERROR 22003: value \"2147483648\" is out of range for type integer"},
      {"-2147483648", "-2147483648"},
      {"-2147483649", "ERROR 22003: value \"-2147483649\" is out of range for type integer"},
      {"  99999999999  ",
       "ERROR 22003: value \"  99999999999  \" is out of range for type integer"},
  };
  for (const Expectation& c : cases) {
    INFO("input: '" << c.input << "'");
    CHECK(outcome([&] { return format_int(parse_int32(c.input)); }) == c.expected);
  }
  CHECK(parse_int32(" \t1\n") == 1);
}

TEST_CASE("bigint input is range-checked and allows surrounding spaces", "[text_format]") {
  const Expectation cases[] = {
      {"0", "0"},
      {" 12 ", "12"},
      {"-0", "0"},
      {"+5", "5"},
      {"abc", "ERROR 22P02: invalid input syntax for type bigint: \"abc\""},
      {"1.5", "ERROR 22P02: invalid input syntax for type bigint: \"1.5\""},
      {"", "ERROR 22P02: invalid input syntax for type bigint: \"\""},
      {" ", "ERROR 22P02: invalid input syntax for type bigint: \" \""},
      {"1 2", "ERROR 22P02: invalid input syntax for type bigint: \"1 2\""},
      {"0x10", "ERROR 22P02: invalid input syntax for type bigint: \"0x10\""},
      {"--1", "ERROR 22P02: invalid input syntax for type bigint: \"--1\""},
      {"+-1", "ERROR 22P02: invalid input syntax for type bigint: \"+-1\""},
      {"1-", "ERROR 22P02: invalid input syntax for type bigint: \"1-\""},
      {"007", "7"},
      {"9223372036854775807", "9223372036854775807"},
      {"9223372036854775808",
       "ERROR 22003: value \"9223372036854775808\" is out of range for type bigint"},
      {"-9223372036854775808", "-9223372036854775808"},
      {"-9223372036854775809",
       "ERROR 22003: value \"-9223372036854775809\" is out of range for type bigint"},
      {"99999999999999999999999",
       "ERROR 22003: value \"99999999999999999999999\" is out of range for type bigint"},
  };
  for (const Expectation& c : cases) {
    INFO("input: '" << c.input << "'");
    CHECK(outcome([&] { return format_int(parse_int64(c.input)); }) == c.expected);
  }
  CHECK(format_int(std::numeric_limits<std::int64_t>::min()) == "-9223372036854775808");
}

TEST_CASE("double precision input and shortest round-trip output", "[text_format]") {
  const Expectation cases[] = {
      {"0.1", "0.1"},
      {"1e20", "1e+20"},
      {"1e15", "1e+15"},
      {"1e14", "100000000000000"},
      {"123456789012345.6", "123456789012345.6"},
      {"1234567890123456.7", "1.2345678901234568e+15"},
      {"0.0001", "0.0001"},
      {"0.00001", "1e-05"},
      {"1.5e-5", "1.5e-05"},
      {"1e-310", "1e-310"},
      {"1.7976931348623157e308", "1.7976931348623157e+308"},
      {"-0", "-0"},
      {"0", "0"},
      {"100", "100"},
      {"1e100", "1e+100"},
      {"1.5e300", "1.5e+300"},
      {"2.5", "2.5"},
      {"0.3333333333333333", "0.3333333333333333"},
      {"NaN", "NaN"},
      {"Infinity", "Infinity"},
      {"-Infinity", "-Infinity"},
      {" 1.5 ", "1.5"},
      {"inf", "Infinity"},
      {"+inf", "Infinity"},
      {"-INF", "-Infinity"},
      {"infinity", "Infinity"},
      {"+Infinity", "Infinity"},
      {"nan", "NaN"},
      {"NAN", "NaN"},
      {"-nan", "NaN"},
      {".5", "0.5"},
      {"5.", "5"},
      {"1e5", "100000"},
      {"0x10", "16"},
      {"1E+02", "100"},
      {"abc", "ERROR 22P02: invalid input syntax for type double precision: \"abc\""},
      {"", "ERROR 22P02: invalid input syntax for type double precision: \"\""},
      {"1.5x", "ERROR 22P02: invalid input syntax for type double precision: \"1.5x\""},
      {"1e400", "ERROR 22003: \"1e400\" is out of range for type double precision"},
      {"-1e400", "ERROR 22003: \"-1e400\" is out of range for type double precision"},
      {"1e-400", "ERROR 22003: \"1e-400\" is out of range for type double precision"},
      {"1e-320", "1e-320"},
      {" 1e-400", "ERROR 22003: \"1e-400\" is out of range for type double precision"},
      {"1e400x", "ERROR 22003: \"1e400\" is out of range for type double precision"},
      {"--5", "ERROR 22P02: invalid input syntax for type double precision: \"--5\""},
      {"+-5", "ERROR 22P02: invalid input syntax for type double precision: \"+-5\""},
      {"1.5 e3", "ERROR 22P02: invalid input syntax for type double precision: \"1.5 e3\""},
      {"nan(123)", "NaN"},
      {"-0x1p3", "-8"},
      {"- 5", "ERROR 22P02: invalid input syntax for type double precision: \"- 5\""},
      {"123456789012345680000", "1.2345678901234568e+20"},
      {"9.999999999999999e14", "999999999999999.9"},
      {"99999999999999.99", "99999999999999.98"},
      {"5e-324", "5e-324"},
      {"2.2250738585072014e-308", "2.2250738585072014e-308"},
      {"4.35", "4.35"},
      {"0.000123456789", "0.000123456789"},
      {"1234567.125", "1234567.125"},
      {"-1.5e-10", "-1.5e-10"},
      {"1e22", "1e+22"},
      {"1e21", "1e+21"},
      {"9007199254740993", "9.007199254740992e+15"},
      {"1.0", "1"},
      {"0e10", "0"},
      {"e5", "ERROR 22P02: invalid input syntax for type double precision: \"e5\""},
      {".", "ERROR 22P02: invalid input syntax for type double precision: \".\""},
      {"2.271337695899985e+16", "2.2713376958999848e+16"},
      {"6.464535584586278e+16", "6.4645355845862784e+16"},
      {"6.08851748949384e+17", "6.088517489493839e+17"},
      {"1.881446235817136e+18", "1.8814462358171361e+18"},
  };
  for (const Expectation& c : cases) {
    INFO("input: '" << c.input << "'");
    CHECK(outcome([&] { return format_float8(parse_float8(c.input)); }) == c.expected);
  }
  CHECK(format_float8(parse_float8("\t1.5\n")) == "1.5");
}

TEST_CASE("real input and shortest round-trip output", "[text_format]") {
  const Expectation cases[] = {
      {"0.1", "0.1"},
      {"1e20", "1e+20"},
      {"1e6", "1e+06"},
      {"123456", "123456"},
      {"1234567", "1.234567e+06"},
      {"0.0001", "0.0001"},
      {"0.00001", "1e-05"},
      {"0.33333334", "0.33333334"},
      {"3.4028235e38", "3.4028235e+38"},
      {"1e-45", "1e-45"},
      {"nan", "NaN"},
      {"16777217", "1.6777216e+07"},
      {"1e39", "ERROR 22003: \"1e39\" is out of range for type real"},
      {"1e-46", "ERROR 22003: \"1e-46\" is out of range for type real"},
      {"1e-40", "1e-40"},
      {"abc", "ERROR 22P02: invalid input syntax for type real: \"abc\""},
      {"1.5e+1000", "ERROR 22003: \"1.5e+1000\" is out of range for type real"},
      {"-0", "-0"},
      {"infinity", "Infinity"},
      {"3.4028236e38", "ERROR 22003: \"3.4028236e38\" is out of range for type real"},
      {"1.17549435e-38", "1.1754944e-38"},
      {"100000", "100000"},
      {"999999", "999999"},
      {"9999999", "9.999999e+06"},
      {"0.1234567", "0.1234567"},
      {"-193427392.0", "-1.9342739e+08"},
      {"83748224.183", "8.3748224e+07"},
      {"55811952.1", "5.5811952e+07"},
  };
  for (const Expectation& c : cases) {
    INFO("input: '" << c.input << "'");
    CHECK(outcome([&] { return format_float4(parse_float4(c.input)); }) == c.expected);
  }
}

TEST_CASE("float output reads back to the same value", "[text_format]") {
  std::mt19937_64 random(42);
  for (int i = 0; i < 20000; ++i) {
    const std::uint64_t bits = random();
    double value;
    static_assert(sizeof value == sizeof bits);
    std::memcpy(&value, &bits, sizeof value);
    if (std::isnan(value)) continue;
    const std::string text = format_float8(value);
    INFO(text);
    REQUIRE(parse_float8(text) == value);
    const float narrow = static_cast<float>(value);
    if (std::isinf(narrow) || narrow == 0) continue;
    REQUIRE(parse_float4(format_float4(narrow)) == narrow);
  }
}

TEST_CASE("boolean input accepts PostgreSQL's words and prefixes", "[text_format]") {
  const Expectation cases[] = {
      {"t", "t"},
      {"TRUE", "t"},
      {" yes ", "t"},
      {"on", "t"},
      {"1", "t"},
      {"f", "f"},
      {"FALSE", "f"},
      {"no", "f"},
      {"off", "f"},
      {"0", "f"},
      {"tr", "t"},
      {"y", "t"},
      {"n", "f"},
      {"of", "f"},
      {"fal", "f"},
      {"o", "ERROR 22P02: invalid input syntax for type boolean: \"o\""},
      {"yess", "ERROR 22P02: invalid input syntax for type boolean: \"yess\""},
      {"10", "ERROR 22P02: invalid input syntax for type boolean: \"10\""},
      {"", "ERROR 22P02: invalid input syntax for type boolean: \"\""},
      {"abc", "ERROR 22P02: invalid input syntax for type boolean: \"abc\""},
      {"  xyz ", "ERROR 22P02: invalid input syntax for type boolean: \"  xyz \""},
      {"True ", "t"},
      {"ye", "t"},
      {"ON", "t"},
      {"Off", "f"},
      {"yES", "t"},
      {"tRuE", "t"},
      {"fa", "f"},
      {"nO", "f"},
      {"true1", "ERROR 22P02: invalid input syntax for type boolean: \"true1\""},
      {"01", "ERROR 22P02: invalid input syntax for type boolean: \"01\""},
  };
  for (const Expectation& c : cases) {
    INFO("input: '" << c.input << "'");
    CHECK(outcome([&] { return format_bool(parse_bool(c.input)); }) == c.expected);
  }
  CHECK(parse_bool("\n t \n"));
}
