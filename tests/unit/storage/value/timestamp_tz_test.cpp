// timestamp with time zone: input, output in a zone, casts, arithmetic,
// extract and date_trunc. Expected texts were printed by PostgreSQL 15 with
// the TimeZone setting named in each case (DateStyle ISO, MDY).
#include "storage/value/timestamp_tz.h"

#include <catch2/catch.hpp>
#include <string>

#include "storage/value/date_time_fields.h"
#include "tests/unit/storage/value/outcome.h"

using namespace ptreedb::value;
using ptreedb::value::testing::outcome;

namespace {

TimeZone zone(const char* name) { return *find_setting_time_zone(name); }

std::string shown(const char* literal, const char* zone_name) {
  return outcome([&] {
    const TimeZone z = zone(zone_name);
    return format_timestamptz(parse_timestamptz(literal, z), z);
  });
}

}  // namespace

TEST_CASE("timestamptz input and output in the session zone", "[timestamptz]") {
  CHECK(shown("2024-03-01 12:00:00", "+02") == "2024-03-01 12:00:00+02");
  CHECK(shown("2024-03-01 12:00:00", "-05:30") == "2024-03-01 12:00:00+05:30");
  CHECK(shown("2024-07-01 12:00:00", "EST5EDT") == "2024-07-01 12:00:00-04");
  CHECK(shown("2024-07-01 12:00:00.123", "Asia/Kolkata") == "2024-07-01 12:00:00.123+05:30");
  CHECK(shown("0044-03-15 12:00 BC", "Asia/Kolkata") == "0044-03-15 12:00:00+05:53:28 BC");
  CHECK(shown("1800-01-01 00:00", "Europe/Berlin") == "1800-01-01 00:00:00+00:53:28");
  CHECK(shown("2024-03-31 02:30", "Europe/Berlin") == "2024-03-31 03:30:00+02");
  CHECK(shown("2024-10-27 02:30", "Europe/Berlin") == "2024-10-27 02:30:00+01");
  CHECK(shown("2024-03-01 12:00:00+05:30", "Europe/Berlin") == "2024-03-01 07:30:00+01");
  CHECK(shown("2024-03-01 12:00 America/New_York", "Europe/Berlin") == "2024-03-01 18:00:00+01");
  CHECK(shown("2024-03-01 12:00 EST", "Europe/Berlin") == "2024-03-01 18:00:00+01");
  CHECK(shown("2024-03-01 12:00:00+02:00:30", "UTC") == "2024-03-01 09:59:30+00");
  CHECK(shown("2024-03-01T12:00:00Z", "UTC") == "2024-03-01 12:00:00+00");
  CHECK(shown("2024-03-01 12:00:00 +0530", "UTC") == "2024-03-01 06:30:00+00");
  CHECK(shown("2024-03-01 12:00:00-8", "UTC") == "2024-03-01 20:00:00+00");
  CHECK(shown("2024-03-01 12:00:00.1234567", "Europe/Berlin") == "2024-03-01 12:00:00.123457+01");
  CHECK(shown("0001-01-01 00:00 BC", "UTC") == "0001-01-01 00:00:00+00 BC");
  CHECK(shown("infinity", "UTC") == "infinity");
  CHECK(shown("-infinity", "UTC") == "-infinity");
}

TEST_CASE("timestamptz input errors", "[timestamptz]") {
  CHECK(shown("garbage", "UTC") ==
        "ERROR 22007: invalid input syntax for type timestamp with time zone: \"garbage\"");
  CHECK(shown("2024-03-01 12:00 Mars/Base", "UTC") == "ERROR 22023: time zone \"mars/base\" not recognized");
  CHECK(shown("294277-01-01 00:00:00+00", "UTC") ==
        "ERROR 22008: timestamp out of range: \"294277-01-01 00:00:00+00\"");
  CHECK(shown("4714-11-24 00:30:00+01 BC", "UTC") ==
        "ERROR 22008: timestamp out of range: \"4714-11-24 00:30:00+01 BC\"");
  CHECK(shown("2024-02-30 12:00", "UTC") == "ERROR 22008: date/time field value out of range: \"2024-02-30 12:00\"");
  CHECK(shown("294276-12-31 23:59:59+00", "UTC") == "294276-12-31 23:59:59+00");
}

TEST_CASE("timestamptz arithmetic moves the wall time across daylight saving", "[timestamptz]") {
  const TimeZone berlin = zone("Europe/Berlin");
  const auto at = [&](const char* text) { return parse_timestamptz(text, berlin); };
  const auto show = [&](TimestampTz value) { return format_timestamptz(value, berlin); };
  CHECK(show(timestamptz_add_interval(at("2024-03-30 12:00"), parse_interval("1 day"), berlin)) ==
        "2024-03-31 12:00:00+02");
  CHECK(show(timestamptz_add_interval(at("2024-03-30 12:00"), parse_interval("24 hours"), berlin)) ==
        "2024-03-31 13:00:00+02");
  CHECK(format_interval(timestamptz_diff(at("2024-03-31 12:00"), at("2024-03-30 12:00"))) == "23:00:00");
  const TimeZone utc;
  CHECK(format_timestamptz(timestamptz_add_interval(parse_timestamptz("2024-01-31", utc), parse_interval("1 month"),
                                                    utc),
                           utc) == "2024-02-29 00:00:00+00");
  const TimeZone new_york = zone("America/New_York");
  CHECK(format_timestamptz(timestamptz_add_interval(parse_timestamptz("2024-03-10 01:30", new_york),
                                                    parse_interval("1 hour"), new_york),
                           new_york) == "2024-03-10 03:30:00-04");
}

TEST_CASE("casts and AT TIME ZONE", "[timestamptz]") {
  const TimeZone berlin = zone("Europe/Berlin");
  const TimeZone new_york = zone("America/New_York");
  const TimestampTz noon = parse_timestamptz("2024-03-01 12:00", berlin);
  CHECK(format_timestamp(timestamptz_to_timestamp(noon, new_york)) == "2024-03-01 06:00:00");
  CHECK(format_timestamptz(timestamp_to_timestamptz(parse_timestamp("2024-03-01 12:00"), new_york), berlin) ==
        "2024-03-01 18:00:00+01");
  CHECK(format_timestamp(timestamptz_to_timestamp(noon, berlin)) == "2024-03-01 12:00:00");
  CHECK(format_timestamptz(date_to_timestamptz(parse_date("2024-03-01"), berlin), berlin) ==
        "2024-03-01 00:00:00+01");
  CHECK(format_date(timestamptz_to_date(parse_timestamptz("2024-03-01 00:30", berlin), berlin)) == "2024-03-01");
  CHECK(format_timestamptz(timestamptz_from_unix_seconds(1700000000.5), berlin) == "2023-11-14 23:13:20.5+01");
  CHECK(timestamptz_from_unix_seconds(std::numeric_limits<double>::infinity()) == TimestampTz::infinity());
  CHECK(outcome([] { return format_timestamptz(timestamptz_from_unix_seconds(1e300), TimeZone()); }) ==
        "ERROR 22008: timestamp out of range: \"1e+300\"");
}

TEST_CASE("extract and date_trunc in the zone", "[timestamptz]") {
  const TimeZone berlin = zone("Europe/Berlin");
  const TimestampTz value = parse_timestamptz("2024-03-31 12:00", berlin);
  CHECK(format_decimal(*extract_field("timezone", value, berlin)) == "7200");
  CHECK(format_decimal(*extract_field("timezone_hour", value, berlin)) == "2");
  CHECK(format_decimal(*extract_field("hour", value, berlin)) == "12");
  CHECK(format_decimal(*extract_field("epoch", parse_timestamptz("2024-03-01 12:00", berlin), berlin)) ==
        "1709290800.000000");
  CHECK(format_decimal(*extract_field("timezone", parse_timestamptz("1800-01-01", berlin), berlin)) == "3208");
  CHECK(format_timestamptz(date_trunc("day", value, berlin), berlin) == "2024-03-31 00:00:00+01");
  const TimeZone new_york = zone("America/New_York");
  const auto trunc = [&](const char* field, const char* text) {
    return format_timestamptz(date_trunc(field, parse_timestamptz(text, new_york), new_york), new_york);
  };
  CHECK(trunc("day", "2024-11-03 23:00") == "2024-11-03 00:00:00-04");
  CHECK(trunc("hour", "2024-11-03 01:30-04") == "2024-11-03 01:00:00-04");
  CHECK(trunc("week", "2024-11-03 23:00") == "2024-10-28 00:00:00-04");
  CHECK(trunc("month", "2024-11-03 23:00") == "2024-11-01 00:00:00-04");
  CHECK(outcome([&] { return format_timestamptz(date_trunc("dow", value, berlin), berlin); }) ==
        "ERROR 22023: unit \"dow\" not recognized for type timestamp with time zone");
}
