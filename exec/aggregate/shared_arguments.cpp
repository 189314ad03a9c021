#include "exec/aggregate/shared_arguments.h"

#include "exec/evaluate.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ExprKind;

namespace {

thread_local const PrecomputedValues* installed = nullptr;

// Columns, constants, casts and arithmetic only: no function (random() must
// give each occurrence its own values), nothing that runs on some rows only.
bool plain(const BoundExpression& expr) {
  switch (expr.kind) {
    case ExprKind::kColumn:
    case ExprKind::kConstant:
    case ExprKind::kCast:
    case ExprKind::kNegate:
    case ExprKind::kArithmetic:
      for (const auto& arg : expr.args) {
        if (!plain(arg)) return false;
      }
      return true;
    default:
      return false;
  }
}

// Plain arithmetic nodes computed on every row whenever `expr` is, children first.
void collect_unconditional(const BoundExpression& expr, std::vector<const BoundExpression*>& out) {
  if (expr.kind != ExprKind::kArithmetic) return;
  for (const auto& arg : expr.args) collect_unconditional(arg, out);
  if (plain(expr)) out.push_back(&expr);
}

}  // namespace

const Vector* precomputed_value(const BoundExpression& expr, const Chunk& input) {
  const PrecomputedValues* table = installed;
  if (table == nullptr || table->input != &input) return nullptr;
  for (std::size_t i = 0; i < table->ready; ++i) {
    if (table->nodes[i] == &expr) return table->values[i];
  }
  return nullptr;
}

SharedArguments::SharedArguments(const std::vector<planner::AggregateCall>& aggregates) {
  std::vector<const BoundExpression*> nodes;
  for (const auto& call : aggregates) {
    if (call.filter || !call.argument) continue;
    collect_unconditional(*call.argument, nodes);
  }
  std::vector<Shared> groups;
  for (const BoundExpression* node : nodes) {
    bool found = false;
    for (Shared& group : groups) {
      if (planner::same_expression(*group.expression, *node)) {
        group.occurrences.push_back(node);
        found = true;
        break;
      }
    }
    if (!found) groups.push_back(Shared{node, {node}});
  }
  // Children were collected before their parents, so an inner shared
  // expression is computed (and borrowed by the outer one) first.
  for (Shared& group : groups) {
    if (group.occurrences.size() > 1) shared_.push_back(std::move(group));
  }
  values_.resize(shared_.size());
  for (std::size_t s = 0; s < shared_.size(); ++s) {
    for (const BoundExpression* node : shared_[s].occurrences) {
      table_.nodes.push_back(node);
      table_.values.push_back(&values_[s]);
    }
  }
}

SharedArguments::Scope::Scope(SharedArguments& shared, const Chunk& input)
    : previous_(installed), active_(!shared.empty()) {
  if (!active_) return;
  PrecomputedValues& table = shared.table_;
  table.input = &input;
  table.ready = 0;
  installed = &table;
  try {
    // Occurrences are listed group by group: a group is ready once computed.
    for (std::size_t s = 0; s < shared.shared_.size(); ++s) {
      evaluate_into(*shared.shared_[s].expression, input, shared.values_[s]);
      table.ready += shared.shared_[s].occurrences.size();
    }
  } catch (...) {
    installed = previous_;
    throw;
  }
}

SharedArguments::Scope::~Scope() {
  if (active_) installed = previous_;
}

}  // namespace ptreedb::exec
