// extract(field FROM ...) and date_trunc(field, timestamp) with PostgreSQL 15's
// results: extract returns numeric (seconds carry 6 decimals, milliseconds 3,
// epoch 6 for timestamps and intervals), BC years count down from -1, weeks are
// ISO 8601 weeks, and unknown or unsupported fields raise PostgreSQL's errors.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "storage/value/date_time.h"
#include "storage/value/decimal.h"
#include "storage/value/interval.h"
#include "storage/value/time_zone.h"

namespace ptreedb::value {

enum class DateTimeField : std::uint8_t {
  kMicroseconds,
  kMilliseconds,
  kSecond,
  kMinute,
  kHour,
  kDay,
  kWeek,
  kMonth,
  kQuarter,
  kYear,
  kDecade,
  kCentury,
  kMillennium,
  kDayOfWeek,     // dow: 0 = Sunday
  kIsoDayOfWeek,  // isodow: 7 = Sunday
  kDayOfYear,     // doy
  kEpoch,
  kIsoYear,
  kJulian,
  kTimezone,  // known names that only timestamptz supports
  kTimezoneHour,
  kTimezoneMinute,
};

// Field names as PostgreSQL accepts them, case-insensitively, with its
// abbreviations and plurals ("year", "years", "y", "yr", "mon", "qtr", "dow",
// "microseconds", ...). nullopt for an unknown name.
std::optional<DateTimeField> lookup_datetime_field(std::string_view name);

// extract from a timestamp. nullopt is SQL NULL: PostgreSQL's result for a field
// like month of an infinite timestamp; fields that grow with time (year,
// epoch, ...) are +/-Infinity for one. Unsupported fields throw 0A000
// `unit "timezone" not supported for type timestamp without time zone`.
std::optional<Decimal> extract_field(DateTimeField field, Timestamp value);
std::optional<Decimal> extract_field(DateTimeField field, Date value);
Decimal extract_field(DateTimeField field, Interval value);

// By name; unknown names throw 22023 `unit "foo" not recognized for type ...`.
std::optional<Decimal> extract_field(std::string_view field, Timestamp value);
std::optional<Decimal> extract_field(std::string_view field, Date value);
Decimal extract_field(std::string_view field, Interval value);

// extract from a time: microseconds, milliseconds, second, minute, hour,
// epoch; other units throw 0A000 `unit "day" not supported for type time
// without time zone`, unknown ones 22023.
Decimal extract_field(DateTimeField field, TimeOfDay value);
Decimal extract_field(std::string_view field, TimeOfDay value);

// extract from a timetz: the time's fields, epoch (of the UTC time), timezone,
// timezone_hour, timezone_minute; others 0A000 as for time.
Decimal extract_field(DateTimeField field, TimeWithZone value);
Decimal extract_field(std::string_view field, TimeWithZone value);

// date_trunc for microseconds, milliseconds, second, minute, hour, day, week
// (ISO, Monday), month, quarter, year, decade, century, millennium. Infinite
// values are returned unchanged. Other fields throw 22023
// `unit "dow" not recognized for type timestamp without time zone`.
Timestamp date_trunc(DateTimeField field, Timestamp value);
Timestamp date_trunc(std::string_view field, Timestamp value);

// timestamp with time zone, in `zone`: fields of the wall time, epoch of the
// instant, timezone / timezone_hour / timezone_minute of the offset; date_trunc
// on the wall time (a day or more: the offset of the truncated wall time).
std::optional<Decimal> extract_field(DateTimeField field, TimestampTz value, const TimeZone& zone);
std::optional<Decimal> extract_field(std::string_view field, TimestampTz value, const TimeZone& zone);
TimestampTz date_trunc(std::string_view field, TimestampTz value, const TimeZone& zone);

}  // namespace ptreedb::value
