// Arithmetic and casts of time without time zone (TimeOfDay, date_time.h) with
// PostgreSQL 15's rules: adding an interval uses its time part only and wraps
// around midnight; casts from timestamps keep the time of day.
#pragma once

#include <optional>

#include "storage/value/date_time.h"
#include "storage/value/interval.h"

namespace ptreedb::value {

class TimeZone;

// time + interval and time - interval (time_pl_interval): months and days are
// ignored, the result wraps into [00:00, 24:00).
TimeOfDay time_add_interval(TimeOfDay value, Interval span);
TimeOfDay time_sub_interval(TimeOfDay value, Interval span);
// time - time: an interval of the difference's microseconds.
Interval time_diff(TimeOfDay a, TimeOfDay b);

// time -> interval (implicit in PostgreSQL) and interval -> time (the time
// part modulo a day).
Interval time_to_interval(TimeOfDay value);
TimeOfDay interval_to_time(Interval value);

// timestamp -> time and timestamptz -> time (the wall time in `zone`);
// infinite timestamps give NULL, as PostgreSQL's timestamp_time does.
std::optional<TimeOfDay> timestamp_to_time(Timestamp value);
std::optional<TimeOfDay> timestamptz_to_time(TimestampTz value, const TimeZone& zone);

// date + time (datetime_timestamp): infinite dates stay infinite; 22008
// "timestamp out of range".
Timestamp date_add_time(Date date, TimeOfDay time);

// make_time(hour, min, sec): 22008 `time field value out of range: 24:00:01`.
TimeOfDay make_time(std::int64_t hour, std::int64_t minute, double second);

// time(p): rounds to p fractional digits (24:00:00 is kept).
TimeOfDay round_time(TimeOfDay value, int precision);

}  // namespace ptreedb::value
