// timestamp with time zone in a zone: the casts to and from timestamp and
// date, arithmetic with intervals (days and months move the wall time in the
// zone, as PostgreSQL does across daylight-saving changes), the difference of
// two instants, AT TIME ZONE and to_timestamp(double). Errors are
// PostgreSQL's 22008 "timestamp out of range" and friends.
#pragma once

#include "storage/value/date_time.h"
#include "storage/value/interval.h"
#include "storage/value/time_zone.h"

namespace ptreedb::value {

// timestamp -> timestamptz: the wall time in `zone` (timestamp AT TIME ZONE z).
TimestampTz timestamp_to_timestamptz(Timestamp value, const TimeZone& zone);
// timestamptz -> timestamp: the wall time in `zone` (timestamptz AT TIME ZONE z).
Timestamp timestamptz_to_timestamp(TimestampTz value, const TimeZone& zone);
TimestampTz date_to_timestamptz(Date value, const TimeZone& zone);
Date timestamptz_to_date(TimestampTz value, const TimeZone& zone);

// timestamptz +/- interval: months and days on the wall time in `zone` (the
// offset found again afterwards), then the time as elapsed time.
TimestampTz timestamptz_add_interval(TimestampTz value, Interval span, const TimeZone& zone);
TimestampTz timestamptz_sub_interval(TimestampTz value, Interval span, const TimeZone& zone);
// timestamptz - timestamptz: elapsed days and time (justify_hours).
Interval timestamptz_diff(TimestampTz a, TimestampTz b);

// to_timestamp(seconds since 1970-01-01 UTC); NaN and out-of-range seconds
// give 22008, +/-Infinity the infinite values.
TimestampTz timestamptz_from_unix_seconds(double seconds);

}  // namespace ptreedb::value
