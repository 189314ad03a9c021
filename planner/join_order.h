// Greedy join ordering: the largest relation streams through hash joins whose
// build sides are the others, most selective first, so intermediate results
// shrink early. Filters that read one relation are pushed into it. Semi and
// anti joins that read one relation go where the fewest rows reach them:
// over that relation's filtered scan or over the joined rows.
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

// A semi or anti join from a WHERE-level EXISTS, IN, NOT EXISTS or NOT IN
// whose probe side reads the columns of one relation only.
struct SemiJoinStep {
  JoinKind kind = JoinKind::kSemi;
  bool null_aware = false;
  PlanPtr build;
  std::vector<BoundExpression> probe_keys;   // over scope positions
  std::vector<BoundExpression> build_keys;   // over the build rows
  std::optional<BoundExpression> condition;  // probe columns at scope positions, build columns from probe_width
  std::size_t probe_width = 0;
};

// Joins `inputs` under `conjuncts` (over scope positions), applies `semi_joins`,
// and returns a plan whose columns are in scope order (`scope_types`). No
// inputs: one empty row.
PlanPtr order_joins(std::vector<JoinInput> inputs, const std::vector<value::SqlType>& scope_types,
                    std::vector<BoundExpression> conjuncts, std::vector<SemiJoinStep> semi_joins = {});

}  // namespace ptreedb::planner
