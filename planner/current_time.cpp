#include "planner/current_time.h"

#include <chrono>
#include <optional>
#include <string>

#include "planner/expression_binder.h"
#include "storage/sql_error.h"
#include "storage/value/statement_clock.h"
#include "storage/value/time_of_day.h"
#include "storage/value/time_with_zone.h"
#include "storage/value/timestamp_tz.h"

namespace ptreedb::planner {

namespace {

thread_local std::optional<std::chrono::system_clock::time_point> statement_time;

// The statement's time as a timestamptz: microseconds since 2000-01-01 UTC.
value::TimestampTz current_instant() {
  using namespace std::chrono;
  const auto now = statement_time ? *statement_time : system_clock::now();
  const std::int64_t unix_micros = duration_cast<microseconds>(now.time_since_epoch()).count();
  return value::TimestampTz{unix_micros + value::calendar::kUnixEpochDays * value::kMicrosPerDay};
}

BoundExpression constant_of(value::TypeId type, std::int64_t value) {
  BoundExpression expr;
  expr.kind = ExprKind::kConstant;
  expr.type = value::SqlType::of(type);
  expr.constant.is_null = false;
  expr.constant.int_value = value;
  return expr;
}

}  // namespace

StatementClock::StatementClock() : outermost_(!statement_time) {
  if (outermost_) {
    statement_time = std::chrono::system_clock::now();
    // 'now' in literals: it stays installed after planning, since literals
    // are cast while the statement runs (so 'now'::timestamptz = now()).
    value::set_statement_instant(current_instant().micros);
  }
}

StatementClock::~StatementClock() {
  if (outermost_) statement_time.reset();
}

BoundExpression bind_current_timestamp() { return constant_of(value::TypeId::kTimestampTz, current_instant().micros); }

BoundExpression bind_current_time(const PgQuery__SQLValueFunction& function) {
  switch (function.op) {
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_DATE:
      return constant_of(value::TypeId::kDate,
                         value::timestamptz_to_date(current_instant(), value::session_time_zone()).days);
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP:
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP_N:
      return bind_current_timestamp();
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP:
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP_N:
      return constant_of(value::TypeId::kTimestamp,
                         value::timestamptz_to_timestamp(current_instant(), value::session_time_zone()).micros);
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIME:
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIME_N: {
      value::TimeOfDay time = *value::timestamptz_to_time(current_instant(), value::session_time_zone());
      BoundExpression out = constant_of(value::TypeId::kTime, time.micros);
      if (function.op == PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIME_N) {
        out.type = value::SqlType::time(function.typmod);
        out.constant.int_value = value::round_time(time, out.type.timestamp_precision()).micros;
      }
      return out;
    }
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIME:
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIME_N: {
      value::TimeWithZone time = *value::timestamptz_to_timetz(current_instant(), value::session_time_zone());
      BoundExpression out = constant_of(value::TypeId::kTimeTz, value::pack_timetz(time));
      if (function.op == PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIME_N) {
        out.type = value::SqlType::timetz(function.typmod);
        out.constant.int_value = value::pack_timetz(value::round_timetz(time, out.type.timestamp_precision()));
      }
      return out;
    }
    default:
      throw SqlError(sqlstate::kFeatureNotSupported, "this SQL value function is not supported yet", {}, {},
                     function.location + 1);
  }
}

}  // namespace ptreedb::planner
