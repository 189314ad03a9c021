#include "exec/join_residual.h"

#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ComparisonOp;
using planner::ExprKind;

namespace {

bool integer_column(const BoundExpression& expr) {
  return expr.kind == ExprKind::kColumn && physical_of(expr.type.id) == Physical::kInt;
}

}  // namespace

std::optional<JoinResidual> JoinResidual::of(const BoundExpression& condition, std::size_t probe_width) {
  std::vector<const BoundExpression*> parts;
  if (condition.kind == ExprKind::kAnd) {
    for (const auto& arg : condition.args) parts.push_back(&arg);
  } else {
    parts.push_back(&condition);
  }
  JoinResidual residual;
  for (const BoundExpression* part : parts) {
    if (part->kind != ExprKind::kComparison || part->args.size() != 2) return std::nullopt;
    const BoundExpression& left = part->args[0];
    const BoundExpression& right = part->args[1];
    if (!integer_column(left) || !integer_column(right) || left.type.id != right.type.id) return std::nullopt;
    bool left_probe = left.column < probe_width, right_probe = right.column < probe_width;
    if (left_probe == right_probe) return std::nullopt;  // both on one side: not a pair test
    Comparison comparison;
    comparison.op = left_probe ? part->comparison : planner::mirrored(part->comparison);
    comparison.probe_column = left_probe ? left.column : right.column;
    comparison.build_column = (left_probe ? right.column : left.column) - probe_width;
    residual.comparisons_.push_back(comparison);
  }
  return residual;
}

void JoinResidual::bind(const Chunk& probe, const Chunk& build) {
  for (Comparison& comparison : comparisons_) {
    const Vector& probe_column = probe.columns[comparison.probe_column];
    const Vector& build_column = build.columns[comparison.build_column];
    // The planner loads every column a condition reads.
    if (probe_column.size() != probe.size || build_column.size() != build.size) {
      throw SqlError("XX000", "join condition reads a column that was not loaded");
    }
    comparison.probe_nulls = probe_column.nulls.data();
    comparison.probe_values = probe_column.ints.data();
    comparison.build_nulls = build_column.nulls.data();
    comparison.build_values = build_column.ints.data();
  }
}

}  // namespace ptreedb::exec
