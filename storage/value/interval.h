// PostgreSQL's interval: months, days and microseconds kept apart (a month is
// not a fixed number of days, nor a day a fixed number of hours once time zones
// exist), with PostgreSQL's input syntax, its IntervalStyle "postgres" output,
// and its arithmetic and ordering rules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "storage/value/date_style.h"

namespace ptreedb::value {

inline constexpr std::int64_t kMicrosPerSecond = 1'000'000;
inline constexpr std::int64_t kMicrosPerMinute = 60 * kMicrosPerSecond;
inline constexpr std::int64_t kMicrosPerHour = 60 * kMicrosPerMinute;
inline constexpr std::int64_t kMicrosPerDay = 24 * kMicrosPerHour;
// PostgreSQL's conversion factors where an exact one does not exist.
inline constexpr int kDaysPerMonth = 30;
inline constexpr int kMonthsPerYear = 12;

struct Interval {
  std::int32_t months = 0;
  std::int32_t days = 0;
  std::int64_t micros = 0;

  // Field-wise identity, e.g. for tests. SQL equality is interval_compare()
  // == 0, under which '1 mon' equals '30 days'.
  friend bool operator==(const Interval&, const Interval&) = default;
};

// The SQL interval qualifier: INTERVAL '90' DAY, INTERVAL '1-2' YEAR TO MONTH.
// It decides the unit of a bare number and drops the fields below its last one.
enum class IntervalFields : std::uint8_t {
  kNone,
  kYear,
  kMonth,
  kDay,
  kHour,
  kMinute,
  kSecond,
  kYearToMonth,
  kDayToHour,
  kDayToMinute,
  kDayToSecond,
  kHourToMinute,
  kHourToSecond,
  kMinuteToSecond,
};

// interval_in. Accepts PostgreSQL's forms: "1 year 2 mons 3 days 04:05:06",
// units with abbreviations and plurals, fractions ("1.5 days"), "ago", "@",
// SQL-standard "1-2" (years-months) and "3 4:05:06" (days time), a bare number
// (seconds, or the qualifier's unit), and ISO 8601 "P1Y2M3DT4H5M6S".
// Errors: 22007 invalid input syntax, 22015 interval field value out of range,
// 22008 interval out of range.
Interval parse_interval(std::string_view text, IntervalFields fields = IntervalFields::kNone);

// Applies a qualifier to an existing value (a cast to "interval day", or the
// truncation parse_interval does after reading).
Interval apply_interval_fields(Interval value, IntervalFields fields);
// interval(p), SECOND(p): the time rounded to p fractional digits, halves away
// from zero (AdjustIntervalForTypmod); above 6 as 6, 22023 below 0.
Interval round_interval(Interval value, int precision);

// In the session's IntervalStyle (date_style.h), or in `style`. postgres:
// "1 year 2 mons 3 days 04:05:06", "-1 days", "00:00:00", "1 day -02:00:00";
// postgres_verbose: "@ 1 year 2 mons 3 days 4 hours 5 mins 6 secs ago";
// sql_standard: "1-2", "3 4:05:06", "+1-2 -3 +4:05:06"; iso_8601:
// "P1Y2M3DT4H5M6S", "PT0S".
void append_interval(std::string& out, Interval value);
void append_interval(std::string& out, Interval value, IntervalOutputStyle style);
// postgres style whatever the session's: for texts read back by the parser.
std::string format_interval_postgres(Interval value);
std::string format_interval(Interval value);

// Component-wise, raising 22008 "interval out of range" on overflow.
Interval interval_add(Interval a, Interval b);
Interval interval_sub(Interval a, Interval b);
Interval interval_negate(Interval value);
// interval * float8 and interval / float8 with PostgreSQL's cascading of
// fractional months into days and fractional days into time.
Interval interval_mul(Interval value, double factor);
Interval interval_div(Interval value, double divisor);

// Ordering as PostgreSQL compares intervals: by total length with 30-day months
// and 24-hour days.
int interval_compare(Interval a, Interval b);
std::size_t interval_hash(Interval value);

// justify_hours: whole 24-hour periods of the time become days;
// justify_days: whole 30-day periods become months; justify_interval: both,
// with signs made consistent.
Interval justify_hours(Interval value);
Interval justify_days(Interval value);
Interval justify_interval(Interval value);

}  // namespace ptreedb::value
