// Function scan: a set-returning function in FROM, called for each input
// row (exec/table_function_rows), in the pipeline of its input.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <utility>

#include "exec/evaluate.h"
#include "exec/table_function_rows.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode&, const planner::FunctionScanNode& function, const Sink& sink) {
  std::vector<BoundExpression> args = prepare(function.call.args);
  stream(*function.input, [&](Chunk&& chunk, std::size_t partition) {
    std::vector<Vector> values;
    values.reserve(args.size());
    for (const auto& arg : args) values.push_back(evaluate(arg, chunk));
    // Rows of one input chunk stay in order within its partition.
    expand_table_function(function, chunk, values, interrupt_,
                          [&](Chunk&& out) { sink(std::move(out), partition); });
  });
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::FunctionScanNode& function) {
  Labels labels = labels_of(*function.input);
  std::string relation = function.alias.empty() ? function.call.name : function.alias;
  labels.push_back({relation, relation + "." + relation});
  if (function.with_ordinality) labels.push_back({"ordinality", relation + ".ordinality"});
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::FunctionScanNode& function, const NodeLines& at) {
  std::string relation = function.call.name;
  if (!function.alias.empty() && function.alias != relation) relation += " " + function.alias;
  title(at, "Function Scan on " + relation, node);
  const Labels& input = labels_of(*function.input);
  std::string args;
  for (std::size_t a = 0; a < function.call.args.size(); ++a) {
    args += (a > 0 ? ", " : "") + shown(function.call.args[a], input, at.qualified);
  }
  print_line(at.details, "Call: " + function.call.name + "(" + args + ")");
  print_subqueries(at.details);
  // One empty row (no LATERAL input) is not worth a line.
  const auto* values = std::get_if<planner::ValuesNode>(&function.input->op);
  if (values == nullptr || !function.input->types.empty()) print_node(*function.input, at.details, true);
}

}  // namespace ptreedb::exec
