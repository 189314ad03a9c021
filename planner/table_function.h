// Set-returning functions: generate_series, unnest, pg_partition_ancestors,
// json[b]_array_elements[_text], json[b]_object_keys, regexp_matches and
// regexp_split_to_table, called in FROM (and as the only item of a FROM-less
// select list). A call is bound once; exec/table_function_rows.h makes its rows.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner/bound_expression.h"

namespace ptreedb::planner {

enum class TableFunction : std::uint8_t {
  kGenerateSeries,       // start, stop [, step]: integers, numerics, or timestamps with an interval step
  kUnnest,               // the elements of an array (its text form '{a,b}'), as text
  kPartitionAncestors,   // no relation is a partition: always empty
  kJsonArrayElements,    // json[b]_array_elements[_text]: an array's elements (as json[b], or text)
  kJsonObjectKeys,       // json[b]_object_keys: an object's keys
  kRegexpMatches,        // string, pattern [, flags]: each match's groups as text[] (every match with "g")
  kRegexpSplitToTable,   // string, pattern [, flags]: the text between the matches
};

struct TableFunctionCall {
  TableFunction function = TableFunction::kGenerateSeries;
  std::string name;                  // as written, for EXPLAIN and the default column name
  std::vector<BoundExpression> args;
  value::SqlType type;               // of the one column it returns
  std::string column_name;           // the column's name when the function names it (OUT value), else the alias
};

bool is_table_function(const std::string& name);

// Checks and coerces the arguments as PostgreSQL resolves the call (42883
// when no variant takes them).
TableFunctionCall bind_table_function(const std::string& name, std::vector<BoundExpression> args, int location);

}  // namespace ptreedb::planner
