// A join condition simple enough to test on a candidate pair inside the
// probe loop, without gathering the pair's columns first: an AND of
// comparisons between an integer-like probe column and an integer-like build
// column of the same type (TPC-H Q21's l2.l_suppkey <> l1.l_suppkey).
// A comparison with a NULL is unknown, so the pair does not pass.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "exec/vector.h"
#include "planner/bound_expression.h"

namespace ptreedb::exec {

class JoinResidual {
 public:
  // nullopt when `condition` (over probe ++ build columns, the probe's
  // `probe_width` first) has another shape.
  static std::optional<JoinResidual> of(const planner::BoundExpression& condition, std::size_t probe_width);

  // Binds the columns of a probe chunk; `build` stays bound for the join.
  void bind(const Chunk& probe, const Chunk& build);

  [[gnu::always_inline]] bool passes(std::size_t probe_row, std::uint32_t build_row) const {
    for (const Comparison& comparison : comparisons_) {
      if (comparison.probe_nulls[probe_row] || comparison.build_nulls[build_row]) return false;
      const std::int64_t a = comparison.probe_values[probe_row], b = comparison.build_values[build_row];
      bool holds = false;
      switch (comparison.op) {
        case planner::ComparisonOp::kEqual: holds = a == b; break;
        case planner::ComparisonOp::kNotEqual: holds = a != b; break;
        case planner::ComparisonOp::kLess: holds = a < b; break;
        case planner::ComparisonOp::kLessEqual: holds = a <= b; break;
        case planner::ComparisonOp::kGreater: holds = a > b; break;
        case planner::ComparisonOp::kGreaterEqual: holds = a >= b; break;
      }
      if (!holds) return false;
    }
    return true;
  }

 private:
  struct Comparison {
    planner::ComparisonOp op;  // probe value OP build value
    std::size_t probe_column = 0;
    std::size_t build_column = 0;
    const std::uint8_t* probe_nulls = nullptr;
    const std::int64_t* probe_values = nullptr;
    const std::uint8_t* build_nulls = nullptr;
    const std::int64_t* build_values = nullptr;
  };
  std::vector<Comparison> comparisons_;
};

}  // namespace ptreedb::exec
