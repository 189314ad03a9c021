// to_timestamp / to_date templates: values read back from what to_char
// wrote, and the errors PostgreSQL 15 gives for the same inputs.
#include "storage/value/datetime_from_template.h"

#include <catch2/catch.hpp>

#include "storage/sql_error.h"
#include "storage/value/time_zone.h"
#include "storage/value/timestamp_tz.h"
#include "storage/value/to_char.h"

using namespace ptreedb;
using namespace ptreedb::value;

namespace {

std::string sqlstate_of(std::string_view text, std::string_view format) {
  try {
    to_timestamp_from_template(text, format, TimeZone());
  } catch (const SqlError& error) {
    return error.sqlstate() + " " + error.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("what to_char writes reads back to the same instant", "[to_timestamp]") {
  const TimeZone utc;
  const char* formats[] = {
      "YYYY-MM-DD HH24:MI:SS.US",     "FMDD FMMonth YYYY HH12:MI:SS.US AM", "Dy, DD Mon YYYY HH24:MI:SS.FF6",
      "J SSSSS.US",                   "YYYYMMDDHH24MISSUS",                 "YYYY DDD HH24 MI SS US",
      "IYYY-IW-ID HH24:MI:SS.US",     "Y,YYY RM DD HH:MI:SS.US P.M.",       "\"day\" DD \"of\" MONTH YYYY BC SSSS.US",
  };
  // Years BC read back only where the template says BC (or counts Julian days).
  const TimestampTz ides = timestamp_to_timestamptz(parse_timestamp("0044-03-15 12:00:00 BC"), utc);
  for (const char* format : {"YYYY-MM-DD BC HH24:MI:SS", "J SSSS", "FMDD Month YYYY B.C. HH12 AM"}) {
    INFO(format);
    CHECK(to_timestamp_from_template(to_char_timestamptz(ides, format, utc), format, utc).micros == ides.micros);
  }
  for (const char* text : {"1997-02-10 17:32:01.5", "2000-02-29 00:00:00", "1999-12-31 23:59:59.999999",
                           "2024-12-30 06:07:08.000009", "1582-10-05 01:02:03"}) {
    const Timestamp wall = parse_timestamp(text);
    const TimestampTz instant = timestamp_to_timestamptz(wall, utc);
    for (const char* format : formats) {
      INFO(text << " through " << format);
      const std::string written = to_char_timestamptz(instant, format, utc);
      CHECK(to_timestamp_from_template(written, format, utc).micros == instant.micros);
      CHECK(to_date_from_template(written, format).days == timestamp_to_date(wall).days);
    }
  }
}

TEST_CASE("loose reading: spaces, separators, FM, two-digit years", "[to_timestamp]") {
  const TimeZone utc;
  const auto at = [&](std::string_view text, std::string_view format) {
    return format_timestamp(timestamptz_to_timestamp(to_timestamp_from_template(text, format, utc), utc));
  };
  CHECK(at("2011$03!18 23_38_15", "YYYY-MM-DD HH24:MI:SS") == "2011-03-18 23:38:15");
  CHECK(at("97/2/16 8:14:30", "FMYYYY/FMMM/FMDD FMHH:FMMI:FMSS") == "0097-02-16 08:14:30");
  CHECK(at("95-1116", "YY-MMDD") == "1995-11-16 00:00:00");
  CHECK(at("  2005 03 02", "YYYYMMDD") == "2005-03-02 00:00:00");
  CHECK(at("2000 + + JUN", "YYYY   MON") == "2000-06-01 00:00:00");
  CHECK(at("2011-12-18 11:38 -05:20", "YYYY-MM-DD HH12:MI TZH:TZM") == "2011-12-18 16:58:00");
  CHECK(at("2018-11-02 12:34:56.123456", "YYYY-MM-DD HH24:MI:SS.FF2") == "2018-11-02 12:34:56.12");
  CHECK(at("", "") == "0001-01-01 00:00:00 BC");
}

TEST_CASE("errors as PostgreSQL's", "[to_timestamp]") {
  CHECK(sqlstate_of("2005527", "YYYYIWID") == "22007 invalid combination of date conventions");
  CHECK(sqlstate_of("19971", "YYYYMMDD") == "22007 source string too short for \"MM\" formatting field");
  CHECK(sqlstate_of("19971)24", "YYYYMMDD") == "22007 invalid value \"1)\" for \"MM\"");
  CHECK(sqlstate_of("1997-11-Jan-16", "YYYY-MM-Mon-DD") ==
        "22007 conflicting values for \"Mon\" field in formatting string");
  CHECK(sqlstate_of("10000000000", "FMYYYY") == "22008 value for \"YYYY\" in source string is out of range");
  CHECK(sqlstate_of("2016-02-30", "YYYY-MM-DD") == "22008 date/time field value out of range: \"2016-02-30\"");
  CHECK(sqlstate_of("2016-06-13 15:50:55", "YYYY-MM-DD HH:MI:SS") ==
        "22007 hour \"15\" is invalid for the 12-hour clock");
  CHECK(sqlstate_of("2011 +16", "YYYY TZH") == "22009 time zone displacement out of range: \"2011 +16\"");
  CHECK(sqlstate_of("2011 PST", "YYYY TZ") == "0A000 formatting field \"TZ\" is only supported in to_char");
  CHECK(sqlstate_of("300", "DDD") == "22007 cannot calculate day of year without year information");
  CHECK(sqlstate_of("300000", "YYYY") == "22008 timestamp out of range");
  CHECK_THROWS_AS(to_date_from_template("2016 367", "YYYY DDD"), SqlError);
  CHECK_THROWS_AS(to_date_from_template("5874898-01-01", "YYYY-MM-DD"), SqlError);
}

TEST_CASE("huge FM fields wrap as PostgreSQL's int arithmetic does, never overflow", "[to_timestamp]") {
  // Week and day numbers near INT_MAX: PostgreSQL's (ww - 1) * 7 + 1 and ++d wrap.
  CHECK(sqlstate_of("2147483647", "FMWW") == "22007 cannot calculate day of year without year information");
  CHECK(sqlstate_of("-2147483648", "FMW") == "22008 date/time field value out of range: \"-2147483648\"");
  CHECK(sqlstate_of("2147483647", "FMID") == "no error");
  const std::string millennia = sqlstate_of("99999999999999999,123", "Y,YYY");
  CHECK((millennia == "no error" || millennia.rfind("22", 0) == 0));
}

