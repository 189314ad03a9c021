// Time zones as SET TIME ZONE and AT TIME ZONE take them, checked against what
// PostgreSQL 15 showed for the same setting (SHOW TimeZone) and the offset it
// printed for '2024-03-01 12:00:00'::timestamptz in that zone.
#include "storage/value/time_zone.h"
#include "storage/value/zone_abbreviations.h"

#include <catch2/catch.hpp>
#include <string>

#include "storage/sql_error.h"
#include "storage/value/date_time.h"

using namespace ptreedb::value;

namespace {

// Micros since 2000-01-01 UTC of a UTC wall time.
std::int64_t utc(const char* text) { return parse_timestamp(text).micros; }

std::string offset_text(int seconds_east) {
  std::string out;
  append_utc_offset(out, seconds_east);
  return out;
}

}  // namespace

TEST_CASE("SET TIME ZONE values: the name SHOW prints and the offset in force", "[time_zone]") {
  struct Case {
    const char* setting;
    const char* shown;
    const char* offset;  // at 2024-03-01 12:00 UTC
  };
  const Case cases[] = {
      {"europe/berlin", "Europe/Berlin", "+01"},
      {"UTC", "UTC", "+00"},
      {"utc", "UTC", "+00"},
      {"+02", "<+02>-02", "+02"},
      {"2", "<+02>-02", "+02"},
      {"5.5", "<+05:30>-05:30", "+05:30"},
      {"-5", "<-05>+05", "-05"},
      {"-05:30", "-05:30", "+05:30"},  // POSIX: offsets count west
      {"+05:30", "+05:30", "-05:30"},
      {"UTC+2", "UTC+2", "-02"},
      {"UTC-3", "UTC-3", "+03"},
      {"<+02>-02", "<+02>-02", "+02"},
      {"Asia/Kathmandu", "Asia/Kathmandu", "+05:45"},
      {"America/St_Johns", "America/St_Johns", "-03:30"},
  };
  for (const Case& c : cases) {
    INFO(c.setting);
    auto zone = find_setting_time_zone(c.setting);
    REQUIRE(zone);
    CHECK(zone->name() == c.shown);
    CHECK(offset_text(zone->offset_at_utc(utc("2024-03-01 12:00"))) == c.offset);
  }
  CHECK_FALSE(find_setting_time_zone("Mars/Base"));
  CHECK_FALSE(find_setting_time_zone("CET-1CEST,M13.5.0"));
  CHECK_FALSE(find_setting_time_zone("XYZ"));
  CHECK_FALSE(find_setting_time_zone(""));
}

TEST_CASE("zone names for AT TIME ZONE: numbers are POSIX offsets there", "[time_zone]") {
  auto plus_two = find_time_zone("+02");
  REQUIRE(plus_two);
  CHECK(plus_two->offset_at_utc(0) == -2 * 3600);
  try {
    time_zone_or_throw("Mars/Base");
    FAIL("no error");
  } catch (const ptreedb::SqlError& error) {
    CHECK(error.sqlstate() == "22023");
    CHECK(std::string(error.what()) == "time zone \"Mars/Base\" not recognized");
  }
}

TEST_CASE("daylight saving: offsets at instants and for wall times", "[time_zone]") {
  const TimeZone berlin = *find_time_zone("Europe/Berlin");
  CHECK(berlin.offset_at_utc(utc("2024-07-01 12:00")) == 7200);
  CHECK(berlin.offset_at_utc(utc("2024-01-01 12:00")) == 3600);
  // 1800: local mean time, +00:53:28 as PostgreSQL shows it.
  CHECK(offset_text(berlin.offset_at_utc(utc("1800-01-01 00:00"))) == "+00:53:28");
  // 02:30 on 2024-03-31 does not exist: the offset before the change (+01),
  // so PostgreSQL shows 03:30+02.
  CHECK(berlin.offset_for_local(utc("2024-03-31 02:30")) == 3600);
  // 02:30 on 2024-10-27 happens twice: the offset after the change (+01).
  CHECK(berlin.offset_for_local(utc("2024-10-27 02:30")) == 3600);
  CHECK(berlin.offset_for_local(utc("2024-07-01 12:00")) == 7200);
}

TEST_CASE("offsets as ISO DateStyle appends them", "[time_zone]") {
  CHECK(offset_text(0) == "+00");
  CHECK(offset_text(3600) == "+01");
  CHECK(offset_text(-19800) == "-05:30");
  CHECK(offset_text(3208) == "+00:53:28");
  CHECK(offset_text(-1521) == "-00:25:21");
}

TEST_CASE("the session zone is UTC unless a scope installs one", "[time_zone]") {
  CHECK(session_time_zone().offset_at_utc(0) == 0);
  const TimeZone kolkata = *find_time_zone("Asia/Kolkata");
  {
    TimeZoneScope scope(&kolkata);
    CHECK(session_time_zone().offset_at_utc(0) == 19800);
  }
  CHECK(session_time_zone().offset_at_utc(0) == 0);
}

TEST_CASE("zone abbreviations are fixed offsets", "[time_zone]") {
  CHECK(zone_abbreviation_offset("est") == -5 * 3600);
  CHECK(zone_abbreviation_offset("cest") == 2 * 3600);
  CHECK_FALSE(zone_abbreviation_offset("mars"));
  CHECK(zone_abbreviation_offset("ist") == 2 * 3600);
  CHECK_FALSE(zone_abbreviation_offset("msk"));  // dynamic: by Europe/Moscow's history
  // MSK meant +03 until 2011-03-27, +04 until 2014-10-26, +03 since (PostgreSQL 15's answers).
  const TimeZone msk = *find_zone_abbreviation("msk");
  CHECK(format_timestamptz(parse_timestamptz("2011-03-27 02:00:00 MSK", TimeZone()), TimeZone()) ==
        "2011-03-26 22:00:00+00");
  CHECK(format_timestamptz(parse_timestamptz("2014-10-26 00:59:59 MSK", TimeZone()), TimeZone()) ==
        "2014-10-25 20:59:59+00");
  CHECK(format_timestamptz(parse_timestamptz("2014-10-26 01:00:00 MSK", TimeZone()), TimeZone()) ==
        "2014-10-25 22:00:00+00");
  CHECK(msk.offset_at_utc(parse_timestamptz("2011-03-26 23:00:00+00", TimeZone()).micros) == 4 * 3600);
  CHECK(msk.offset_at_utc(parse_timestamptz("2011-03-26 22:59:59+00", TimeZone()).micros) == 3 * 3600);
  CHECK(format_timestamptz(parse_timestamptz("2000-03-15 08:14:01 GMT+8", TimeZone()), TimeZone()) ==
        "2000-03-15 16:14:01+00");
  CHECK(format_timestamptz(parse_timestamptz("2000-03-15 02:14:05 MST+7:00", TimeZone()), TimeZone()) ==
        "2000-03-15 09:14:05+00");
}

TEST_CASE("POSIX zones with daylight-saving rules", "[time_zone]") {
  auto zone = find_setting_time_zone("CET-1CEST,M3.5.0,M10.5.0/3");
  REQUIRE(zone);
  CHECK(zone->name() == "CET-1CEST,M3.5.0,M10.5.0/3");
  CHECK(zone->offset_at_utc(utc("2024-07-01 12:00")) == 7200);
  CHECK(zone->offset_at_utc(utc("2024-01-01 12:00")) == 3600);
  CHECK(zone->offset_for_local(utc("2024-03-31 02:30")) == 3600);
  CHECK(zone->offset_for_local(utc("2024-10-27 02:30")) == 3600);
}
