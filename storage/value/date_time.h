// PostgreSQL's date and timestamp (without time zone): a date is a day number
// and a timestamp a microsecond count, both from 2000-01-01 00:00:00, with
// PostgreSQL's ranges (4714-11-24 BC up to 5874897-12-31 for dates and up to
// 294276-12-31 for timestamps), its "infinity"/"-infinity" values, ISO input,
// DateStyle ISO output, and its arithmetic rules. Intervals are in interval.h.
#pragma once

#include <compare>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "storage/value/calendar.h"
#include "storage/value/interval.h"

namespace ptreedb::value {

struct Date {
  std::int32_t days = 0;  // since 2000-01-01

  static constexpr Date infinity() { return Date{std::numeric_limits<std::int32_t>::max()}; }
  static constexpr Date minus_infinity() { return Date{std::numeric_limits<std::int32_t>::min()}; }
  constexpr bool is_finite() const { return *this != infinity() && *this != minus_infinity(); }

  // -infinity < every finite date < infinity, as in PostgreSQL.
  friend constexpr auto operator<=>(const Date&, const Date&) = default;
};

struct Timestamp {
  std::int64_t micros = 0;  // since 2000-01-01 00:00:00

  static constexpr Timestamp infinity() {
    return Timestamp{std::numeric_limits<std::int64_t>::max()};
  }
  static constexpr Timestamp minus_infinity() {
    return Timestamp{std::numeric_limits<std::int64_t>::min()};
  }
  constexpr bool is_finite() const { return *this != infinity() && *this != minus_infinity(); }

  friend constexpr auto operator<=>(const Timestamp&, const Timestamp&) = default;
};

// timestamp with time zone: an instant, microseconds since 2000-01-01 00:00:00
// UTC, read and shown in a time zone (time_zone.h).
struct TimestampTz {
  std::int64_t micros = 0;

  static constexpr TimestampTz infinity() {
    return TimestampTz{std::numeric_limits<std::int64_t>::max()};
  }
  static constexpr TimestampTz minus_infinity() {
    return TimestampTz{std::numeric_limits<std::int64_t>::min()};
  }
  constexpr bool is_finite() const { return *this != infinity() && *this != minus_infinity(); }

  friend constexpr auto operator<=>(const TimestampTz&, const TimestampTz&) = default;
};

// time without time zone: microseconds since midnight, 0 to 24:00:00 inclusive.
struct TimeOfDay {
  std::int64_t micros = 0;

  friend constexpr auto operator<=>(const TimeOfDay&, const TimeOfDay&) = default;
};

// time with time zone: a time of day (as TimeOfDay) and the offset of its
// zone in seconds west of UTC, as PostgreSQL keeps it (-05:00 is 18000).
struct TimeWithZone {
  std::int64_t time = 0;
  std::int32_t zone_west = 0;

  friend bool operator==(const TimeWithZone&, const TimeWithZone&) = default;
};

class TimeZone;
struct DateStyle;

// Valid finite ranges (PostgreSQL's IS_VALID_DATE / IS_VALID_TIMESTAMP).
inline constexpr std::int32_t kMinDateDays = -2451545;                    // 4714-11-24 BC
inline constexpr std::int32_t kMaxDateDays = 2145031948;                  // 5874897-12-31
inline constexpr std::int64_t kMinTimestampMicros = -211813488000000000;  // 4714-11-24 00:00 BC
inline constexpr std::int64_t kEndTimestampMicros = 9223371331200000000;  // 294277-01-01, excluded

constexpr bool is_valid_date(std::int64_t days) {
  return days >= kMinDateDays && days <= kMaxDateDays;
}
constexpr bool is_valid_timestamp(std::int64_t micros) {
  return micros >= kMinTimestampMicros && micros < kEndTimestampMicros;
}

// A timestamp broken into calendar fields (astronomical year).
struct CivilDateTime {
  calendar::CivilDate date;
  int hour = 0;
  int minute = 0;
  int second = 0;
  int microsecond = 0;
};

CivilDateTime timestamp_to_civil(Timestamp value);  // finite values only

// date_in / timestamp_in. Accepted: ISO "1998-12-01", "1998-12-01 10:20:30.5",
// "1998-12-01T10:20:30", MDY "12/01/1998" and "12-01-98", "19981201", a " BC"
// or " AD" suffix, a trailing time zone (+02, -08:00, Z, UTC: ignored, as
// PostgreSQL does for timestamp without time zone), "epoch", "infinity",
// "-infinity". A time part on a date is checked and dropped.
// Errors: 22007 `invalid input syntax for type date: "..."`, 22008
// `date/time field value out of range: "2020-13-01"`, `date out of range: ...`,
// `timestamp out of range: ...`. "now", "today", "tomorrow" and "yesterday"
// read the statement's time (statement_clock.h) in the session's time zone.
Date parse_date(std::string_view text);
Timestamp parse_timestamp(std::string_view text);
// timestamptz_in: the same forms; a zone in the text (an offset, an
// abbreviation such as EST, a name such as Europe/Berlin) places the wall time,
// else `zone` does. 22023 `time zone "mars/base" not recognized`.
TimestampTz parse_timestamptz(std::string_view text, const TimeZone& zone);

// time_in (DecodeTimeOnly): microseconds since midnight, up to 24:00:00
// inclusive. "04:05:06.789", "4:05 PM", "040506.789", "T040506", "allballs",
// "now"; a date before the time and a zone after it are read and dropped
// ("2003-03-07 15:36:39 America/New_York"; a zone name needs that date).
// 22007 `invalid input syntax for type time: "..."`, 22008 `date/time field
// value out of range: "24:00:01"`.
TimeOfDay parse_time(std::string_view text);
// timetz_in: time_in's forms; the offset is the one written, else that of
// the zone named (which needs a date) or of `zone`, on the date given or on
// the statement's date. "allballs" is midnight UTC.
TimeWithZone parse_timetz(std::string_view text, const TimeZone& zone);
// time_out: "HH:MM:SS" and the fraction without trailing zeros, in every DateStyle.
void append_time(std::string& out, TimeOfDay value);
std::string format_time(TimeOfDay value);

// Text output in the session's DateStyle (date_style.h), or in `style`.
// ISO: "1998-12-01", "0044-03-15 BC", "1998-12-01 10:20:30.5",
// "2024-03-01 12:00:00+01"; SQL: "12/01/1998 10:20:30.5 CET"; German:
// "01.12.1998 10:20:30.5 CET"; Postgres: "Tue Dec 01 10:20:30.5 1998 CET";
// "infinity". timestamptz shows the wall time in `zone` with its offset (ISO)
// or its abbreviation (the others; the offset where it has none).
void append_date(std::string& out, Date value);
void append_date(std::string& out, Date value, const DateStyle& style);
void append_timestamp(std::string& out, Timestamp value);
void append_timestamp(std::string& out, Timestamp value, const DateStyle& style);
std::string format_date(Date value);
std::string format_timestamp(Timestamp value);
void append_timestamptz(std::string& out, TimestampTz value, const TimeZone& zone);
void append_timestamptz(std::string& out, TimestampTz value, const TimeZone& zone, const DateStyle& style);
std::string format_timestamptz(TimestampTz value, const TimeZone& zone);
// ISO whatever the session's style: for texts read back by the parser.
std::string format_date_iso(Date value);
std::string format_timestamp_iso(Timestamp value);
std::string format_timestamptz_iso(TimestampTz value, const TimeZone& zone);

// make_date(year, month, day); negative years are BC. 22008 on invalid fields.
Date make_date(int year, int month, int day);

// Casts. date -> timestamp is midnight; timestamp -> date drops the time.
Timestamp date_to_timestamp(Date value);
Date timestamp_to_date(Timestamp value);

// date + integer and date - integer (infinite dates stay infinite);
// 22008 "date out of range".
Date date_add_days(Date value, std::int64_t days);
Date date_sub_days(Date value, std::int64_t days);
// date - date in days; 22008 "cannot subtract infinite dates".
std::int32_t date_diff_days(Date a, Date b);

// timestamp +/- interval: months first (the day is clamped to the end of the
// month: 2020-01-31 + 1 month = 2020-02-29), then days, then the time.
// 22008 "timestamp out of range".
Timestamp timestamp_add_interval(Timestamp value, Interval span);
Timestamp timestamp_sub_interval(Timestamp value, Interval span);
// date +/- interval gives a timestamp.
Timestamp date_add_interval(Date value, Interval span);
Timestamp date_sub_interval(Date value, Interval span);
// timestamp - timestamp: the difference as days and time (justify_hours), as
// PostgreSQL returns it; 22008 "cannot subtract infinite timestamps".
Interval timestamp_diff(Timestamp a, Timestamp b);

}  // namespace ptreedb::value
