// DateStyle and IntervalStyle: reading the settings as PostgreSQL's
// check_datestyle does, and the text formats of date, timestamp, timestamptz
// and interval in each style. Expected texts were printed by PostgreSQL 15
// under the same settings.
#include "storage/value/date_style.h"

#include <catch2/catch.hpp>
#include <string>

#include "storage/value/date_time.h"
#include "storage/value/interval.h"
#include "storage/value/time_zone.h"

using namespace ptreedb::value;

namespace {

DateStyle style_of(const char* canonical) {
  return parse_canonical_date_style(canonical, IntervalOutputStyle::kPostgres);
}

std::string date_text(const char* canonical, const char* iso) {
  std::string out;
  append_date(out, parse_date(iso), style_of(canonical));
  return out;
}

std::string timestamp_text(const char* canonical, const char* iso) {
  std::string out;
  append_timestamp(out, parse_timestamp(iso), style_of(canonical));
  return out;
}

std::string timestamptz_text(const char* canonical, const char* zone_name, const char* text) {
  const TimeZone zone = time_zone_or_throw(zone_name);
  std::string out;
  append_timestamptz(out, parse_timestamptz(text, zone), zone, style_of(canonical));
  return out;
}

std::string interval_text(IntervalOutputStyle style, const char* text) {
  std::string out;
  append_interval(out, parse_interval(text), style);
  return out;
}

}  // namespace

TEST_CASE("SET DateStyle keeps the half it does not name", "[date_style]") {
  const auto read = [](const char* text, const char* current) {
    return read_date_style_setting(text, current).canonical.value_or("error");
  };
  CHECK(read("Postgres, MDY", "ISO, MDY") == "Postgres, MDY");
  CHECK(read("sql", "ISO, DMY") == "SQL, DMY");
  CHECK(read("dmy", "Postgres, MDY") == "Postgres, DMY");
  CHECK(read("German", "ISO, MDY") == "German, DMY");
  CHECK(read("German, YMD", "ISO, MDY") == "German, YMD");
  CHECK(read("euro", "SQL, MDY") == "SQL, DMY");
  CHECK(read("US, iso", "SQL, DMY") == "ISO, MDY");
  CHECK(read("default", "SQL, DMY") == "ISO, MDY");
  CHECK(read("sql, default", "German, DMY") == "SQL, MDY");
  CHECK(read_date_style_setting("iso, sql", "ISO, MDY").error_detail == "Conflicting \"datestyle\" specifications.");
  CHECK(read_date_style_setting("foo", "ISO, MDY").error_detail == "Unrecognized key word: \"foo\".");
  CHECK(read_date_style_setting("sql dmy", "ISO, MDY").error_detail == "List syntax is invalid.");
}

TEST_CASE("IntervalStyle names", "[date_style]") {
  CHECK(read_interval_style("SQL_Standard") == IntervalOutputStyle::kSqlStandard);
  CHECK(read_interval_style("iso_8601") == IntervalOutputStyle::kIso8601);
  CHECK(read_interval_style("postgres_verbose") == IntervalOutputStyle::kPostgresVerbose);
  CHECK(!read_interval_style("iso"));
}

TEST_CASE("dates and timestamps in every DateStyle", "[date_style]") {
  CHECK(date_text("ISO, DMY", "2003-01-02") == "2003-01-02");
  CHECK(date_text("SQL, MDY", "2003-01-02") == "01/02/2003");
  CHECK(date_text("SQL, DMY", "2003-01-02") == "02/01/2003");
  CHECK(date_text("Postgres, MDY", "2003-01-02") == "01-02-2003");
  CHECK(date_text("Postgres, DMY", "2003-01-02") == "02-01-2003");
  CHECK(date_text("German, DMY", "2003-01-02") == "02.01.2003");
  CHECK(date_text("SQL, MDY", "0044-03-15 BC") == "03/15/0044 BC");
  CHECK(date_text("Postgres, MDY", "infinity") == "infinity");
  CHECK(timestamp_text("SQL, MDY", "2003-01-02 04:05:06.789") == "01/02/2003 04:05:06.789");
  CHECK(timestamp_text("German, DMY", "2003-01-02 04:05:06") == "02.01.2003 04:05:06");
  CHECK(timestamp_text("Postgres, MDY", "2003-01-02 04:05:06.789") == "Thu Jan 02 04:05:06.789 2003");
  CHECK(timestamp_text("Postgres, DMY", "2003-01-02 04:05:06") == "Thu 02 Jan 04:05:06 2003");
  CHECK(timestamp_text("Postgres, MDY", "0044-03-15 12:00 BC") == "Fri Mar 15 12:00:00 0044 BC");
}

TEST_CASE("timestamptz shows the zone's abbreviation outside ISO", "[date_style]") {
  CHECK(timestamptz_text("Postgres, MDY", "PST8PDT", "1970-01-01 00:00:00") == "Thu Jan 01 00:00:00 1970 PST");
  CHECK(timestamptz_text("Postgres, MDY", "PST8PDT", "2024-07-01 12:00:00+00") == "Mon Jul 01 05:00:00 2024 PDT");
  CHECK(timestamptz_text("SQL, MDY", "America/New_York", "2024-01-15 12:00:00") == "01/15/2024 12:00:00 EST");
  CHECK(timestamptz_text("German, DMY", "Europe/Berlin", "2024-07-15 12:00:00.5") == "15.07.2024 12:00:00.5 CEST");
  CHECK(timestamptz_text("ISO, MDY", "Europe/Berlin", "2024-07-15 12:00:00") == "2024-07-15 12:00:00+02");
  CHECK(timestamptz_text("Postgres, MDY", "UTC", "2024-01-15 12:00:00") == "Mon Jan 15 12:00:00 2024 UTC");
  const TimeZone two_east = interval_time_zone(2 * 3600);
  std::string out;
  append_timestamptz(out, parse_timestamptz("2024-01-15 12:00:00+00", two_east), two_east, style_of("Postgres, MDY"));
  CHECK(out == "Mon Jan 15 14:00:00 2024 +02");
}

TEST_CASE("ambiguous input dates follow the field order", "[date_style]") {
  const auto read_in = [](const char* canonical, const char* text) {
    const DateStyle style = style_of(canonical);
    DateStyleScope scope(&style);
    return format_date_iso(parse_date(text));
  };
  CHECK(read_in("ISO, MDY", "01/02/2003") == "2003-01-02");
  CHECK(read_in("ISO, DMY", "01/02/2003") == "2003-02-01");
  CHECK(read_in("ISO, YMD", "01/02/03") == "2001-02-03");
  CHECK(read_in("ISO, YMD", "2003-01-02") == "2003-01-02");
  CHECK(read_in("ISO, DMY", "2003-01-02") == "2003-01-02");
  CHECK(read_in("ISO, MDY", "Jan 02 2003") == "2003-01-02");
  CHECK(read_in("ISO, MDY", "02 Jan 2003") == "2003-01-02");
  CHECK(read_in("ISO, MDY", "2-Jan-2003") == "2003-01-02");
  CHECK(read_in("ISO, YMD", "02-Jan-2003") == "2003-01-02");
  CHECK(read_in("Postgres, MDY", "Thu Jan 02 04:05:06 2003") == "2003-01-02");
  CHECK_THROWS(read_in("ISO, MDY", "13/02/2003"));
}

TEST_CASE("intervals in every IntervalStyle", "[date_style]") {
  using enum IntervalOutputStyle;
  CHECK(interval_text(kPostgres, "1 year 2 mons 3 days 04:05:06.789") == "1 year 2 mons 3 days 04:05:06.789");
  CHECK(interval_text(kPostgresVerbose, "1 year 2 mons 3 days 04:05:06.789") ==
        "@ 1 year 2 mons 3 days 4 hours 5 mins 6.789 secs");
  CHECK(interval_text(kPostgresVerbose, "-3 days -04:05:06") == "@ 3 days 4 hours 5 mins 6 secs ago");
  CHECK(interval_text(kPostgresVerbose, "1 day -02:00:00") == "@ 1 day -2 hours");
  CHECK(interval_text(kPostgresVerbose, "0") == "@ 0");
  CHECK(interval_text(kSqlStandard, "1 year 2 mons") == "1-2");
  CHECK(interval_text(kSqlStandard, "-3 days -04:05:06") == "-3 4:05:06");
  CHECK(interval_text(kSqlStandard, "1 year 2 mons 3 days 04:05:06.789") == "+1-2 +3 +4:05:06.789");
  CHECK(interval_text(kSqlStandard, "0") == "0");
  CHECK(interval_text(kIso8601, "1 year 2 mons 3 days 04:05:06.789") == "P1Y2M3DT4H5M6.789S");
  CHECK(interval_text(kIso8601, "-00:00:00.5") == "PT-0.5S");
  CHECK(interval_text(kIso8601, "0") == "PT0S");
}

TEST_CASE("sql_standard input: a leading sign applies to every field", "[date_style]") {
  const DateStyle style{DateOutputStyle::kIso, DateFieldOrder::kMdy, IntervalOutputStyle::kSqlStandard};
  DateStyleScope scope(&style);
  CHECK(parse_interval("-1 2:03:04") == Interval{0, -1, -(2 * 3600 + 3 * 60 + 4) * kMicrosPerSecond});
  CHECK(parse_interval("-1 +2:03:04") == Interval{0, -1, (2 * 3600 + 3 * 60 + 4) * kMicrosPerSecond});
}
