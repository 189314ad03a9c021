// make_date, make_timestamp, make_timestamptz and make_time as PostgreSQL 15's date.c
// and timestamp.c: fields checked as ValidateDate checks them (make_date
// reads negative years as BC; make_timestamp refuses years below 1), the
// time of day up to 24:00:00, seconds rounded to microseconds;
// make_timestamptz reads the local time in the session's zone or the one
// named (22023 when no zone has that name). Errors are 22008 with
// PostgreSQL's texts.
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "exec/functions/text_results.h"
#include "storage/sql_error.h"
#include "storage/value/calendar.h"
#include "storage/value/date_time.h"
#include "storage/value/interval.h"
#include "storage/value/time_of_day.h"
#include "storage/value/time_zone.h"
#include "storage/value/timestamp_tz.h"
#include "storage/value/zone_abbreviations.h"

namespace ptreedb::exec {
namespace {

std::string two_digits(std::int64_t value) {
  std::array<char, 24> buffer{};
  std::snprintf(buffer.data(), buffer.size(), "%02lld", static_cast<long long>(value));
  return buffer.data();
}

std::string shown_seconds(double seconds) {
  std::array<char, 40> buffer{};
  std::snprintf(buffer.data(), buffer.size(), "%02g", seconds);
  return buffer.data();
}

[[noreturn]] void out_of_range(const std::string& message) {
  throw SqlError(sqlstate::kDatetimeFieldOverflow, message);
}

// make_timestamp_internal: microseconds since 2000-01-01. Negative years
// are BC (ValidateDate: no year 0), the messages name the fields as given.
std::int64_t make_timestamp(std::int64_t year, std::int64_t month, std::int64_t day, std::int64_t hour,
                            std::int64_t minute, double seconds) {
  const std::string date_text = std::to_string(year) + "-" + two_digits(month) + "-" + two_digits(day);
  const std::int64_t astronomical = year < 0 ? year + 1 : year;
  if (year == 0 || month < 1 || month > 12 || day < 1 ||
      day > value::calendar::days_in_month(astronomical, static_cast<int>(month))) {
    out_of_range("date field value out of range: " + date_text);
  }
  // IS_VALID_JULIAN: the day-number routines' range (from November 4714 BC).
  const bool before_julian = astronomical < -4713 || (astronomical == -4713 && month < 11);
  if (before_julian || astronomical > 5874898 || (astronomical == 5874898 && month >= 6)) {
    out_of_range("date out of range: " + date_text);
  }
  const std::int64_t days =
      value::calendar::days_from_civil(astronomical, static_cast<int>(month), static_cast<int>(day));
  const std::string time_text = std::to_string(hour) + ":" + two_digits(minute) + ":" + shown_seconds(seconds);
  const std::int64_t time = value::make_time(hour, minute, seconds).micros;
  std::int64_t result = 0;
  if (__builtin_mul_overflow(days, value::kMicrosPerDay, &result) || __builtin_add_overflow(result, time, &result) ||
      !value::is_valid_timestamp(result)) {
    out_of_range("timestamp out of range: " + date_text + " " + time_text);
  }
  return result;
}

// parse_sane_timezone: a numeric zone ("+2", "-05:30", "+0530") is hours
// east of UTC, as in timestamp input; then a zone name. A leading digit is
// 22023, as is an offset past 15 hours.
value::TimeZone zone_named(std::string_view name) {
  if (!name.empty() && std::isdigit(static_cast<unsigned char>(name.front())) != 0) {
    throw SqlError(sqlstate::kInvalidParameterValue,
                   "invalid input syntax for type numeric time zone: \"" + std::string(name) + "\"", {},
                   "Numeric time zones must have \"-\" or \"+\" as first character.");
  }
  if (!name.empty() && (name.front() == '+' || name.front() == '-')) {
    std::string_view rest = name.substr(1);
    std::size_t digits = 0;
    while (digits < rest.size() && std::isdigit(static_cast<unsigned char>(rest[digits])) != 0) ++digits;
    std::int64_t hours = -1, minutes = 0, seconds = 0;
    auto number = [](std::string_view text) {
      std::int64_t value = 0;
      for (char c : text) value = value * 10 + (c - '0');
      return value;
    };
    if (digits > 0 && digits == rest.size()) {
      if (digits <= 2) {
        hours = number(rest);
      } else if (digits <= 4) {
        hours = number(rest.substr(0, digits - 2));
        minutes = number(rest.substr(digits - 2));
      } else if (digits <= 6) {
        hours = number(rest.substr(0, digits - 4));
        minutes = number(rest.substr(digits - 4, 2));
        seconds = number(rest.substr(digits - 2));
      }
    } else if (digits > 0 && digits <= 2 && rest[digits] == ':') {
      std::string_view tail = rest.substr(digits + 1);
      const bool minute_only = tail.size() == 2 && std::isdigit(static_cast<unsigned char>(tail[0])) != 0 &&
                               std::isdigit(static_cast<unsigned char>(tail[1])) != 0;
      const bool with_seconds = tail.size() == 5 && tail[2] == ':';
      if (minute_only || with_seconds) {
        hours = number(rest.substr(0, digits));
        minutes = number(tail.substr(0, 2));
        if (with_seconds) seconds = number(tail.substr(3, 2));
      }
    }
    if (hours >= 0) {
      if (hours > 15 || minutes > 59 || seconds > 59) {
        throw SqlError(sqlstate::kInvalidParameterValue,
                       "numeric time zone \"" + std::string(name) + "\" out of range");
      }
      const std::int64_t east = (hours * 3600 + minutes * 60 + seconds) * (name.front() == '-' ? -1 : 1);
      return value::interval_time_zone(east);
    }
  }
  // An abbreviation (fixed, or dynamic as MSK) before a zone name, as parse_sane_timezone.
  if (auto abbreviation = value::find_zone_abbreviation(name)) return *abbreviation;
  return value::time_zone_or_throw(name);
}

Vector evaluate_make_date(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size, [&](std::size_t i) -> std::int64_t {
    return value::make_date(static_cast<int>(args[0].ints[i]), static_cast<int>(args[1].ints[i]),
                            static_cast<int>(args[2].ints[i]))
        .days;
  });
}

Vector evaluate_make_timestamp(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size, [&](std::size_t i) {
    return make_timestamp(args[0].ints[i], args[1].ints[i], args[2].ints[i], args[3].ints[i], args[4].ints[i],
                          args[5].doubles[i]);
  });
}

Vector evaluate_make_timestamptz(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size, [&](std::size_t i) {
    const value::Timestamp local{make_timestamp(args[0].ints[i], args[1].ints[i], args[2].ints[i], args[3].ints[i],
                                                args[4].ints[i], args[5].doubles[i])};
    if (args.size() > 6) {
      const value::TimeZone zone = zone_named(args[6].texts[i]);
      return value::timestamp_to_timestamptz(local, zone).micros;
    }
    return value::timestamp_to_timestamptz(local, value::session_time_zone()).micros;
  });
}

Vector evaluate_make_time(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  return int_per_row(expr, args, input.size, [&](std::size_t i) {
    return value::make_time(args[0].ints[i], args[1].ints[i], args[2].doubles[i]).micros;
  });
}

}  // namespace

const FunctionKernel kMakeTimeKernel{planner::FunctionId::kMakeTime, evaluate_make_time};
const FunctionKernel kMakeDateKernel{planner::FunctionId::kMakeDate, evaluate_make_date};
const FunctionKernel kMakeTimestampKernel{planner::FunctionId::kMakeTimestamp, evaluate_make_timestamp};
const FunctionKernel kMakeTimestampTzKernel{planner::FunctionId::kMakeTimestampTz, evaluate_make_timestamptz};

}  // namespace ptreedb::exec
