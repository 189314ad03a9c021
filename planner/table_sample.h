// A TABLESAMPLE clause on a table scan: the sampling method and its bound
// arguments, evaluated once when the scan starts (they may be parameters).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

struct TableSample {
  // BERNOULLI and SYSTEM are PostgreSQL's built-in methods; SYSTEM_ROWS and
  // SYSTEM_TIME those of its tsm_system_rows and tsm_system_time extensions.
  enum class Method : std::uint8_t { kBernoulli, kSystem, kSystemRows, kSystemTime };
  Method method = Method::kBernoulli;
  // A percentage as real (BERNOULLI, SYSTEM), a row count as bigint
  // (SYSTEM_ROWS) or milliseconds as double precision (SYSTEM_TIME).
  BoundExpression argument;
  // REPEATABLE's seed, as double precision.
  std::optional<BoundExpression> repeatable;
};

// The method's name as PostgreSQL spells it (bernoulli, system_rows, ...).
const char* sample_method_name(TableSample::Method method);

}  // namespace ptreedb::planner
