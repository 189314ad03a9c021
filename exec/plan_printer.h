// The EXPLAIN text of an operator tree (internal to exec/: used by
// explain.cpp and, for each node kind's own lines, exec/operators/*.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "exec/plan_statistics.h"
#include "planner/plan.h"

namespace ptreedb::exec {

// How a node's output column is shown: bare, and qualified by its relation
// (used once a plan reads more than one relation, as PostgreSQL does).
struct Label {
  std::string plain;
  std::string qualified;
};
using Labels = std::vector<Label>;

class PlanPrinter {
 public:
  PlanPrinter(const planner::ExplainPlan& options, const PlanStatistics* statistics)
      : options_(options), statistics_(statistics) {}

  std::vector<std::string> print(const planner::StatementPlan& statement);

 private:
  // Where a node's lines go, and what EXPLAIN ANALYZE measured of it.
  struct NodeLines {
    std::size_t column;          // of the node's title
    std::size_t details;         // of its detail lines and inputs
    bool child;                  // titled "->  "
    bool qualified;              // columns shown with their relation
    const NodeStatistics* measured;
  };

  void print_node(const planner::PlanNode& node, std::size_t column, bool child);
  void title(const NodeLines& at, const std::string& name, const planner::PlanNode& node) {
    print_line(at.column, (at.child ? "->  " : "") + header(name, node.estimated_rows, at.measured));
  }
  // One overload per node kind, each in its operator's file under
  // exec/operators/; print_node and labels_of visit PlanNode::op with no
  // fallback, so a node kind without them does not compile.
  void print_operator(const planner::PlanNode& node, const planner::ScanNode& scan, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::ValuesNode& values, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::FilterNode& filter, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::ProjectNode& project, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::JoinNode& join, const NodeLines& at);
  // A join's table side read by primary-key lookups, as an index scan
  // (exec/operators/primary_key_lookup_join.cpp).
  void print_lookup_side(const planner::JoinNode& join, std::size_t column);
  void print_operator(const planner::PlanNode& node, const planner::AggregateNode& aggregate, const NodeLines& at);
  // An aggregation over grouping sets (exec/operators/grouping_sets_aggregate_operator.cpp).
  void print_grouping_sets(const planner::PlanNode& node, const planner::AggregateNode& aggregate, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::SortNode& sort, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::WindowNode& window, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::SetOperationNode& set, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::FunctionScanNode& function, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::OuterValuesNode& outer, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::RecursiveUnionNode& recursive, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::WorkTableScanNode& scan, const NodeLines& at);
  void print_operator(const planner::PlanNode& node, const planner::CteScanNode& scan, const NodeLines& at);
  Labels operator_labels(const planner::PlanNode& node, const planner::ScanNode& scan);
  Labels operator_labels(const planner::PlanNode& node, const planner::ValuesNode& values);
  Labels operator_labels(const planner::PlanNode& node, const planner::FilterNode& filter);
  Labels operator_labels(const planner::PlanNode& node, const planner::ProjectNode& project);
  Labels operator_labels(const planner::PlanNode& node, const planner::JoinNode& join);
  Labels operator_labels(const planner::PlanNode& node, const planner::AggregateNode& aggregate);
  Labels operator_labels(const planner::PlanNode& node, const planner::SortNode& sort);
  Labels operator_labels(const planner::PlanNode& node, const planner::WindowNode& window);
  Labels operator_labels(const planner::PlanNode& node, const planner::SetOperationNode& set);
  Labels operator_labels(const planner::PlanNode& node, const planner::FunctionScanNode& function);
  Labels operator_labels(const planner::PlanNode& node, const planner::OuterValuesNode& outer);
  Labels operator_labels(const planner::PlanNode& node, const planner::RecursiveUnionNode& recursive);
  Labels operator_labels(const planner::PlanNode& node, const planner::WorkTableScanNode& scan);
  Labels operator_labels(const planner::PlanNode& node, const planner::CteScanNode& scan);
  void print_operator(const planner::PlanNode& node, const planner::LateralJoinNode& lateral, const NodeLines& at);
  Labels operator_labels(const planner::PlanNode& node, const planner::LateralJoinNode& lateral);
  void print_on_conflict(const storage::TableSchema& schema, const planner::OnConflictPlan& on_conflict);
  void print_line(std::size_t column, const std::string& text) { lines_.push_back(std::string(column, ' ') + text); }
  std::string header(const std::string& name, std::optional<double> estimated_rows, const NodeStatistics* measured,
                     std::optional<std::uint64_t> actual_rows = std::nullopt) const;
  void print_subqueries(std::size_t column);

  const Labels& labels_of(const planner::PlanNode& node);
  std::string expression(const planner::BoundExpression& expr, const Labels& labels, bool qualified);
  std::string shown(const planner::BoundExpression& expr, const Labels& labels, bool qualified);
  std::string aggregate_text(const planner::AggregateCall& call, const Labels& labels, bool qualified);
  std::string function_text(const planner::BoundExpression& expr, const Labels& labels, bool qualified);
  std::string constant_text(const planner::BoundExpression& expr) const;
  std::string column_text(const Labels& labels, std::size_t column, bool qualified) const;

  void count_relations(const planner::PlanNode& node);

  const planner::ExplainPlan& options_;
  const PlanStatistics* statistics_;
  std::vector<std::string> lines_;
  std::unordered_map<const planner::PlanNode*, Labels> labels_;
  std::map<const planner::SelectPlan*, std::size_t> subquery_numbers_;
  std::vector<const planner::SelectPlan*> unprinted_subqueries_;
  std::size_t relations_ = 0;
  // While a LATERAL subquery prints: its references to the left rows' columns, by name.
  std::map<std::size_t, std::string> lateral_references_;
};

}  // namespace ptreedb::exec
