#include "storage/value/time_of_day.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "storage/sql_error.h"
#include "storage/value/time_zone.h"
#include "storage/value/timestamp_tz.h"

namespace ptreedb::value {

namespace {

TimeOfDay wrapped(std::int64_t micros) {
  micros -= micros / kMicrosPerDay * kMicrosPerDay;
  if (micros < 0) micros += kMicrosPerDay;
  return TimeOfDay{micros};
}

}  // namespace

TimeOfDay time_add_interval(TimeOfDay value, Interval span) {
  // Wrapping makes the sum's overflow harmless: both are under a day in size
  // after reducing the interval's part first.
  return wrapped(value.micros + span.micros % kMicrosPerDay);
}

TimeOfDay time_sub_interval(TimeOfDay value, Interval span) {
  return wrapped(value.micros - span.micros % kMicrosPerDay);
}

Interval time_diff(TimeOfDay a, TimeOfDay b) { return Interval{0, 0, a.micros - b.micros}; }

Interval time_to_interval(TimeOfDay value) { return Interval{0, 0, value.micros}; }

TimeOfDay interval_to_time(Interval value) {
  std::int64_t micros = value.micros % kMicrosPerDay;
  if (micros < 0) micros += kMicrosPerDay;
  return TimeOfDay{micros};
}

std::optional<TimeOfDay> timestamp_to_time(Timestamp value) {
  if (!value.is_finite()) return std::nullopt;
  std::int64_t micros = value.micros % kMicrosPerDay;
  if (micros < 0) micros += kMicrosPerDay;
  return TimeOfDay{micros};
}

std::optional<TimeOfDay> timestamptz_to_time(TimestampTz value, const TimeZone& zone) {
  if (!value.is_finite()) return std::nullopt;
  return timestamp_to_time(timestamptz_to_timestamp(value, zone));
}

Timestamp date_add_time(Date date, TimeOfDay time) {
  const Timestamp midnight = date_to_timestamp(date);
  if (!midnight.is_finite()) return midnight;
  const __int128 micros = static_cast<__int128>(midnight.micros) + time.micros;
  if (!is_valid_timestamp(static_cast<std::int64_t>(micros)) || micros != static_cast<std::int64_t>(micros)) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp out of range");
  }
  return Timestamp{static_cast<std::int64_t>(micros)};
}

TimeOfDay make_time(std::int64_t hour, std::int64_t minute, double second) {
  // PostgreSQL's make_time: seconds rounded to microseconds, then time_overflows.
  const double second_micros = std::rint(second * kMicrosPerSecond);
  const bool fields_bad = hour < 0 || hour > 24 || minute < 0 || minute > 59 || !(second_micros >= 0) ||
                          second_micros > 60.0 * kMicrosPerSecond;
  const std::int64_t total = fields_bad ? 0
                                        : hour * kMicrosPerHour + minute * kMicrosPerMinute +
                                              static_cast<std::int64_t>(second_micros);
  if (fields_bad || total > kMicrosPerDay) {
    char shown[96];
    std::snprintf(shown, sizeof shown, "%lld:%02lld:", static_cast<long long>(hour), static_cast<long long>(minute));
    std::string seconds = std::isnan(second) ? "NaN" : std::isinf(second) ? (second < 0 ? "-Infinity" : "Infinity") : "";
    if (seconds.empty()) {
      char digits[64];
      std::snprintf(digits, sizeof digits, "%02g", second);
      seconds = digits;
    }
    throw SqlError(sqlstate::kDatetimeFieldOverflow, std::string("time field value out of range: ") + shown + seconds);
  }
  return TimeOfDay{total};
}

TimeOfDay round_time(TimeOfDay value, int precision) {
  if (precision < 0 || precision >= 6) return value;
  std::int64_t scale = 1;
  for (int i = precision; i < 6; ++i) scale *= 10;
  return TimeOfDay{(value.micros + scale / 2) / scale * scale};
}

}  // namespace ptreedb::value
