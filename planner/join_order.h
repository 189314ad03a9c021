// Greedy join ordering: the largest relation streams through hash joins whose
// build sides are the others, most selective first, so intermediate results
// shrink early. Filters that read one relation are pushed into it.
#pragma once

#include <vector>

#include "planner/logical_plan.h"

namespace ptreedb::planner {

// A FROM relation: its plan and where its columns sit in the query's scope.
struct JoinInput {
  PlanPtr plan;
  std::size_t offset = 0;
  std::size_t width = 0;
  double base_rows = 1;  // before any filter
};

// Joins `inputs` under `conjuncts` (over scope positions) and returns a plan
// whose columns are in scope order (`scope_types`). No inputs: one empty row.
PlanPtr order_joins(std::vector<JoinInput> inputs, const std::vector<value::SqlType>& scope_types,
                    std::vector<BoundExpression> conjuncts);

}  // namespace ptreedb::planner
