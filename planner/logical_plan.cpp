#include "planner/logical_plan.h"

#include <set>

#include "planner/conjuncts.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {

namespace {

// Moves the inputs of `node` out of it into `out`.
void take_inputs(PlanNode& node, std::vector<PlanPtr>& out) {
  std::visit(
      [&](auto& op) {
        if constexpr (requires { op.input; }) out.push_back(std::move(op.input));
        if constexpr (requires { op.probe; }) out.push_back(std::move(op.probe));
        if constexpr (requires { op.build; }) out.push_back(std::move(op.build));
        if constexpr (requires { op.left; }) out.push_back(std::move(op.left));
        if constexpr (requires { op.right; }) out.push_back(std::move(op.right));
      },
      node.op);
}

}  // namespace

PlanNode::~PlanNode() {
  std::vector<PlanPtr> pending;
  take_inputs(*this, pending);
  while (!pending.empty()) {
    PlanPtr next = std::move(pending.back());
    pending.pop_back();
    // A node only this chain holds gives up its inputs before it goes, so its
    // own destructor has nothing left to recurse into.
    if (next != nullptr && next.use_count() == 1) take_inputs(*next, pending);
  }
}

BoundExpression column_reference(std::size_t column, value::SqlType type) {
  BoundExpression out;
  out.kind = ExprKind::kColumn;
  out.column = column;
  out.type = type;
  return out;
}

AggregateCall aggregate_call_of(const BoundExpression& aggregate) {
  AggregateCall call;
  call.kind = aggregate.aggregate;
  call.distinct = aggregate.distinct;
  call.type = aggregate.type;
  std::size_t arguments = aggregate.aggregate_argument_count();
  if (arguments > 0) call.argument = aggregate.args[0];
  if (arguments > 1) call.separator = aggregate.args[1];
  for (std::size_t k = 0; k < aggregate.aggregate_order.size(); ++k) {
    call.order.push_back({aggregate.args[arguments + k], aggregate.aggregate_order[k].descending,
                          aggregate.aggregate_order[k].nulls_first});
  }
  if (aggregate.aggregate_filter) call.filter = aggregate.args.back();
  return call;
}

namespace {

bool same_optional(const std::optional<BoundExpression>& a, const std::optional<BoundExpression>& b) {
  return a.has_value() == b.has_value() && (!a || same_expression(*a, *b));
}

}  // namespace

bool same_aggregate_call(const AggregateCall& a, const AggregateCall& b) {
  if (a.kind != b.kind || a.distinct != b.distinct || !(a.type == b.type) || a.order.size() != b.order.size()) {
    return false;
  }
  for (std::size_t k = 0; k < a.order.size(); ++k) {
    if (a.order[k].descending != b.order[k].descending || a.order[k].nulls_first != b.order[k].nulls_first ||
        !same_expression(a.order[k].expression, b.order[k].expression)) {
      return false;
    }
  }
  return same_optional(a.argument, b.argument) && same_optional(a.separator, b.separator) &&
         same_optional(a.filter, b.filter);
}

namespace {

std::vector<bool> all_columns(const PlanNode& node) { return std::vector<bool>(node.types.size(), true); }

void mark(const BoundExpression& expr, std::vector<bool>& needed, std::size_t offset = 0) {
  std::set<std::size_t> columns;
  collect_columns(expr, columns);
  for (std::size_t c : columns) {
    if (c >= offset && c - offset < needed.size()) needed[c - offset] = true;
  }
}

}  // namespace

void for_each_input(PlanNode& node, const std::function<void(PlanNode&)>& visit) {
  std::visit(
      [&](auto& op) {
        if constexpr (requires { op.input; }) {
          if (op.input) visit(*op.input);
        }
        if constexpr (requires { op.probe; op.build; }) {
          if (op.probe) visit(*op.probe);
          if (op.build) visit(*op.build);
        }
        if constexpr (requires { op.left; op.right; }) {
          if (op.left) visit(*op.left);
          if (op.right) visit(*op.right);
        }
      },
      node.op);
}

PlanPtr clone_plan(const PlanPtr& node) {
  check_stack_depth();
  auto copy = std::make_shared<PlanNode>(*node);
  std::visit(
      [&](auto& op) {
        using Op = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<Op, FilterNode> || std::is_same_v<Op, ProjectNode> ||
                      std::is_same_v<Op, AggregateNode> || std::is_same_v<Op, SortNode> ||
                      std::is_same_v<Op, FunctionScanNode> || std::is_same_v<Op, WindowNode>) {
          op.input = clone_plan(op.input);
        } else if constexpr (std::is_same_v<Op, JoinNode>) {
          op.probe = clone_plan(op.probe);
          op.build = clone_plan(op.build);
        } else if constexpr (std::is_same_v<Op, SetOperationNode> || std::is_same_v<Op, RecursiveUnionNode> ||
                             std::is_same_v<Op, LateralJoinNode>) {
          op.left = clone_plan(op.left);
          op.right = clone_plan(op.right);
        }
      },
      copy->op);
  return copy;
}

namespace {

// nextval and setval change the sequence: evaluated even when nobody reads
// the value, as PostgreSQL evaluates volatile functions.
bool draws_sequence_values(const BoundExpression& expr) {
  if (expr.kind == ExprKind::kFunction && expr.function == FunctionId::kSequenceCall) return true;
  for (const auto& arg : expr.args) {
    if (draws_sequence_values(arg)) return true;
  }
  return false;
}

}  // namespace

void prune_columns(PlanNode& node, const std::vector<bool>& needed) {
  check_stack_depth();
  std::visit(
      [&](auto& op) {
        using Op = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<Op, ScanNode>) {
          std::vector<bool> read = needed;
          // Table columns only: a row-position column is not read from the rows.
          read.resize(op.table->schema().columns().size(), false);
          if (op.filter) mark(*op.filter, read);
          op.loaded.clear();
          for (std::size_t c = 0; c < read.size(); ++c) {
            if (read[c]) op.loaded.push_back(c);
          }
        } else if constexpr (std::is_same_v<Op, ValuesNode>) {
        } else if constexpr (std::is_same_v<Op, FilterNode>) {
          std::vector<bool> child = needed;
          child.resize(op.input->types.size(), false);
          mark(op.predicate, child);
          prune_columns(*op.input, child);
        } else if constexpr (std::is_same_v<Op, ProjectNode>) {
          std::vector<bool> child(op.input->types.size(), false);
          for (std::size_t i = 0; i < op.expressions.size(); ++i) {
            if (i < needed.size() && !needed[i] && !draws_sequence_values(op.expressions[i])) {
              // Nobody reads this output: a typed NULL is cheaper than the value.
              BoundExpression null;
              null.kind = ExprKind::kConstant;
              null.type = op.expressions[i].type;
              op.expressions[i] = std::move(null);
              continue;
            }
            mark(op.expressions[i], child);
          }
          prune_columns(*op.input, child);
        } else if constexpr (std::is_same_v<Op, JoinNode>) {
          std::size_t probe_width = op.probe->types.size();
          std::vector<bool> probe(probe_width, false), build(op.build->types.size(), false);
          for (std::size_t c = 0; c < needed.size(); ++c) {
            if (!needed[c]) continue;
            if (c < probe_width) {
              probe[c] = true;
            } else if (op.kind == JoinKind::kInner || op.kind == JoinKind::kLeft || op.kind == JoinKind::kFull ||
                       op.kind == JoinKind::kRight) {
              build[c - probe_width] = true;
            }
          }
          for (const auto& key : op.probe_keys) mark(key, probe);
          for (const auto& key : op.build_keys) mark(key, build);
          if (op.condition) {
            mark(*op.condition, probe);
            mark(*op.condition, build, probe_width);
          }
          prune_columns(*op.probe, probe);
          prune_columns(*op.build, build);
        } else if constexpr (std::is_same_v<Op, AggregateNode>) {
          std::vector<bool> child(op.input->types.size(), false);
          for (const auto& key : op.keys) mark(key, child);
          for (const auto& call : op.aggregates) {
            if (call.argument) mark(*call.argument, child);
            if (call.separator) mark(*call.separator, child);
            for (const auto& key : call.order) mark(key.expression, child);
            if (call.filter) mark(*call.filter, child);
          }
          prune_columns(*op.input, child);
        } else if constexpr (std::is_same_v<Op, SortNode>) {
          std::vector<bool> child = needed;
          child.resize(op.input->types.size(), false);
          for (const auto& key : op.keys) child[key.output] = true;
          prune_columns(*op.input, child);
        } else if constexpr (std::is_same_v<Op, WindowNode>) {
          std::vector<bool> child = needed;
          child.resize(op.input->types.size(), false);
          for (const auto& call : op.calls) mark(call, child);
          prune_columns(*op.input, child);
        } else if constexpr (std::is_same_v<Op, FunctionScanNode>) {
          std::vector<bool> child = needed;
          child.resize(op.input->types.size(), false);
          for (const auto& arg : op.call.args) mark(arg, child);
          prune_columns(*op.input, child);
        } else if constexpr (std::is_same_v<Op, SetOperationNode>) {
          bool pass_through = op.operation == SetOperation::kUnion && op.all;
          prune_columns(*op.left, pass_through ? needed : all_columns(*op.left));
          prune_columns(*op.right, pass_through ? needed : all_columns(*op.right));
        } else if constexpr (std::is_same_v<Op, RecursiveUnionNode>) {
          // Every column feeds the next round through the work table.
          prune_columns(*op.left, all_columns(*op.left));
          prune_columns(*op.right, all_columns(*op.right));
        } else if constexpr (std::is_same_v<Op, LateralJoinNode>) {
          const std::size_t left_width = op.left->types.size();
          std::vector<bool> left(left_width, false), right(op.right->types.size(), false);
          for (std::size_t c = 0; c < needed.size(); ++c) {
            if (needed[c]) (c < left_width ? left[c] : right[c - left_width]) = true;
          }
          for (const auto& [reference, column] : op.parameters) left[column] = true;
          if (op.condition) {
            mark(*op.condition, left);
            mark(*op.condition, right, left_width);
          }
          prune_columns(*op.left, left);
          prune_columns(*op.right, right);
        }
      },
      node.op);
}

}  // namespace ptreedb::planner
