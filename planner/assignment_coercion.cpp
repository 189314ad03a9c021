#include "planner/assignment_coercion.h"

#include "planner/domain_constraints.h"
#include "planner/expression_binder.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

using value::SqlType;
using value::TypeId;

bool assignment_castable(TypeId from, TypeId to) {
  if (from == to) return true;
  if (value::is_numeric_category(from) && value::is_numeric_category(to)) return true;
  if (value::is_character_type(to)) return true;  // every type's output function
  if (value::is_json_type(from) && value::is_json_type(to)) return true;  // json <-> jsonb: assignment casts
  if (value::is_character_type(from)) return false;  // input functions need an explicit cast
  // time from interval, timestamp and timestamptz; time to interval.
  if (to == TypeId::kTime) {
    return from == TypeId::kInterval || from == TypeId::kTimestamp || from == TypeId::kTimestampTz ||
           from == TypeId::kTimeTz;
  }
  if (to == TypeId::kTimeTz) return from == TypeId::kTime || from == TypeId::kTimestampTz;
  if (from == TypeId::kTime) return to == TypeId::kInterval;
  // date, timestamp and timestamptz assign to one another.
  return value::is_timestamp_or_date(from) && value::is_timestamp_or_date(to);
}

BoundExpression coerce_for_assignment(BoundExpression value, const storage::ColumnSchema& column) {
  if (column.type.domain_oid != 0) {  // assigned as the base type, then the domain's constraints
    if (value.type == column.type && !value.unknown_literal) return value;
    storage::ColumnSchema base = column;
    base.type = column.type.base();
    return domain_check_call(coerce_for_assignment(std::move(value), base), column.type);
  }
  if (value.unknown_literal) return resolve_unknown(std::move(value), column.type);
  if (value.type == column.type) return value;
  const bool arrays = value.type.is_array() && column.type.is_array();
  const bool allowed = arrays ? assignment_castable(value.type.element, column.type.element)
                       : value.type.is_array() ? value::is_character_type(column.type.id)
                       : column.type.is_array() ? false
                                                : assignment_castable(value.type.id, column.type.id);
  if (!allowed) {
    auto shown = [](const SqlType& type) { return type.is_array() ? SqlType::array_of(SqlType::of(type.element)) : SqlType::of(type.id); };
    throw SqlError(sqlstate::kDatatypeMismatch,
                   "column \"" + column.name + "\" is of type " + value::format_type(shown(column.type)) +
                       " but expression is of type " + value::format_type(shown(value.type)),
                   {}, "You will need to rewrite or cast the expression.");
  }
  if (value.type.id == column.type.id && value.type.element == column.type.element && !column.type.has_typmod()) {
    return value;
  }
  // Not an explicit cast: a too-long string is an error (22001), not cut.
  BoundExpression cast;
  cast.kind = ExprKind::kCast;
  cast.type = column.type;
  cast.args.push_back(std::move(value));
  return cast;
}

}  // namespace ptreedb::planner
