#include "planner/approximate_aggregate.h"

#include <utility>
#include <variant>

#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {

using value::SqlType;
using value::TypeId;

std::optional<AggregateKind> approximate_aggregate_of(const std::string& name) {
  static const std::pair<const char*, AggregateKind> kApproximate[] = {
      {"approx_count", AggregateKind::kApproxCount},
      {"approx_sum", AggregateKind::kApproxSum},
      {"approx_avg", AggregateKind::kApproxAvg},
      {"approx_count_error", AggregateKind::kApproxCountError},
      {"approx_sum_error", AggregateKind::kApproxSumError},
      {"approx_avg_error", AggregateKind::kApproxAvgError}};
  for (const auto& [aggregate_name, kind] : kApproximate) {
    if (name == aggregate_name) return kind;
  }
  return std::nullopt;
}

BoundExpression bind_approximate_aggregate(const ExpressionBinder& binder, AggregateKind kind, const std::string& name,
                                           const PgQuery__FuncCall& call, const TableSample* sample) {
  const int position = call.location + 1;
  if (call.agg_distinct || call.n_agg_order > 0) {
    throw SqlError(sqlstate::kFeatureNotSupported, name + " with DISTINCT or ORDER BY is not supported", {}, {},
                   position);
  }
  if (sample == nullptr) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   name + " needs a table read with TABLESAMPLE BERNOULLI in the same FROM clause", {}, {}, position);
  }
  if (sample->method != TableSample::Method::kBernoulli) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   name + " estimates from TABLESAMPLE BERNOULLI only, not " + sample_method_name(sample->method), {},
                   {}, position);
  }
  const bool counts = kind == AggregateKind::kApproxCount || kind == AggregateKind::kApproxCountError;
  BoundExpression out;
  out.kind = ExprKind::kAggregate;
  out.aggregate = kind;
  out.type = SqlType::of(TypeId::kDouble);
  BoundExpression argument;
  if (call.agg_star) {
    if (!counts) {
      throw SqlError(sqlstate::kSyntaxError, name + "(*) must be used to call a parameterless aggregate function", {},
                     {}, position);
    }
    // Every row counts: a constant that is never NULL.
    argument.kind = ExprKind::kConstant;
    argument.type = SqlType::of(TypeId::kDouble);
    argument.constant.is_null = false;
    argument.constant.double_value = 1;
  } else {
    if (call.n_args != 1) throw SqlError("42883", "function " + name + " takes one argument", {}, {}, position);
    argument = binder.bind(call.args[0]);
    if (argument.contains_aggregate()) {
      throw SqlError("42803", "aggregate function calls cannot be nested", {}, {}, position);
    }
    if (counts) {
      // Only whether it is NULL matters.
      BoundExpression test;
      test.kind = ExprKind::kIsNull;
      test.type = SqlType::of(TypeId::kBoolean);
      test.args.push_back(resolve_unknown(std::move(argument), SqlType::of(TypeId::kText)));
      BoundExpression when_null;
      when_null.kind = ExprKind::kConstant;
      when_null.type = SqlType::of(TypeId::kDouble);
      when_null.constant.is_null = true;
      BoundExpression one = when_null;
      one.constant.is_null = false;
      one.constant.double_value = 1;
      argument = BoundExpression{};
      argument.kind = ExprKind::kCase;
      argument.type = SqlType::of(TypeId::kDouble);
      argument.args = {std::move(test), std::move(when_null), std::move(one)};
    } else {
      argument = resolve_unknown(std::move(argument), SqlType::of(TypeId::kNumeric));
      if (!value::is_integer_type(argument.type.id) && !value::is_float_type(argument.type.id) &&
          argument.type.id != TypeId::kNumeric) {
        throw SqlError("42883", "function " + name + "(" + value::format_type(argument.type) + ") does not exist", {},
                       "No function matches the given name and argument types. You might need to add explicit "
                       "type casts.",
                       position);
      }
      argument = coerce(std::move(argument), SqlType::of(TypeId::kDouble), false);
    }
  }
  out.args.push_back(std::move(argument));
  out.args.push_back(sample->argument);  // the percentage, as real
  if (call.agg_filter != nullptr) {
    BoundExpression filter = resolve_unknown(binder.bind(call.agg_filter), SqlType::of(TypeId::kBoolean));
    if (filter.type.id != TypeId::kBoolean || filter.contains_aggregate()) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of FILTER must be type boolean", {}, {}, position);
    }
    out.aggregate_filter = true;
    out.args.push_back(std::move(filter));
  }
  return out;
}

bool is_approximate_aggregate(AggregateKind kind) {
  return kind >= AggregateKind::kApproxCount && kind <= AggregateKind::kApproxAvgError;
}

namespace {

// Calls `visit` on every node of the plan tree.
template <class Visit>
void visit_nodes(PlanNode& node, const Visit& visit) {
  check_stack_depth();
  visit(node);
  for_each_input(node, [&](PlanNode& input) { visit_nodes(input, visit); });
}

}  // namespace

const BoundExpression* approximated_sample_percentage(PlanNode& root) {
  const BoundExpression* percentage = nullptr;
  bool approximated = false;
  visit_nodes(root, [&](const PlanNode& node) {
    if (const auto* scan = std::get_if<ScanNode>(&node.op)) {
      if (scan->sample && scan->sample->method == TableSample::Method::kBernoulli) percentage = &scan->sample->argument;
    } else if (const auto* aggregate = std::get_if<AggregateNode>(&node.op)) {
      for (const AggregateCall& call : aggregate->aggregates) approximated = approximated || is_approximate_aggregate(call.kind);
    }
  });
  return approximated ? percentage : nullptr;
}

PlanPtr with_sample_percentage(const PlanPtr& root, double percent) {
  BoundExpression constant;
  constant.kind = ExprKind::kConstant;
  constant.type = SqlType::of(TypeId::kReal);
  constant.constant.is_null = false;
  constant.constant.double_value = percent;
  PlanPtr copy = clone_plan(root);
  visit_nodes(*copy, [&](PlanNode& node) {
    if (auto* scan = std::get_if<ScanNode>(&node.op)) {
      if (scan->sample && scan->sample->method == TableSample::Method::kBernoulli) scan->sample->argument = constant;
    } else if (auto* aggregate = std::get_if<AggregateNode>(&node.op)) {
      for (AggregateCall& call : aggregate->aggregates) {
        if (is_approximate_aggregate(call.kind)) call.separator = constant;
      }
    }
  });
  return copy;
}

}  // namespace ptreedb::planner
