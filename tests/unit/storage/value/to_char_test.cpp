// to_char's date/time templates. Expected texts are PostgreSQL 15's for the
// same value and format.
#include "storage/value/to_char.h"

#include <catch2/catch.hpp>

#include "storage/value/time_zone.h"

using namespace ptreedb::value;

TEST_CASE("to_char of timestamps: numeric fields, FM and TH", "[to_char]") {
  const Timestamp value = parse_timestamp("1997-02-10 17:32:01.5");
  CHECK(to_char_timestamp(value, "YYYY-MM-DD HH24:MI:SS.MS") == "1997-02-10 17:32:01.500");
  CHECK(to_char_timestamp(value, "HH12:MI AM") == "05:32 PM");
  CHECK(to_char_timestamp(value, "DDD D J Q WW") == "041 2 2450490 1 06");
  CHECK(to_char_timestamp(value, "FMDDD FMMM") == "41 2");
  CHECK(to_char_timestamp(value, "DDth FMDDTH") == "10th 10TH");
  CHECK(to_char_timestamp(parse_timestamp("2003-01-01"), "FMDDth") == "1st");
  CHECK(to_char_timestamp(parse_timestamp("2003-01-12"), "FMDDth") == "12th");
  CHECK(to_char_timestamp(parse_timestamp("2003-01-22"), "FMDDth") == "22nd");
}

TEST_CASE("to_char of timestamps: names, ISO weeks, eras, quoting", "[to_char]") {
  const Timestamp value = parse_timestamp("1997-02-10 17:32:01");
  CHECK(to_char_timestamp(value, "Day|DAY|dy|Mon|MONTH|RM") == "Monday   |MONDAY   |mon|Feb|FEBRUARY |II  ");
  CHECK(to_char_timestamp(value, "FMDay FMMonth") == "Monday February");
  CHECK(to_char_timestamp(parse_timestamp("2005-01-01"), "IYYY-IW-ID") == "2004-53-6");
  CHECK(to_char_timestamp(parse_timestamp("0044-03-15 BC"), "YYYY BC CC") == "0044 BC -01");
  CHECK(to_char_timestamp(value, "\"Day\" Day") == "Day Monday   ");
  CHECK(to_char_timestamp(value, "YYYY\\\"MM") == "1997\"02");
}

TEST_CASE("to_char of timestamptz shows the zone", "[to_char]") {
  const TimeZone zone = time_zone_or_throw("PST8PDT");
  const TimestampTz value = parse_timestamptz("2003-01-02 04:05:06+00", zone);
  CHECK(to_char_timestamptz(value, "YYYY-MM-DD HH24 TZ tz OF", zone) == "2003-01-01 20 PST pst -08");
}

TEST_CASE("to_char of intervals", "[to_char]") {
  CHECK(to_char_interval(parse_interval("15 hours 4 minutes"), "HH HH12 HH24 MI") == "03 03 15 04");
  CHECK(to_char_interval(parse_interval("1 year 2 months 3 days"), "YYYY MM DD") == "0001 02 03");
}
