// to_timestamp(text, format) and to_date(text, format): a date/time read back
// through a to_char template, as PostgreSQL's do_to_timestamp (formatting.c)
// reads it: not fixed-width unless FX, spaces and separators matched loosely,
// fields filled from numbers, names (months, days, AM/PM, AD/BC, Roman
// months), Julian days, ISO or Gregorian week dates, TZH:TZM offsets.
#pragma once

#include <string_view>

#include "storage/value/date_time.h"

namespace ptreedb::value {

class TimeZone;

// The instant `text` names through `format`: in its TZH/TZM offset when it
// gives one, else in `zone`. Errors as PostgreSQL's: 22007 for text the
// template does not read, 22008 for fields out of range, 22009 for an
// offset out of range, 0A000 for TZ and OF (only to_char prints them).
TimestampTz to_timestamp_from_template(std::string_view text, std::string_view format, const TimeZone& zone);

// The date `text` names through `format` (times are read and checked, then
// dropped).
Date to_date_from_template(std::string_view text, std::string_view format);

}  // namespace ptreedb::value
