// Decorrelation of general correlated subqueries: the subquery's rows are
// joined once with the distinct outer values it reads (any correlation
// predicate, outer references anywhere), so it never runs per outer row.
#pragma once

#include <optional>
#include <vector>

#include "planner/bound_expression.h"
#include "planner/logical_plan.h"

namespace ptreedb::planner {

// The outer columns (kOuterColumn) `expr` reads, appended to `columns` in
// first-read order, each once.
void collect_outer_columns(const BoundExpression& expr, std::vector<std::size_t>& columns);

// `expr` with each outer reference to `outer_columns[j]` replaced by column
// offset + j; other columns are left as they are.
BoundExpression outer_to_columns(BoundExpression expr, const std::vector<std::size_t>& outer_columns,
                                 std::size_t offset);

// The subquery's input joined with D, the distinct values of the outer
// columns it reads: rows are the inner columns, then D's columns.
struct DecorrelatedInput {
  PlanPtr inner;                           // the subquery's rows before its select list
  std::size_t inner_width = 0;
  std::vector<std::size_t> outer_columns;  // outer scope columns, in D's column order
  std::vector<value::SqlType> outer_types;
  std::vector<BoundExpression> inner_keys; // equality correlations: inner side
  std::vector<BoundExpression> outer_keys; // ... and outer side, over D's columns
  std::optional<BoundExpression> condition;  // the other correlations, over inner ++ D

  // An expression of the subquery (kColumn: inner, kOuterColumn: outer) over the joined rows.
  BoundExpression over_joined(BoundExpression expr) const;
  // The join of the inner rows with `distinct_outer` (one row per distinct D value).
  PlanPtr join(PlanPtr distinct_outer) const;
};

// `correlated`: the subquery's WHERE conjuncts that read the outer query;
// `reading`: other expressions of the subquery whose outer references D must carry.
DecorrelatedInput decorrelate(PlanPtr inner, const std::vector<BoundExpression>& correlated,
                              const std::vector<const BoundExpression*>& reading,
                              const std::vector<value::SqlType>& outer_scope_types);

// Outer references inside aggregate calls read D's columns of the joined rows;
// the rest of the expression is left as it is.
BoundExpression outer_into_aggregates(BoundExpression expr, const DecorrelatedInput& input);

// Join keys under which NULL equals NULL: (expr IS NULL, coalesce(expr, zero)).
void append_null_safe_key(const BoundExpression& expr, std::vector<BoundExpression>& keys);

// A copy of `plan` in which every OuterValuesNode reads `distinct_outer`,
// whose columns are the enclosing query's columns `distinct_columns`.
PlanPtr bind_outer_values(const PlanPtr& plan, const PlanPtr& distinct_outer,
                          const std::vector<std::size_t>& distinct_columns);

// Conjuncts that tie a subquery's copy of an outer column (`inner`, a column
// of its rows) to the outer column itself, NULL matching NULL, as equalities
// decorrelation turns into join keys.
void append_outer_value_match(const BoundExpression& inner, const BoundExpression& outer,
                              std::vector<BoundExpression>& conjuncts);

}  // namespace ptreedb::planner
