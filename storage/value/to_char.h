// to_char(timestamp / timestamptz / date / interval, format): PostgreSQL's
// date/time formatting templates (formatting.c's DCH_ patterns): YYYY, MM,
// DD, HH24, HH12, MI, SS, MS, US, FF1-FF6, AM/PM, Mon/Month/Dy/Day in three
// cases, DDD, D, ID, IW, IYYY, WW, W, Q, CC, J, RM, SSSS, TZ/TZH/TZM/OF,
// AD/BC; the FM prefix, the TH/th suffix, "quoted text" and \" escapes.
#pragma once

#include <string>
#include <string_view>

#include "storage/value/date_time.h"
#include "storage/value/interval.h"

namespace ptreedb::value {

class TimeZone;

std::string to_char_timestamp(Timestamp value, std::string_view format);
// The wall time in `zone`, whose abbreviation and offset TZ and OF show.
std::string to_char_timestamptz(TimestampTz value, std::string_view format, const TimeZone& zone);
std::string to_char_interval(Interval value, std::string_view format);

}  // namespace ptreedb::value
