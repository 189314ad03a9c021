// time without time zone: input, output and arithmetic. Expected texts were
// printed by PostgreSQL 15.18 for 'text'::time and the same expressions.
#include "storage/value/time_of_day.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>

#include "storage/value/date_time_fields.h"
#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::Expectation;
using ptreedb::value::testing::outcome;

namespace {

TimeOfDay time_of(const char* text) { return parse_time(text); }

}  // namespace

TEST_CASE("time input and output as PostgreSQL's time_in and time_out", "[time_of_day]") {
  const Expectation cases[] = {
      {"00:00", "00:00:00"},
      {"02:03 PST", "02:03:00"},
      {"11:59 EDT", "11:59:00"},
      {"11:59:59.99 PM", "23:59:59.99"},
      {"040506", "04:05:06"},
      {"0405", "04:05:00"},
      {"T1200", "12:00:00"},
      {"T12:00", "12:00:00"},
      {"T040506.789+08", "04:05:06.789"},
      {"040506.789", "04:05:06.789"},
      {"2003-03-07 15:36:39 America/New_York", "15:36:39"},
      {"1997-02-10 17:32:01-08", "17:32:01"},
      {"allballs", "00:00:00"},
      {"12:00 AM", "00:00:00"},
      {"12:00 PM", "12:00:00"},
      {"0:00 AM", "00:00:00"},
      {"12:30:45.5 EST", "12:30:45.5"},
      {"1:2:3", "01:02:03"},
      {"1:30.5", "00:01:30.5"},
      {"12:00 +05:30", "12:00:00"},
      {"12:00 z", "12:00:00"},
      {"12:00:00Z", "12:00:00"},
      {" 10:00 ", "10:00:00"},
      {"10:00:00.1234567", "10:00:00.123457"},
      {"23:59:59.999999", "23:59:59.999999"},
      {"23:59:59.9999995", "24:00:00"},
      {"23:59:60", "24:00:00"},
      {"24:00:00", "24:00:00"},
      {"13:00 PM", "ERROR 22008: date/time field value out of range: \"13:00 PM\""},
      {"12:60", "ERROR 22008: date/time field value out of range: \"12:60\""},
      {"24:00:00.01", "ERROR 22008: date/time field value out of range: \"24:00:00.01\""},
      {"23:59:60.01", "ERROR 22008: date/time field value out of range: \"23:59:60.01\""},
      {"24:01:00", "ERROR 22008: date/time field value out of range: \"24:01:00\""},
      {"25:00:00", "ERROR 22008: date/time field value out of range: \"25:00:00\""},
      {"15:36:39 America/New_York", "ERROR 22007: invalid input syntax for type time: \"15:36:39 America/New_York\""},
      {"2003-03-07", "ERROR 22007: invalid input syntax for type time: \"2003-03-07\""},
      {"12", "ERROR 22007: invalid input syntax for type time: \"12\""},
      {"Z", "ERROR 22007: invalid input syntax for type time: \"Z\""},
      {"5 PM", "ERROR 22007: invalid input syntax for type time: \"5 PM\""},
      {"today", "ERROR 22007: invalid input syntax for type time: \"today\""},
      {"epoch", "ERROR 22007: invalid input syntax for type time: \"epoch\""},
      {"infinity", "ERROR 22007: invalid input syntax for type time: \"infinity\""},
      {"10.5", "ERROR 22007: invalid input syntax for type time: \"10.5\""},
      {"12:00 foo", "ERROR 22007: invalid input syntax for type time: \"12:00 foo\""},
      {"0405-08", "04:05:00"},
      {"300000-01-01 10:00", "10:00:00"},
  };
  for (const Expectation& c : cases) {
    INFO(c.input);
    CHECK(outcome([&] { return format_time(parse_time(c.input)); }) == c.expected);
  }
}

TEST_CASE("time arithmetic wraps at midnight and uses the interval's time only", "[time_of_day]") {
  CHECK(format_time(time_add_interval(time_of("01:30"), Interval{0, 0, 2 * kMicrosPerHour + kMicrosPerMinute})) ==
        "03:31:00");
  CHECK(format_time(time_sub_interval(time_of("01:30"), Interval{0, 0, 2 * kMicrosPerHour + kMicrosPerMinute})) ==
        "23:29:00");
  CHECK(format_time(time_add_interval(time_of("02:30"), Interval{0, 0, 36 * kMicrosPerHour + kMicrosPerMinute})) ==
        "14:31:00");
  CHECK(format_time(time_add_interval(time_of("03:30"), Interval{1, 0, 4 * kMicrosPerHour + kMicrosPerMinute})) ==
        "07:31:00");
  CHECK(format_time(time_add_interval(time_of("24:00"), Interval{})) == "00:00:00");
  CHECK(format_time(time_sub_interval(time_of("00:00"), Interval{0, 0, 1})) == "23:59:59.999999");
  // An interval near int64's end does not overflow the sum.
  CHECK(format_time(time_add_interval(time_of("23:00"), Interval{0, 0, std::numeric_limits<std::int64_t>::max()})) ==
        format_time(TimeOfDay{(23 * kMicrosPerHour + std::numeric_limits<std::int64_t>::max() % kMicrosPerDay) %
                              kMicrosPerDay}));
  CHECK(time_diff(time_of("08:30"), time_of("10:00")) == Interval{0, 0, -90 * kMicrosPerMinute});
  CHECK(format_time(interval_to_time(Interval{0, 0, -kMicrosPerHour})) == "23:00:00");
  CHECK(format_time(interval_to_time(Interval{0, 3, 2 * kMicrosPerHour})) == "02:00:00");
  CHECK(format_time(interval_to_time(Interval{0, 0, -50 * kMicrosPerHour})) == "22:00:00");
  CHECK(time_to_interval(time_of("01:02")) == Interval{0, 0, kMicrosPerHour + 2 * kMicrosPerMinute});
}

TEST_CASE("times from timestamps and dates with times", "[time_of_day]") {
  CHECK(format_time(*timestamp_to_time(parse_timestamp("2020-05-26 13:30:25.5"))) == "13:30:25.5");
  CHECK(format_time(*timestamp_to_time(parse_timestamp("1900-05-26 01:00"))) == "01:00:00");
  CHECK_FALSE(timestamp_to_time(Timestamp::infinity()).has_value());
  CHECK(format_timestamp(date_add_time(parse_date("1981-02-03"), time_of("04:05:06"))) == "1981-02-03 04:05:06");
  CHECK(format_timestamp(date_add_time(parse_date("294276-12-31"), time_of("23:59"))) == "294276-12-31 23:59:00");
  CHECK(date_add_time(Date::infinity(), time_of("10:00")) == Timestamp::infinity());
}

TEST_CASE("make_time and time(p) rounding", "[time_of_day]") {
  CHECK(format_time(make_time(8, 15, 23.5)) == "08:15:23.5");
  CHECK(format_time(make_time(24, 0, 0)) == "24:00:00");
  CHECK(outcome([] { return format_time(make_time(10, 55, 100.1)); }) ==
        "ERROR 22008: time field value out of range: 10:55:100.1");
  CHECK(outcome([] { return format_time(make_time(24, 0, 2.1)); }) ==
        "ERROR 22008: time field value out of range: 24:00:2.1");
  CHECK(outcome([] { return format_time(make_time(-1, 0, 0)); }) ==
        "ERROR 22008: time field value out of range: -1:00:00");
  CHECK(outcome([] { return format_time(make_time(1, 60, 0)); }) ==
        "ERROR 22008: time field value out of range: 1:60:00");
  CHECK(outcome([] { return format_time(make_time(0, 0, std::nan(""))); }) ==
        "ERROR 22008: time field value out of range: 0:00:NaN");
  CHECK(format_time(round_time(time_of("23:59:59.999"), 2)) == "24:00:00");
  CHECK(format_time(round_time(time_of("10:20:30.45678"), 3)) == "10:20:30.457");
  CHECK(format_time(round_time(time_of("10:20:30.5"), 0)) == "10:20:31");
}

TEST_CASE("extract from a time", "[time_of_day]") {
  const TimeOfDay value = time_of("13:30:25.575401");
  CHECK(format_decimal(extract_field("microsecond", value)) == "25575401");
  CHECK(format_decimal(extract_field("millisecond", value)) == "25575.401");
  CHECK(format_decimal(extract_field("second", value)) == "25.575401");
  CHECK(format_decimal(extract_field("minute", value)) == "30");
  CHECK(format_decimal(extract_field("hour", value)) == "13");
  CHECK(format_decimal(extract_field("epoch", value)) == "48625.575401");
  CHECK(format_decimal(extract_field("epoch", time_of("24:00"))) == "86400.000000");
  CHECK(outcome([&] { return format_decimal(extract_field("day", value)); }) ==
        "ERROR 0A000: unit \"day\" not supported for type time without time zone");
  CHECK(outcome([&] { return format_decimal(extract_field("fortnight", value)); }) ==
        "ERROR 22023: unit \"fortnight\" not recognized for type time without time zone");
  CHECK(outcome([&] { return format_decimal(extract_field("timezone", value)); }) ==
        "ERROR 0A000: unit \"timezone\" not supported for type time without time zone");
}
