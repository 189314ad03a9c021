// timezone(zone, value): AT TIME ZONE between timestamp and timestamptz, and
// of a timetz (timetz_zone, timetz_izone).
#include <optional>
#include <string>

#include "exec/functions/function_kernel.h"
#include "storage/sql_error.h"
#include "storage/value/time_with_zone.h"
#include "storage/value/timestamp_tz.h"
#include "storage/value/zone_abbreviations.h"

namespace ptreedb::exec {
namespace {

using value::TypeId;

// An interval zone is a fixed offset east of UTC; PostgreSQL refuses months and days.
value::TimeZone interval_zone(const value::Interval& span) {
  if (span.months != 0 || span.days != 0) {
    throw SqlError(sqlstate::kInvalidParameterValue,
                   "interval time zone \"" + value::format_interval(span) + "\" must not include months or days");
  }
  return value::interval_time_zone(span.micros / value::kMicrosPerSecond);
}

Vector evaluate_at_time_zone(const planner::BoundExpression& expr, const Chunk& input) {
  std::vector<Vector> args = evaluate_arguments(expr, input);
  const Vector& zones = args[0];
  const Vector& source = args[1];
  Vector out = new_result(expr.type, input.size);
  std::optional<value::TimeZone> zone;
  std::string zone_text;  // the text `zone` was found by, looked up again only when it changes
  for (std::size_t i = 0; i < input.size; ++i) {
    out.nulls[i] = zones.nulls[i] || source.nulls[i];
    if (out.nulls[i]) continue;
    if (zones.type.id == TypeId::kInterval) {
      zone = interval_zone(zones.intervals[i]);
    } else if (!zone || zone_text != zones.texts[i]) {
      zone_text = std::string(zones.texts[i]);
      // An abbreviation (EST, CEST; MSK by its history) is looked at first, as PostgreSQL does.
      if (auto abbreviation = value::find_zone_abbreviation(zone_text)) {
        zone = std::move(abbreviation);
      } else {
        zone = value::time_zone_or_throw(zone_text);
      }
    }
    if (expr.type.id == TypeId::kTimeTz) {
      out.ints[i] = value::pack_timetz(value::timetz_at_zone(value::unpack_timetz(source.ints[i]), *zone));
    } else if (expr.type.id == TypeId::kTimestampTz) {
      out.ints[i] = value::timestamp_to_timestamptz(value::Timestamp{source.ints[i]}, *zone).micros;
    } else {
      out.ints[i] = value::timestamptz_to_timestamp(value::TimestampTz{source.ints[i]}, *zone).micros;
    }
  }
  return out;
}

}  // namespace

const FunctionKernel kAtTimeZoneKernel{planner::FunctionId::kAtTimeZone, evaluate_at_time_zone};

}  // namespace ptreedb::exec
