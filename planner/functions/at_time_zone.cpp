// timezone(zone, value), which `value AT TIME ZONE zone` is: a timestamp's
// wall time in the zone as a timestamptz, or a timestamptz's wall time in the
// zone as a timestamp. The zone is text or an interval (a fixed offset east).
// An untyped value or a date is a timestamptz, PostgreSQL's preferred type.
// A timetz (or a time, cast to one) stays a timetz, shown in the zone.
#include "planner/expression_binder.h"
#include "planner/functions/function_binding.h"

namespace ptreedb::planner {
namespace {

using value::SqlType;
using value::TypeId;

BoundExpression bind_at_time_zone(const std::string& name, std::vector<BoundExpression>& args, int location) {
  if (args.size() != 2) throw_no_such_function(name, args, location);
  BoundExpression zone = resolve_unknown(std::move(args[0]), SqlType::of(TypeId::kText));
  BoundExpression source = resolve_unknown(std::move(args[1]), SqlType::of(TypeId::kTimestampTz));
  if (value::is_character_type(zone.type.id)) {
    zone = coerce(std::move(zone), SqlType::of(TypeId::kText), false);
  } else if (zone.type.id != TypeId::kInterval) {
    throw_no_such_function(name, args, location);
  }
  if (source.type.id == TypeId::kDate) source = coerce(std::move(source), SqlType::of(TypeId::kTimestampTz), false);
  if (source.type.id == TypeId::kTime) source = coerce(std::move(source), SqlType::of(TypeId::kTimeTz), false);
  TypeId result;
  if (source.type.id == TypeId::kTimeTz) {
    result = TypeId::kTimeTz;
  } else if (source.type.id == TypeId::kTimestamp) {
    result = TypeId::kTimestampTz;
  } else if (source.type.id == TypeId::kTimestampTz) {
    result = TypeId::kTimestamp;
  } else {
    throw_no_such_function(name, args, location);
  }
  return function_node(FunctionId::kAtTimeZone, SqlType::of(result), {std::move(zone), std::move(source)});
}

}  // namespace

const FunctionBinding kAtTimeZoneBinding{FunctionId::kAtTimeZone, "timezone", {"timezone"}, bind_at_time_zone};

}  // namespace ptreedb::planner
