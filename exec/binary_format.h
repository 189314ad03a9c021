// PostgreSQL's binary send/receive formats for every type ptreedb stores
// (typsend/typreceive in PostgreSQL): big-endian integers and IEEE floats,
// numeric as base-10000 digits, text as its bytes, date as int32 days and
// timestamp as int64 microseconds since 2000-01-01, interval as int64
// microseconds, int32 days, int32 months. Also the text-form checks a bound
// parameter gets at Bind.
#pragma once

#include <string>
#include <string_view>

#include "exec/vector.h"
#include "storage/value/type_id.h"

namespace ptreedb::exec {

// Appends element `row` (not NULL) of `column` in binary form, without the length word.
void append_binary(std::string& out, const Vector& column, std::size_t row);

// A binary parameter value of `type` converted to its text form. Throws 22P03
// "incorrect binary data format in bind parameter N" for a wrong length
// (without " in bind parameter N" for parameter number 0, a COPY field).
std::string binary_parameter_to_text(value::SqlType type, std::string_view bytes, std::size_t parameter_number);

// Reads `text` as a value of `type`, so a bad parameter fails at Bind with the
// type's own error (22P02, 22003, 22007, ...), as in PostgreSQL.
void check_text_value(value::SqlType type, std::string_view text);

// A date or timestamp parameter without the time zone offset some clients
// append ("2024-02-29 +00", "2024-02-29 13:45:07.12+01:30", as pgjdbc sends
// them); PostgreSQL ignores the offset for these types. Other text unchanged.
std::string without_time_zone_offset(value::SqlType type, std::string text);

// The binary form of a numeric given as decimal text ("-12.340"): used by
// append_binary and by tests against PostgreSQL's numeric_send output.
std::string numeric_to_binary(std::string_view decimal_text);
std::string numeric_binary_to_text(std::string_view bytes);  // throws 22P03 on bad input

}  // namespace ptreedb::exec
