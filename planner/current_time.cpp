#include "planner/current_time.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <optional>
#include <string>

#include "planner/expression_binder.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

namespace {

thread_local std::optional<std::chrono::system_clock::time_point> statement_time;

// "YYYY-MM-DD HH:MM:SS.ffffff" of the statement's time, in UTC.
std::string current_time_text() {
  using namespace std::chrono;
  auto now = statement_time ? *statement_time : system_clock::now();
  std::time_t seconds = system_clock::to_time_t(now);
  auto micros = duration_cast<microseconds>(now.time_since_epoch()).count() % 1000000;
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[64];
  std::snprintf(text, sizeof text, "%04d-%02d-%02d %02d:%02d:%02d.%06lld", utc.tm_year + 1900, utc.tm_mon + 1,
                utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, static_cast<long long>(micros));
  return text;
}

}  // namespace

StatementClock::StatementClock() : outermost_(!statement_time) {
  if (outermost_) statement_time = std::chrono::system_clock::now();
}

StatementClock::~StatementClock() {
  if (outermost_) statement_time.reset();
}

BoundExpression bind_current_timestamp() {
  return coerce(make_constant_text(current_time_text()), value::SqlType::of(value::TypeId::kTimestamp), true);
}

BoundExpression bind_current_time(const PgQuery__SQLValueFunction& function) {
  switch (function.op) {
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_DATE:
      return coerce(make_constant_text(current_time_text().substr(0, 10)), value::SqlType::of(value::TypeId::kDate),
                    true);
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP:
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_CURRENT_TIMESTAMP_N:
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP:
    case PG_QUERY__SQLVALUE_FUNCTION_OP__SVFOP_LOCALTIMESTAMP_N:
      return bind_current_timestamp();
    default:
      throw SqlError(sqlstate::kFeatureNotSupported, "this SQL value function is not supported yet", {}, {},
                     function.location + 1);
  }
}

}  // namespace ptreedb::planner
