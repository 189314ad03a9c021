// Proleptic Gregorian calendar arithmetic on astronomical years (1 BC is year
// 0, 2 BC is -1), which is what PostgreSQL's date/time code uses internally.
// Day numbers count from 2000-01-01, PostgreSQL's epoch for date and timestamp.
#pragma once

#include <cstdint>

namespace ptreedb::value::calendar {

struct CivilDate {
  std::int64_t year = 2000;  // astronomical
  int month = 1;             // 1..12
  int day = 1;               // 1..31
};

// Floor division and modulo (the remainder takes the divisor's sign).
constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}
constexpr std::int64_t floor_mod(std::int64_t a, std::int64_t b) { return a - floor_div(a, b) * b; }

constexpr bool is_leap_year(std::int64_t year) {
  return floor_mod(year, 4) == 0 && (floor_mod(year, 100) != 0 || floor_mod(year, 400) == 0);
}

constexpr int days_in_month(std::int64_t year, int month) {
  constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && is_leap_year(year) ? 29 : kDays[month - 1];
}

namespace detail {
// Days from 0000-03-01 to year-month-day. Counting years from March puts the
// leap day at the end of the counted year, so the month lengths from March on
// follow the fixed pattern 31 30 31 30 31 | 31 30 31 30 31 | 31 (28/29), whose
// cumulative sums are (153 * m + 2) / 5 for m = 0 (March) .. 11 (February).
constexpr std::int64_t days_since_march_zero(std::int64_t year, int month, int day) {
  const bool before_march = month <= 2;
  const std::int64_t march_year = year - (before_march ? 1 : 0);
  const int month_from_march = before_march ? month + 9 : month - 3;
  return 365 * march_year + floor_div(march_year, 4) - floor_div(march_year, 100) +
         floor_div(march_year, 400) + (153 * month_from_march + 2) / 5 + (day - 1);
}
inline constexpr std::int64_t kEpochOffset = days_since_march_zero(2000, 1, 1);
}  // namespace detail

// Day number of a civil date (0 = 2000-01-01). Does not validate the date.
constexpr std::int64_t days_from_civil(std::int64_t year, int month, int day) {
  return detail::days_since_march_zero(year, month, day) - detail::kEpochOffset;
}

constexpr CivilDate civil_from_days(std::int64_t days) {
  // A 400-year cycle has 146097 days, so this estimate is off by at most one year.
  std::int64_t year = 2000 + floor_div(days * 400, 146097);
  while (days_from_civil(year, 1, 1) > days) --year;
  while (days_from_civil(year + 1, 1, 1) <= days) ++year;
  int day_of_year = static_cast<int>(days - days_from_civil(year, 1, 1));
  int month = 1;
  while (day_of_year >= days_in_month(year, month)) {
    day_of_year -= days_in_month(year, month);
    ++month;
  }
  return CivilDate{year, month, day_of_year + 1};
}

// 0 = Sunday .. 6 = Saturday (2000-01-01 was a Saturday).
constexpr int day_of_week(std::int64_t days) { return static_cast<int>(floor_mod(days + 6, 7)); }

// 1-based day within the year.
constexpr int day_of_year(const CivilDate& date) {
  return static_cast<int>(days_from_civil(date.year, date.month, date.day) -
                          days_from_civil(date.year, 1, 1)) +
         1;
}

// ISO 8601 weeks start on Monday; week 1 is the one holding the year's first
// Thursday, so a day belongs to the ISO year of the Thursday of its week.
constexpr std::int64_t iso_week_thursday(std::int64_t days) {
  const int days_since_monday = (day_of_week(days) + 6) % 7;
  return days - days_since_monday + 3;
}

constexpr std::int64_t iso_year(std::int64_t days) {
  return civil_from_days(iso_week_thursday(days)).year;
}

constexpr int iso_week(std::int64_t days) {
  const std::int64_t thursday = iso_week_thursday(days);
  const CivilDate thursday_date = civil_from_days(thursday);
  return static_cast<int>((thursday - days_from_civil(thursday_date.year, 1, 1)) / 7) + 1;
}

// Monday that starts the ISO week holding `days`.
constexpr std::int64_t iso_week_start(std::int64_t days) { return iso_week_thursday(days) - 3; }

// Julian day number (PostgreSQL's date2j) of 2000-01-01.
inline constexpr std::int64_t kJulianDayOfEpoch = 2451545;
// 1970-01-01 relative to 2000-01-01.
inline constexpr std::int64_t kUnixEpochDays = -10957;

}  // namespace ptreedb::value::calendar
