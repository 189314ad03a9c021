// Checked integer arithmetic and casts. Expected texts were printed by
// PostgreSQL 15.18 for the same expressions ('a'::int4 + 'b'::int4, ...).
#include "storage/value/integer_arith.h"

#include <catch2/catch.hpp>
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

}  // namespace

TEST_CASE("integer arithmetic raises PostgreSQL's out-of-range errors", "[integer_arith]") {
  const BinaryCase add4[] = {
      {"2147483647", "1", "ERROR 22003: integer out of range"},
      {"-2147483648", "-1", "ERROR 22003: integer out of range"},
      {"1", "-1", "0"},
      {"5", "7", "12"},
  };
  for (const BinaryCase& c : add4) {
    INFO(c.left << " + " << c.right);
    CHECK(outcome([&] { return format_int(int_add(parse_int32(c.left), parse_int32(c.right))); }) ==
          c.expected);
  }
  const BinaryCase mul4[] = {
      {"65536", "32768", "ERROR 22003: integer out of range"},
      {"-65536", "32768", "-2147483648"},
      {"-2147483648", "-1", "ERROR 22003: integer out of range"},
      {"46341", "46341", "ERROR 22003: integer out of range"},
      {"3", "-4", "-12"},
  };
  for (const BinaryCase& c : mul4) {
    INFO(c.left << " * " << c.right);
    CHECK(outcome([&] { return format_int(int_mul(parse_int32(c.left), parse_int32(c.right))); }) ==
          c.expected);
  }
  const BinaryCase div4[] = {
      {"7", "-2", "-3"},
      {"-7", "2", "-3"},
      {"-2147483648", "-1", "ERROR 22003: integer out of range"},
      {"1", "0", "ERROR 22012: division by zero"},
      {"0", "5", "0"},
      {"-2147483648", "2", "-1073741824"},
  };
  for (const BinaryCase& c : div4) {
    INFO(c.left << " / " << c.right);
    CHECK(outcome([&] { return format_int(int_div(parse_int32(c.left), parse_int32(c.right))); }) ==
          c.expected);
  }
  const BinaryCase mod4[] = {
      {"7", "-2", "1"},
      {"-7", "2", "-1"},
      {"-2147483648", "-1", "0"},
      {"1", "0", "ERROR 22012: division by zero"},
      {"0", "5", "0"},
      {"-2147483648", "2", "0"},
  };
  for (const BinaryCase& c : mod4) {
    INFO(c.left << " % " << c.right);
    CHECK(outcome([&] { return format_int(int_mod(parse_int32(c.left), parse_int32(c.right))); }) ==
          c.expected);
  }
  const BinaryCase add2[] = {
      {"32767", "1", "ERROR 22003: smallint out of range"},
      {"-32768", "-1", "ERROR 22003: smallint out of range"},
      {"100", "200", "300"},
  };
  for (const BinaryCase& c : add2) {
    INFO(c.left << "::int2 + " << c.right << "::int2");
    CHECK(outcome([&] { return format_int(int_add(parse_int16(c.left), parse_int16(c.right))); }) ==
          c.expected);
  }
  const BinaryCase mul8[] = {
      {"4294967296", "2147483648", "ERROR 22003: bigint out of range"},
      {"-4294967296", "2147483648", "-9223372036854775808"},
      {"-9223372036854775808", "-1", "ERROR 22003: bigint out of range"},
      {"3037000500", "3037000500", "ERROR 22003: bigint out of range"},
  };
  for (const BinaryCase& c : mul8) {
    INFO(c.left << "::int8 * " << c.right << "::int8");
    CHECK(outcome([&] { return format_int(int_mul(parse_int64(c.left), parse_int64(c.right))); }) ==
          c.expected);
  }
  // -(-2147483648), abs(-2147483648) and -32768::int2 - 1: PostgreSQL errors.
  CHECK(outcome([] { return format_int(int_negate(std::numeric_limits<std::int32_t>::min())); }) ==
        "ERROR 22003: integer out of range");
  CHECK(outcome([] { return format_int(int_abs(std::numeric_limits<std::int32_t>::min())); }) ==
        "ERROR 22003: integer out of range");
  CHECK(outcome([] { return format_int(int_sub<std::int16_t>(-32768, 1)); }) ==
        "ERROR 22003: smallint out of range");
  CHECK(int_abs<std::int64_t>(-5) == 5);
}

TEST_CASE("integer casts check the target range", "[integer_arith]") {
  // 32768::int4::int2 and 2147483648::int8::int4 fail in PostgreSQL.
  CHECK(outcome([] { return format_int(int_cast<std::int16_t>(std::int32_t{32768})); }) ==
        "ERROR 22003: smallint out of range");
  CHECK(outcome([] { return format_int(int_cast<std::int32_t>(std::int64_t{2147483648})); }) ==
        "ERROR 22003: integer out of range");
  CHECK(int_cast<std::int16_t>(std::int64_t{-32768}) == -32768);
  CHECK(int_cast<std::int64_t>(std::int16_t{-1}) == -1);
}

TEST_CASE("float to integer rounds half to even", "[integer_arith]") {
  const Expectation to_integer[] = {
      {"2.5", "2"},
      {"3.5", "4"},
      {"-2.5", "-2"},
      {"2147483647.5", "ERROR 22003: integer out of range"},
      {"2147483647.4", "2147483647"},
      {"-2147483648.5", "-2147483648"},
      {"-2147483648.4", "-2147483648"},
      {"NaN", "ERROR 22003: integer out of range"},
      {"Infinity", "ERROR 22003: integer out of range"},
      {"1e10", "ERROR 22003: integer out of range"},
      {"0.49999999999999994", "0"},
  };
  for (const Expectation& c : to_integer) {
    INFO(c.input << "::float8::int4");
    CHECK(outcome([&] { return format_int(float_to_int<std::int32_t>(parse_float8(c.input))); }) ==
          c.expected);
  }
  const Expectation to_bigint[] = {
      {"9223372036854775807", "ERROR 22003: bigint out of range"},
      {"9223372036854775808", "ERROR 22003: bigint out of range"},
      {"-9223372036854775808", "-9223372036854775808"},
      {"9.2233720368547748e18", "9223372036854774784"},
      {"1e300", "ERROR 22003: bigint out of range"},
      {"-2.5", "-2"},
  };
  for (const Expectation& c : to_bigint) {
    INFO(c.input << "::float8::int8");
    CHECK(outcome([&] { return format_int(float_to_int<std::int64_t>(parse_float8(c.input))); }) ==
          c.expected);
  }
  const Expectation to_smallint[] = {
      {"32767.5", "ERROR 22003: smallint out of range"},
      {"32767.4", "32767"},
      {"-32768.5", "-32768"},
      {"-32768.6", "ERROR 22003: smallint out of range"},
      {"0.5", "0"},
      {"1.5", "2"},
  };
  for (const Expectation& c : to_smallint) {
    INFO(c.input << "::float4::int2");
    CHECK(outcome([&] { return format_int(float_to_int<std::int16_t>(parse_float4(c.input))); }) ==
          c.expected);
  }
}
