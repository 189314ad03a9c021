// Project: computes the output columns of each input chunk, in the pipeline
// of its input.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <unordered_map>
#include <utility>

#include "exec/evaluate.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ExprKind;
using planner::PlanNode;

namespace {

// For each projected expression that is the last reference to an input
// column, that column (SIZE_MAX for the others). Out of line: the operator
// dispatch recurses once per plan level and keeps a small frame.
[[gnu::noinline]] std::vector<std::size_t> last_uses(const std::vector<BoundExpression>& expressions) {
  std::vector<std::size_t> last_use(expressions.size(), SIZE_MAX);
  std::unordered_map<std::size_t, std::size_t> last_reference;
  for (std::size_t e = 0; e < expressions.size(); ++e) {
    if (expressions[e].kind == ExprKind::kColumn) last_reference[expressions[e].column] = e;
  }
  for (const auto& [column, e] : last_reference) last_use[e] = column;
  return last_use;
}

}  // namespace

void PlanExecutor::run_operator(const PlanNode&, const planner::ProjectNode& project, const Sink& sink) {
  std::vector<BoundExpression> expressions = prepare(project.expressions);
  // Input columns passed through are moved, not copied, at their last
  // use (the chunk is ours), after every computed column has read them.
  std::vector<std::size_t> last_use = last_uses(expressions);
  stream(*project.input, [&](Chunk&& chunk, std::size_t partition) {
    Chunk out;
    out.size = chunk.size;
    out.columns.resize(expressions.size());
    for (std::size_t e = 0; e < expressions.size(); ++e) {
      if (expressions[e].kind != ExprKind::kColumn) out.columns[e] = evaluate(expressions[e], chunk);
    }
    for (std::size_t e = 0; e < expressions.size(); ++e) {
      if (expressions[e].kind != ExprKind::kColumn || last_use[e] != SIZE_MAX) continue;
      out.columns[e] = chunk.columns[expressions[e].column];
    }
    for (std::size_t e = 0; e < expressions.size(); ++e) {
      if (last_use[e] != SIZE_MAX) out.columns[e] = std::move(chunk.columns[last_use[e]]);
    }
    sink(std::move(out), partition);
  });
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::ProjectNode& project) {
  Labels labels;
  const Labels& input = labels_of(*project.input);
  for (const auto& expr : project.expressions) {
    labels.push_back({shown(expr, input, false), shown(expr, input, true)});
  }
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::ProjectNode& project, const NodeLines& at) {
  title(at, "Project", node);
  const Labels& labels = labels_of(node);
  std::string output;
  for (std::size_t c = 0; c < labels.size(); ++c) {
    output += (c > 0 ? ", " : "") + (at.qualified ? labels[c].qualified : labels[c].plain);
  }
  print_line(at.details, "Output: " + output);
  print_subqueries(at.details);
  print_node(*project.input, at.details, true);
}

}  // namespace ptreedb::exec
