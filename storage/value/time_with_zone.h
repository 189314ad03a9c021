// time with time zone (timetz) with PostgreSQL 15's rules. A value travels in
// one int64 (Vector ints, row slots, keys) whose integer order is
// timetz_cmp's: first the UTC-equivalent time, then the zone; equal only when
// time and zone both are. So sorting, grouping, keys and min/max need nothing
// of their own.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "storage/value/date_time.h"
#include "storage/value/interval.h"

namespace ptreedb::value {

class TimeZone;

// Offsets read from text or the wire stay below 16 hours (PostgreSQL's
// TZDISP_LIMIT); session zones reach 167 hours (SET TIME ZONE 20), and the
// packed form holds those too.
inline constexpr std::int32_t kMaxZoneDisplacement = 16 * 3600;
inline constexpr std::int32_t kMaxPackedZoneDisplacement = 168 * 3600;

// 22009 for a zone 168 hours or more from UTC (no zone PostgreSQL accepts is).
std::int64_t pack_timetz(TimeWithZone value);
TimeWithZone unpack_timetz(std::int64_t packed);

// timetz_out: "04:05:06.789+08", "11:00:00-05:30".
void append_timetz(std::string& out, TimeWithZone value);
std::string format_timetz(TimeWithZone value);

// timetz +/- interval: the time part wraps at midnight, the zone stays.
TimeWithZone timetz_add_interval(TimeWithZone value, Interval span);
TimeWithZone timetz_sub_interval(TimeWithZone value, Interval span);

// time -> timetz: the offset of `zone` on the statement's date at that time.
TimeWithZone time_to_timetz(TimeOfDay value, const TimeZone& zone);
// timestamptz -> timetz: the wall time and offset in `zone`; NULL for infinity.
std::optional<TimeWithZone> timestamptz_to_timetz(TimestampTz value, const TimeZone& zone);
// date + timetz (datetimetz_timestamptz); infinite dates stay infinite.
TimestampTz date_add_timetz(Date date, TimeWithZone time);

// timetz AT TIME ZONE zone: the same instant shown with the zone's offset at
// the statement's time (timetz_zone; an interval's fixed zone: timetz_izone).
TimeWithZone timetz_at_zone(TimeWithZone value, const TimeZone& zone);

// timetz(p): the time part rounded to p fractional digits.
TimeWithZone round_timetz(TimeWithZone value, int precision);

}  // namespace ptreedb::value
