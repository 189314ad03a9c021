// Parameters $1..$n of a statement prepared through the extended query
// protocol. Planning sees them through a scope installed for the current
// thread (the planner runs on the session's thread), so the many binders and
// planners that meet a $n need no extra argument.
//
// Two passes use it. Describing a statement (Parse): values are absent, each
// $n binds as a NULL of its type, and a parameter without a declared type is
// an open "unknown" that takes the first type the context gives it (col = $1,
// $1 + 1, INSERT VALUES, LIMIT $1), as PostgreSQL infers it; text if none.
// Running it (Bind/Execute): every type is fixed and $n binds as its value.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "storage/value/type_id.h"

namespace ptreedb::planner {

struct BoundExpression;

struct StatementParameters {
  std::vector<value::SqlType> types;  // one per parameter
  std::vector<bool> open;             // type not declared and not inferred yet
  // Text form of each bound value (nullopt = NULL); unused until `bound`.
  std::vector<std::optional<std::string>> values;
  bool bound = false;

  std::size_t count() const { return types.size(); }
  // Open parameters that no context typed become text, as PostgreSQL does.
  void close_open_types();
};

// Installs `parameters` for planning on this thread until destroyed.
class ParameterScope {
 public:
  explicit ParameterScope(StatementParameters* parameters);
  ~ParameterScope();
  ParameterScope(const ParameterScope&) = delete;
  ParameterScope& operator=(const ParameterScope&) = delete;

 private:
  StatementParameters* previous_;
};

// $n as an expression: throws 42P02 when there is no such parameter.
BoundExpression bind_parameter(const PgQuery__ParamRef& ref);

// An open parameter resolved to `type` by its context.
void record_parameter_type(std::uint32_t number, value::SqlType type);

// LIMIT $n / OFFSET $n: the bound value (-1 for NULL or while describing).
std::int64_t parameter_count_value(const PgQuery__ParamRef& ref, const char* clause);

// The highest $n referenced in a statement (0 when none).
std::uint32_t highest_parameter_number(const PgQuery__Node& statement);

}  // namespace ptreedb::planner
