// Calendar arithmetic: day numbers round-trip through civil dates, and the
// facts below match PostgreSQL 15 ('1970-01-01'::date - '2000-01-01'::date,
// extract(dow/week/isoyear ...), to_char(..., 'J')).
#include "storage/value/calendar.h"

#include <catch2/catch.hpp>

using namespace ptreedb::value::calendar;

TEST_CASE("day numbers and civil dates convert both ways", "[calendar]") {
  CHECK(days_from_civil(2000, 1, 1) == 0);
  CHECK(days_from_civil(1970, 1, 1) == kUnixEpochDays);
  CHECK(days_from_civil(1998, 12, 1) == -396);
  CHECK(days_from_civil(-4713, 11, 24) == -kJulianDayOfEpoch);  // Julian day 0, 4714-11-24 BC
  // Every day across two 400-year cycles on each side of the epoch (checked
  // without one assertion per day, which would dominate the run time).
  CivilDate previous = civil_from_days(-2 * 146097 - 1);
  for (std::int64_t days = -2 * 146097; days <= 2 * 146097; ++days) {
    const CivilDate date = civil_from_days(days);
    bool consistent = days_from_civil(date.year, date.month, date.day) == days && date.day >= 1 &&
                      date.day <= days_in_month(date.year, date.month);
    if (date.day != 1) {
      consistent = consistent && date.day == previous.day + 1 && date.month == previous.month;
    } else if (date.month != 1) {
      consistent = consistent && date.month == previous.month + 1;
    } else {
      consistent = consistent && date.year == previous.year + 1 && previous.month == 12;
    }
    if (!consistent) {
      INFO("day number " << days << " -> " << date.year << "-" << date.month << "-" << date.day);
      REQUIRE(consistent);
    }
    previous = date;
  }
  const CivilDate far = civil_from_days(2145031948);  // PostgreSQL's last date
  CHECK(far.year == 5874897);
  CHECK(far.month == 12);
  CHECK(far.day == 31);
}

TEST_CASE("leap years follow the Gregorian rule on astronomical years", "[calendar]") {
  CHECK(is_leap_year(2000));
  CHECK(is_leap_year(2020));
  CHECK_FALSE(is_leap_year(1900));
  CHECK_FALSE(is_leap_year(2021));
  CHECK(is_leap_year(0));   // 1 BC
  CHECK(is_leap_year(-4));  // 5 BC
  CHECK_FALSE(is_leap_year(-1));
  CHECK(days_in_month(2020, 2) == 29);
  CHECK(days_in_month(2100, 2) == 28);
  CHECK(days_in_month(2021, 4) == 30);
}

TEST_CASE("weekdays and ISO weeks", "[calendar]") {
  CHECK(day_of_week(days_from_civil(2000, 1, 1)) == 6);  // Saturday
  CHECK(day_of_week(days_from_civil(2021, 1, 3)) == 0);  // Sunday
  CHECK(day_of_week(days_from_civil(-4713, 11, 24)) == 1);
  CHECK(day_of_year(CivilDate{2020, 12, 31}) == 366);
  // extract(week/isoyear from date '2021-01-01') = 53 / 2020.
  CHECK(iso_week(days_from_civil(2021, 1, 1)) == 53);
  CHECK(iso_year(days_from_civil(2021, 1, 1)) == 2020);
  CHECK(iso_week(days_from_civil(2024, 12, 31)) == 1);
  CHECK(iso_year(days_from_civil(2024, 12, 31)) == 2025);
  CHECK(iso_week(days_from_civil(2008, 12, 29)) == 1);
  CHECK(iso_week_start(days_from_civil(2021, 1, 3)) == days_from_civil(2020, 12, 28));
  CHECK(floor_div(-7, 2) == -4);
  CHECK(floor_mod(-7, 2) == 1);
}
