// CURRENT_TIMESTAMP, LOCALTIMESTAMP, CURRENT_DATE and now() (with
// transaction_timestamp(), statement_timestamp(), clock_timestamp()), bound as
// constants of the moment the statement is planned (now() and CURRENT_TIMESTAMP
// a timestamptz; LOCALTIMESTAMP and CURRENT_DATE in the session's time zone):
// every one of them in a statement reads the same time. PostgreSQL
// fixes them at transaction start, and clock_timestamp() moves during a
// statement; here they are fixed per statement.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

BoundExpression bind_current_time(const PgQuery__SQLValueFunction& function);
// now() and its namesakes: a timestamptz constant.
BoundExpression bind_current_timestamp();

// While one lives on this thread (around planning a statement), the functions
// above read the time it was made at.
class StatementClock {
 public:
  StatementClock();
  ~StatementClock();
  StatementClock(const StatementClock&) = delete;
  StatementClock& operator=(const StatementClock&) = delete;

 private:
  bool outermost_;
};

}  // namespace ptreedb::planner
