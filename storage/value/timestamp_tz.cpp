#include "storage/value/timestamp_tz.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "storage/sql_error.h"

namespace ptreedb::value {

namespace {

[[noreturn]] void throw_timestamp_out_of_range() {
  throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp out of range");
}

std::int64_t checked(__int128 micros) {
  if (micros < kMinTimestampMicros || micros >= kEndTimestampMicros) throw_timestamp_out_of_range();
  return static_cast<std::int64_t>(micros);
}

// The instant of a wall time in `zone`.
TimestampTz from_wall_time(__int128 local, const TimeZone& zone) {
  if (local < kMinTimestampMicros - kMicrosPerDay || local >= kEndTimestampMicros + kMicrosPerDay) {
    throw_timestamp_out_of_range();
  }
  const int offset = zone.offset_for_local(static_cast<std::int64_t>(local));
  return TimestampTz{checked(local - static_cast<__int128>(offset) * kMicrosPerSecond)};
}

std::int64_t wall_time(TimestampTz value, const TimeZone& zone) {
  return value.micros + static_cast<std::int64_t>(zone.offset_at_utc(value.micros)) * kMicrosPerSecond;
}

}  // namespace

TimestampTz timestamp_to_timestamptz(Timestamp value, const TimeZone& zone) {
  if (value == Timestamp::infinity()) return TimestampTz::infinity();
  if (value == Timestamp::minus_infinity()) return TimestampTz::minus_infinity();
  return from_wall_time(value.micros, zone);
}

Timestamp timestamptz_to_timestamp(TimestampTz value, const TimeZone& zone) {
  if (value == TimestampTz::infinity()) return Timestamp::infinity();
  if (value == TimestampTz::minus_infinity()) return Timestamp::minus_infinity();
  return Timestamp{checked(wall_time(value, zone))};
}

TimestampTz date_to_timestamptz(Date value, const TimeZone& zone) {
  if (value == Date::infinity()) return TimestampTz::infinity();
  if (value == Date::minus_infinity()) return TimestampTz::minus_infinity();
  const __int128 local = static_cast<__int128>(value.days) * kMicrosPerDay;
  if (local < kMinTimestampMicros || local >= kEndTimestampMicros) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "date out of range for timestamp");
  }
  return from_wall_time(local, zone);
}

Date timestamptz_to_date(TimestampTz value, const TimeZone& zone) {
  if (value == TimestampTz::infinity()) return Date::infinity();
  if (value == TimestampTz::minus_infinity()) return Date::minus_infinity();
  return timestamp_to_date(Timestamp{wall_time(value, zone)});
}

TimestampTz timestamptz_add_interval(TimestampTz value, Interval span, const TimeZone& zone) {
  if (!value.is_finite()) return value;
  if (span.months != 0) {
    // The month arithmetic of timestamp, on the wall time.
    const Timestamp moved = timestamp_add_interval(Timestamp{wall_time(value, zone)}, Interval{span.months, 0, 0});
    value = from_wall_time(moved.micros, zone);
  }
  if (span.days != 0) {
    const __int128 local = static_cast<__int128>(wall_time(value, zone)) +
                           static_cast<__int128>(span.days) * kMicrosPerDay;
    value = from_wall_time(local, zone);
  }
  return TimestampTz{checked(static_cast<__int128>(value.micros) + span.micros)};
}

TimestampTz timestamptz_sub_interval(TimestampTz value, Interval span, const TimeZone& zone) {
  return timestamptz_add_interval(value, interval_negate(span), zone);
}

Interval timestamptz_diff(TimestampTz a, TimestampTz b) {
  if (!a.is_finite() || !b.is_finite()) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "cannot subtract infinite timestamps");
  }
  return timestamp_diff(Timestamp{a.micros}, Timestamp{b.micros});
}

TimestampTz timestamptz_from_unix_seconds(double seconds) {
  if (std::isinf(seconds)) return seconds > 0 ? TimestampTz::infinity() : TimestampTz::minus_infinity();
  if (std::isnan(seconds)) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp cannot be NaN");
  }
  // PostgreSQL's bounds, in seconds since 1970: the valid range's ends.
  constexpr double kMinSeconds = -210866803200.0;  // 4714-11-24 BC
  constexpr double kEndSeconds = 9224318016000.0;  // 294277-01-01
  if (seconds < kMinSeconds || seconds >= kEndSeconds) {
    char text[64];
    std::snprintf(text, sizeof text, "%g", seconds);
    throw SqlError(sqlstate::kDatetimeFieldOverflow, std::string("timestamp out of range: \"") + text + "\"");
  }
  const double since_2000 = seconds + static_cast<double>(calendar::kUnixEpochDays) * 86400.0;
  return TimestampTz{checked(static_cast<__int128>(std::rint(since_2000 * 1e6)))};
}

}  // namespace ptreedb::value
