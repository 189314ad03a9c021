// time with time zone: input, output, the packed order and arithmetic.
// Expected texts were printed by PostgreSQL 15.18 (TimeZone Etc/UTC).
#include "storage/value/time_with_zone.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "storage/value/date_time_fields.h"
#include "storage/value/time_zone.h"
#include "storage/value/timestamp_tz.h"
#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::Expectation;
using ptreedb::value::testing::outcome;

namespace {

TimeWithZone timetz_of(const char* text) { return parse_timetz(text, TimeZone()); }

}  // namespace

TEST_CASE("timetz input and output as PostgreSQL's timetz_in and timetz_out", "[time_with_zone]") {
  const Expectation cases[] = {
      {"00:01 PDT", "00:01:00-07"},
      {"11:59:59.99 PM PDT", "23:59:59.99-07"},
      {"2003-03-07 15:36:39 America/New_York", "15:36:39-05"},
      {"2003-07-07 15:36:39 America/New_York", "15:36:39-04"},
      {"23:59:59.9999999 PDT", "24:00:00-07"},
      {"24:00:00 PDT", "24:00:00-07"},
      {"10:00", "10:00:00+00"},
      {"allballs", "00:00:00+00"},
      {"04:05:06.789+08", "04:05:06.789+08"},
      {"T040506.789 -08", "04:05:06.789-08"},
      {"13:30:25.575401-04:30", "13:30:25.575401-04:30"},
      {"12:00+15:59", "12:00:00+15:59"},
      {"12:00 -05:30:15", "12:00:00-05:30:15"},
      {"15:36:39 America/New_York",
       "ERROR 22007: invalid input syntax for type time with time zone: \"15:36:39 America/New_York\""},
      {"15:36:39 m2", "ERROR 22007: invalid input syntax for type time with time zone: \"15:36:39 m2\""},
      {"24:00:00.01 PDT", "ERROR 22008: date/time field value out of range: \"24:00:00.01 PDT\""},
      {"12:00+16", "ERROR 22009: time zone displacement out of range: \"12:00+16\""},
      {"0405-08", "04:05:00-08"},
      {"T0405-08", "04:05:00-08"},
      {"10:00 UTC+3", "10:00:00-03"},
      {"10:00 MSK", "10:00:00+03"},
      {"2000000-01-01 10:00", "10:00:00+00"},
  };
  for (const Expectation& c : cases) {
    INFO(c.input);
    CHECK(outcome([&] { return format_timetz(parse_timetz(c.input, TimeZone())); }) == c.expected);
  }
}

TEST_CASE("packed timetz values order as timetz_cmp and round-trip", "[time_with_zone]") {
  // timetz_cmp: by the UTC-equivalent time, then by the zone (seconds west).
  const std::vector<const char*> ascending = {"00:00:00+15:59", "10:00+05", "06:00+01", "05:00+00",
                                              "00:00-05",       "10:00:00.000001+05", "24:00-07", "23:00-15:59"};
  for (std::size_t i = 0; i + 1 < ascending.size(); ++i) {
    INFO(ascending[i] << " < " << ascending[i + 1]);
    CHECK(pack_timetz(timetz_of(ascending[i])) < pack_timetz(timetz_of(ascending[i + 1])));
  }
  for (const char* text : ascending) CHECK(unpack_timetz(pack_timetz(timetz_of(text))) == timetz_of(text));
  // Session zones reach 167 hours (SET TIME ZONE 20): packed and ordered too.
  const TimeWithZone far_east = parse_timetz("10:00", TimeZone::fixed(20 * 3600, "<+20>-20"));
  CHECK(format_timetz(far_east) == "10:00:00+20");
  CHECK(unpack_timetz(pack_timetz(far_east)) == far_east);
  CHECK(pack_timetz(far_east) < pack_timetz(timetz_of("00:00+00")));
  const TimeWithZone far_west = parse_timetz("10:00", TimeZone::fixed(-21 * 3600, "<-21>+21"));
  CHECK(unpack_timetz(pack_timetz(far_west)) == far_west);
  CHECK(pack_timetz(far_west) > pack_timetz(timetz_of("23:00-07")));
  CHECK(pack_timetz(far_west) < pack_timetz(timetz_of("23:00-15:59")));
  // The same instant in two zones: unequal, ordered by the zone.
  CHECK(pack_timetz(timetz_of("10:00+05")) != pack_timetz(timetz_of("05:00+00")));
}

TEST_CASE("timetz arithmetic, casts and extract", "[time_with_zone]") {
  const Interval fifteen_hours{0, 0, 15 * kMicrosPerHour};
  CHECK(format_timetz(timetz_add_interval(timetz_of("10:00+02"), fifteen_hours)) == "01:00:00+02");
  CHECK(format_timetz(timetz_sub_interval(timetz_of("01:30-08"), Interval{0, 0, 121 * kMicrosPerMinute})) ==
        "23:29:00-08");
  CHECK(format_timestamptz(date_add_timetz(parse_date("2001-02-03"), timetz_of("04:05:06 UTC")), TimeZone()) ==
        "2001-02-03 04:05:06+00");
  CHECK(date_add_timetz(Date::infinity(), timetz_of("10:00")) == TimestampTz::infinity());
  CHECK(format_timetz(timetz_at_zone(timetz_of("10:00-05"), TimeZone())) == "15:00:00+00");
  CHECK(format_timetz(timetz_at_zone(timetz_of("10:00-05"), interval_time_zone(-10 * 3600))) == "05:00:00-10");
  // PostgreSQL 15's timetz_zone and timetz_izone take any offset a zone has.
  CHECK(format_timetz(timetz_at_zone(timetz_of("10:00"), interval_time_zone(17 * 3600))) == "03:00:00+17");
  CHECK(format_timetz(time_to_timetz(TimeOfDay{10 * kMicrosPerHour}, TimeZone())) == "10:00:00+00");
  CHECK(format_timetz(*timestamptz_to_timetz(parse_timestamptz("2020-06-01 12:00+02", TimeZone()), TimeZone())) ==
        "10:00:00+00");
  CHECK_FALSE(timestamptz_to_timetz(TimestampTz::infinity(), TimeZone()).has_value());
  CHECK(format_timetz(round_timetz(timetz_of("10:20:30.456-03"), 1)) == "10:20:30.5-03");
  CHECK(format_decimal(extract_field("epoch", timetz_of("13:30:25.575401-04"))) == "63025.575401");
  CHECK(format_decimal(extract_field("timezone", timetz_of("1:00-04:30"))) == "-16200");
  CHECK(format_decimal(extract_field("timezone_hour", timetz_of("1:00-04:30"))) == "-4");
  CHECK(format_decimal(extract_field("timezone_minute", timetz_of("1:00-04:30"))) == "-30");
  CHECK(format_decimal(extract_field("second", timetz_of("13:30:25.575401-04"))) == "25.575401");
  CHECK(outcome([] { return format_decimal(extract_field("day", timetz_of("10:00"))); }) ==
        "ERROR 0A000: unit \"day\" not supported for type time with time zone");
  CHECK(outcome([] { return format_decimal(extract_field("fortnight", timetz_of("10:00"))); }) ==
        "ERROR 22023: unit \"fortnight\" not recognized for type time with time zone");
}
