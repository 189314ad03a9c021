// Filter: keeps the rows of each input chunk where the predicate is true
// (exec/selection_filter), in the pipeline of its input.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <utility>

#include "exec/selection_filter.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode&, const planner::FilterNode& filter, const Sink& sink) {
  BoundExpression predicate = prepare(filter.predicate);
  stream(*filter.input, [&](Chunk&& chunk, std::size_t partition) {
    filter_chunk(chunk, predicate);
    if (chunk.size > 0) sink(std::move(chunk), partition);
  });
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::FilterNode& filter) {
  Labels labels = labels_of(*filter.input);
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::FilterNode& filter, const NodeLines& at) {
  title(at, "Filter", node);
  print_line(at.details, "Filter: " + shown(filter.predicate, labels_of(*filter.input), at.qualified));
  const NodeStatistics* input = statistics_ != nullptr ? statistics_->find(filter.input.get()) : nullptr;
  if (options_.analyze && at.measured != nullptr && input != nullptr) {
    print_line(at.details, "Rows Removed by Filter: " + std::to_string(input->rows.load() - at.measured->rows.load()));
  }
  print_subqueries(at.details);
  print_node(*filter.input, at.details, true);
}

}  // namespace ptreedb::exec
