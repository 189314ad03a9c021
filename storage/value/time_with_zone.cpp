#include "storage/value/time_with_zone.h"

#include <limits>

#include "storage/sql_error.h"
#include "storage/value/calendar.h"
#include "storage/value/statement_clock.h"
#include "storage/value/time_of_day.h"
#include "storage/value/time_zone.h"
#include "storage/value/timestamp_tz.h"

namespace ptreedb::value {

namespace {

// The zone part of the packed form: zone_west + kMaxPackedZoneDisplacement,
// below 2^21; the UTC-equivalent time (within a day and 168 hours of it, in
// microseconds) times 2^21 stays inside an int64.
constexpr std::int64_t kZoneSpan = std::int64_t{1} << 21;
static_assert(2 * std::int64_t{kMaxPackedZoneDisplacement} < kZoneSpan);
static_assert((kMicrosPerDay + std::int64_t{kMaxPackedZoneDisplacement} * kMicrosPerSecond + 1) <
              std::numeric_limits<std::int64_t>::max() / kZoneSpan);

std::int64_t wrapped_time(std::int64_t micros) {
  micros -= micros / kMicrosPerDay * kMicrosPerDay;
  return micros < 0 ? micros + kMicrosPerDay : micros;
}

}  // namespace

std::int64_t pack_timetz(TimeWithZone value) {
  if (value.zone_west <= -kMaxPackedZoneDisplacement || value.zone_west >= kMaxPackedZoneDisplacement) {
    throw SqlError(sqlstate::kInvalidTimeZoneDisplacementValue, "time zone displacement out of range");
  }
  const std::int64_t utc = value.time + std::int64_t{value.zone_west} * kMicrosPerSecond;
  return utc * kZoneSpan + (value.zone_west + kMaxPackedZoneDisplacement);
}

TimeWithZone unpack_timetz(std::int64_t packed) {
  const std::int64_t utc = calendar::floor_div(packed, kZoneSpan);
  const auto zone_west =
      static_cast<std::int32_t>(calendar::floor_mod(packed, kZoneSpan) - kMaxPackedZoneDisplacement);
  return TimeWithZone{utc - std::int64_t{zone_west} * kMicrosPerSecond, zone_west};
}

void append_timetz(std::string& out, TimeWithZone value) {
  append_time(out, TimeOfDay{value.time});
  append_utc_offset(out, -value.zone_west);
}

std::string format_timetz(TimeWithZone value) {
  std::string out;
  append_timetz(out, value);
  return out;
}

TimeWithZone timetz_add_interval(TimeWithZone value, Interval span) {
  return TimeWithZone{time_add_interval(TimeOfDay{value.time}, span).micros, value.zone_west};
}

TimeWithZone timetz_sub_interval(TimeWithZone value, Interval span) {
  return TimeWithZone{time_sub_interval(TimeOfDay{value.time}, span).micros, value.zone_west};
}

TimeWithZone time_to_timetz(TimeOfDay value, const TimeZone& zone) {
  const std::int64_t instant = statement_instant_micros();
  const std::int64_t today =
      calendar::floor_div(instant + zone.offset_at_utc(instant) * kMicrosPerSecond, kMicrosPerDay);
  return TimeWithZone{value.micros, -zone.offset_for_local(today * kMicrosPerDay + value.micros)};
}

std::optional<TimeWithZone> timestamptz_to_timetz(TimestampTz value, const TimeZone& zone) {
  if (!value.is_finite()) return std::nullopt;
  const int east = zone.offset_at_utc(value.micros);
  const std::int64_t local = value.micros + std::int64_t{east} * kMicrosPerSecond;
  return TimeWithZone{calendar::floor_mod(local, kMicrosPerDay), -east};
}

TimestampTz date_add_timetz(Date date, TimeWithZone time) {
  if (date == Date::infinity()) return TimestampTz::infinity();
  if (date == Date::minus_infinity()) return TimestampTz::minus_infinity();
  date_to_timestamp(date);  // 22008 "date out of range for timestamp" past timestamp's last day
  const __int128 micros = static_cast<__int128>(date.days) * kMicrosPerDay + time.time +
                          static_cast<__int128>(time.zone_west) * kMicrosPerSecond;
  if (micros < kMinTimestampMicros || micros >= kEndTimestampMicros) {
    throw SqlError(sqlstate::kDatetimeFieldOverflow, "timestamp out of range");
  }
  return TimestampTz{static_cast<std::int64_t>(micros)};
}

TimeWithZone timetz_at_zone(TimeWithZone value, const TimeZone& zone) {
  const std::int32_t zone_west = -zone.offset_at_utc(statement_instant_micros());
  const std::int64_t shifted =
      value.time + (std::int64_t{value.zone_west} - zone_west) * kMicrosPerSecond;
  return TimeWithZone{wrapped_time(shifted), zone_west};
}

TimeWithZone round_timetz(TimeWithZone value, int precision) {
  return TimeWithZone{round_time(TimeOfDay{value.time}, precision).micros, value.zone_west};
}

}  // namespace ptreedb::value
