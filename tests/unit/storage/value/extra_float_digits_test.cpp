// float4out/float8out under extra_float_digits, installed as a value or a
// source; every expected text is what PostgreSQL 15 printed for the same
// value and setting.
#include "storage/value/extra_float_digits.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "storage/value/text_format.h"

using namespace ptreedb::value;

namespace {

class FixedSource final : public ExtraFloatDigitsSource {
 public:
  explicit FixedSource(int digits) : digits_(digits) {}
  int extra_float_digits() override { return digits_; }

 private:
  int digits_;
};

}  // namespace

TEST_CASE("without a setting installed, floats print shortest", "[extra_float_digits]") {
  CHECK(session_extra_float_digits() == 1);
  CHECK(format_float8(131.10703231895047) == "131.10703231895047");
  CHECK(format_float4(0.1f + 0.2f) == "0.3");
}

TEST_CASE("at 0 and below, floats round to the type's digits plus the setting", "[extra_float_digits]") {
  {
    ExtraFloatDigitsScope scope(0);
    CHECK(format_float8(131.10703231895047) == "131.10703231895");
    CHECK(format_float8(1e20) == "1e+20");
    CHECK(format_float8(1.5e-5) == "1.5e-05");
    CHECK(format_float8(123456789012345678.0) == "1.23456789012346e+17");
    CHECK(format_float8(-0.0) == "-0");
    CHECK(format_float8(std::numeric_limits<double>::quiet_NaN()) == "NaN");
    CHECK(format_float4(-std::numeric_limits<float>::infinity()) == "-Infinity");
    {
      FixedSource source(-15);
      ExtraFloatDigitsScope inner(&source);
      CHECK(format_float8(131.10703231895047) == "1e+02");
      CHECK(format_float4(2.5f) == "2");
    }
    CHECK(format_float8(131.10703231895047) == "131.10703231895");
  }
  CHECK(format_float8(131.10703231895047) == "131.10703231895047");
}
