// float8/float4 arithmetic checks and ordering. Expected texts were printed by
// PostgreSQL 15.18 for the same expressions ('a'::float8 * 'b'::float8, ...).
#include "storage/value/float_arith.h"

#include <catch2/catch.hpp>
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

TEST_CASE("float arithmetic reports overflow, underflow and division by zero", "[float_arith]") {
  const BinaryCase products[] = {
      {"1e308", "10", "ERROR 22003: value out of range: overflow"},
      {"1e-308", "1e-100", "ERROR 22003: value out of range: underflow"},
      {"Infinity", "0", "NaN"},
      {"2", "3", "6"},
      {"-0", "5", "-0"},
  };
  for (const BinaryCase& c : products) {
    INFO(c.left << " * " << c.right);
    CHECK(outcome([&] {
            return format_float8(float_mul(parse_float8(c.left), parse_float8(c.right)));
          }) == c.expected);
  }
  const BinaryCase quotients[] = {
      {"1", "0", "ERROR 22012: division by zero"},
      {"0", "0", "ERROR 22012: division by zero"},
      {"NaN", "0", "NaN"},
      {"1e308", "1e-10", "ERROR 22003: value out of range: overflow"},
      {"1e-308", "1e100", "ERROR 22003: value out of range: underflow"},
      {"1", "3", "0.3333333333333333"},
      {"Infinity", "Infinity", "NaN"},
      {"1", "Infinity", "0"},
  };
  for (const BinaryCase& c : quotients) {
    INFO(c.left << " / " << c.right);
    CHECK(outcome([&] {
            return format_float8(float_div(parse_float8(c.left), parse_float8(c.right)));
          }) == c.expected);
  }
  const BinaryCase sums[] = {
      {"Infinity", "-Infinity", "NaN"},
      {"1e308", "1e308", "ERROR 22003: value out of range: overflow"},
      {"0.1", "0.2", "0.30000000000000004"},
  };
  for (const BinaryCase& c : sums) {
    INFO(c.left << " + " << c.right);
    CHECK(outcome([&] {
            return format_float8(float_add(parse_float8(c.left), parse_float8(c.right)));
          }) == c.expected);
  }
  // '1e38'::float4 * 10: overflow in single precision too.
  CHECK(outcome([] { return format_float4(float_mul(1e38f, 10.0f)); }) ==
        "ERROR 22003: value out of range: overflow");
  CHECK(outcome([] { return format_float8(float_sub(-1e308, 1e308)); }) ==
        "ERROR 22003: value out of range: overflow");
}

TEST_CASE("float8 to float4 reports overflow and underflow", "[float_arith]") {
  const Expectation cases[] = {
      {"1e39", "ERROR 22003: value out of range: overflow"},
      {"1e-50", "ERROR 22003: value out of range: underflow"},
      {"3.4e38", "3.4e+38"},
      {"0.1", "0.1"},
      {"1e-46", "ERROR 22003: value out of range: underflow"},
  };
  for (const Expectation& c : cases) {
    INFO(c.input << "::float8::float4");
    CHECK(outcome([&] { return format_float4(double_to_float(parse_float8(c.input))); }) ==
          c.expected);
  }
}

TEST_CASE("float ordering puts NaN last and equal to itself", "[float_arith]") {
  // PostgreSQL: 'NaN'::float8 = 'NaN'::float8 and 'NaN' > 'Infinity' are true,
  // -0.0 = 0.0 is true.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double infinity = std::numeric_limits<double>::infinity();
  CHECK(float_compare(nan, nan) == 0);
  CHECK(float_compare(nan, infinity) == 1);
  CHECK(float_compare(infinity, nan) == -1);
  CHECK(float_compare(-0.0, 0.0) == 0);
  CHECK(float_compare(1.0, 2.0) == -1);
  CHECK(float_hash(-0.0) == float_hash(0.0));
  CHECK(float_hash(nan) == float_hash(-nan));
  CHECK(float_compare(std::numeric_limits<float>::quiet_NaN(), 1.0f) == 1);
}
