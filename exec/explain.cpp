#include "exec/explain.h"

#include "storage/table/table_keys.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <unordered_map>

#include "exec/evaluate.h"
#include "exec/functions/function_kernel.h"
#include "exec/plan_printer.h"
#include "exec/select_executor.h"
#include "exec/sql_literal.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::exec {

using planner::AggregateCall;
using planner::AggregateKind;
using planner::BoundExpression;
using planner::ExprKind;
using planner::PlanNode;

namespace {

std::string format_ms(double ms) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.3f", ms);
  return buffer;
}

const char* aggregate_name(AggregateKind kind) {
  switch (kind) {
    case AggregateKind::kCountStar:
    case AggregateKind::kCount: return "count";
    case AggregateKind::kSum: return "sum";
    case AggregateKind::kAvg: return "avg";
    case AggregateKind::kMin: return "min";
    case AggregateKind::kMax: return "max";
    case AggregateKind::kStringAgg: return "string_agg";
    case AggregateKind::kBoolAnd: return "bool_and";
    case AggregateKind::kBoolOr: return "bool_or";
    case AggregateKind::kFirstValue: return "first_value";
    case AggregateKind::kSingleValue: return "single_value";
    case AggregateKind::kVarPop: return "var_pop";
    case AggregateKind::kVarSamp: return "var_samp";
    case AggregateKind::kStddevPop: return "stddev_pop";
    case AggregateKind::kStddevSamp: return "stddev_samp";
    case AggregateKind::kCovarPop: return "covar_pop";
    case AggregateKind::kCovarSamp: return "covar_samp";
    case AggregateKind::kCorr: return "corr";
    case AggregateKind::kRegrCount: return "regr_count";
    case AggregateKind::kRegrSxx: return "regr_sxx";
    case AggregateKind::kRegrSyy: return "regr_syy";
    case AggregateKind::kRegrSxy: return "regr_sxy";
    case AggregateKind::kRegrAvgX: return "regr_avgx";
    case AggregateKind::kRegrAvgY: return "regr_avgy";
    case AggregateKind::kRegrR2: return "regr_r2";
    case AggregateKind::kRegrSlope: return "regr_slope";
    case AggregateKind::kRegrIntercept: return "regr_intercept";
    case AggregateKind::kPercentileCont: return "percentile_cont";
    case AggregateKind::kPercentileDisc: return "percentile_disc";
    case AggregateKind::kMode: return "mode";
    case AggregateKind::kHypotheticalRank: return "rank";
    case AggregateKind::kHypotheticalDenseRank: return "dense_rank";
    case AggregateKind::kHypotheticalPercentRank: return "percent_rank";
    case AggregateKind::kHypotheticalCumeDist: return "cume_dist";
    case AggregateKind::kApproxCount: return "approx_count";
    case AggregateKind::kApproxSum: return "approx_sum";
    case AggregateKind::kApproxAvg: return "approx_avg";
    case AggregateKind::kApproxCountError: return "approx_count_error";
    case AggregateKind::kApproxSumError: return "approx_sum_error";
    case AggregateKind::kApproxAvgError: return "approx_avg_error";
  }
  return "?";
}

const char* arithmetic_symbol(planner::ArithmeticOp op) {
  switch (op) {
    case planner::ArithmeticOp::kAdd: return "+";
    case planner::ArithmeticOp::kSubtract: return "-";
    case planner::ArithmeticOp::kMultiply: return "*";
    case planner::ArithmeticOp::kDivide: return "/";
    case planner::ArithmeticOp::kModulo: return "%";
  }
  return "?";
}

const char* comparison_symbol(planner::ComparisonOp op) {
  switch (op) {
    case planner::ComparisonOp::kEqual: return "=";
    case planner::ComparisonOp::kNotEqual: return "<>";
    case planner::ComparisonOp::kLess: return "<";
    case planner::ComparisonOp::kLessEqual: return "<=";
    case planner::ComparisonOp::kGreater: return ">";
    case planner::ComparisonOp::kGreaterEqual: return ">=";
  }
  return "?";
}

}  // namespace

void PlanPrinter::count_relations(const PlanNode& node) {
  check_stack_depth();
  std::visit(
      [&](const auto& op) {
        using Op = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<Op, planner::ScanNode>) {
          ++relations_;
        } else if constexpr (std::is_same_v<Op, planner::ValuesNode>) {
          ++relations_;
        } else if constexpr (std::is_same_v<Op, planner::JoinNode>) {
          count_relations(*op.probe);
          count_relations(*op.build);
        } else if constexpr (std::is_same_v<Op, planner::SetOperationNode> ||
                             std::is_same_v<Op, planner::RecursiveUnionNode> ||
                             std::is_same_v<Op, planner::LateralJoinNode>) {
          count_relations(*op.left);
          count_relations(*op.right);
        } else if constexpr (std::is_same_v<Op, planner::OuterValuesNode> ||
                             std::is_same_v<Op, planner::WorkTableScanNode> ||
                             std::is_same_v<Op, planner::CteScanNode>) {
          ++relations_;
        } else if constexpr (std::is_same_v<Op, planner::FunctionScanNode>) {
          ++relations_;
          count_relations(*op.input);
        } else if constexpr (std::is_same_v<Op, planner::FilterNode> || std::is_same_v<Op, planner::ProjectNode> ||
                             std::is_same_v<Op, planner::AggregateNode> || std::is_same_v<Op, planner::SortNode> ||
                             std::is_same_v<Op, planner::WindowNode>) {
          count_relations(*op.input);
        } else {
          static_assert(sizeof(Op) == 0, "count_relations: a plan node kind is not handled");
        }
      },
      node.op);
}

std::string PlanPrinter::column_text(const Labels& labels, std::size_t column, bool qualified) const {
  if (column >= labels.size()) return "#" + std::to_string(column + 1);
  return qualified ? labels[column].qualified : labels[column].plain;
}

std::string PlanPrinter::constant_text(const BoundExpression& expr) const {
  if (expr.constant.is_null) return "NULL";
  Vector value = constant_vector(expr.constant, expr.type);
  std::string text;
  append_text(text, value, 0);
  using value::TypeId;
  switch (expr.type.id) {
    case TypeId::kBoolean:
      return text == "t" ? "true" : "false";
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint:
    case TypeId::kNumeric:
      return text.front() == '-' ? quote_literal(text) + "::" + value::format_type(expr.type) : text;
    case TypeId::kChar:
      // As PostgreSQL shows a character(n) constant: without its padding.
      while (!text.empty() && text.back() == ' ') text.pop_back();
      return quote_literal(text) + "::bpchar";
    default:
      return quote_literal(text) + "::" + value::format_type(expr.type);
  }
}

std::string PlanPrinter::aggregate_text(const AggregateCall& call, const Labels& labels, bool qualified) {
  std::string out = aggregate_name(call.kind);
  out += '(';
  if (call.kind == AggregateKind::kCountStar) {
    out += '*';
  } else {
    if (call.distinct) out += "DISTINCT ";
    if (call.argument) out += shown(*call.argument, labels, qualified);
    if (call.separator) out += ", " + shown(*call.separator, labels, qualified);
  }
  for (std::size_t k = 0; k < call.order.size(); ++k) {
    out += k == 0 ? " ORDER BY " : ", ";
    out += shown(call.order[k].expression, labels, qualified);
    if (call.order[k].descending) out += " DESC";
    if (call.order[k].nulls_first != call.order[k].descending) out += call.order[k].nulls_first ? " NULLS FIRST" : " NULLS LAST";
  }
  out += ')';
  if (call.filter) out += " FILTER (WHERE " + shown(*call.filter, labels, qualified) + ")";
  return out;
}

std::string PlanPrinter::function_text(const BoundExpression& expr, const Labels& labels, bool qualified) {
  // Arguments print as every expression does, with this plan's labels.
  class Printer final : public ExpressionPrinter {
   public:
    Printer(PlanPrinter& plan, const Labels& labels, bool qualified) : plan_(plan), labels_(labels), qualified_(qualified) {}
    std::string text(const BoundExpression& expr) const override { return plan_.expression(expr, labels_, qualified_); }

   private:
    PlanPrinter& plan_;
    const Labels& labels_;
    bool qualified_;
  };
  return explain_function(expr, Printer(*this, labels, qualified));
}

// An expression as EXPLAIN shows it: constant parts folded, as the executor
// will run it (so EXPLAIN of 1/0 fails as the query would).
std::string PlanPrinter::shown(const BoundExpression& expr, const Labels& labels, bool qualified) {
  if (expr.contains(ExprKind::kAggregate) || expr.contains(ExprKind::kWindow)) return expression(expr, labels, qualified);
  return expression(fold_constants(expr), labels, qualified);
}

std::string PlanPrinter::expression(const BoundExpression& expr, const Labels& labels, bool qualified) {
  check_stack_depth();
  auto arg = [&](std::size_t i) { return expression(expr.args[i], labels, qualified); };
  auto joined = [&](const char* separator) {
    std::string out = "(";
    for (std::size_t i = 0; i < expr.args.size(); ++i) out += (i > 0 ? separator : "") + arg(i);
    return out + ")";
  };
  switch (expr.kind) {
    case ExprKind::kColumn: return column_text(labels, expr.column, qualified);
    case ExprKind::kOuterColumn: {
      auto named = lateral_references_.find(expr.column);
      return named != lateral_references_.end() ? named->second : "outer.#" + std::to_string(expr.column + 1);
    }
    case ExprKind::kConstant: return constant_text(expr);
    case ExprKind::kCast: return "(" + arg(0) + ")::" + value::format_type(expr.type);
    case ExprKind::kArithmetic: return "(" + arg(0) + " " + arithmetic_symbol(expr.arithmetic) + " " + arg(1) + ")";
    case ExprKind::kComparison: return "(" + arg(0) + " " + comparison_symbol(expr.comparison) + " " + arg(1) + ")";
    case ExprKind::kConcat: return "(" + arg(0) + " || " + arg(1) + ")";
    case ExprKind::kNegate: return "(- " + arg(0) + ")";
    case ExprKind::kAnd: return joined(" AND ");
    case ExprKind::kOr: return joined(" OR ");
    case ExprKind::kNot: return "(NOT " + arg(0) + ")";
    case ExprKind::kIsNull: return "(" + arg(0) + " IS NULL)";
    case ExprKind::kIsNotNull: return "(" + arg(0) + " IS NOT NULL)";
    case ExprKind::kAggregate: return aggregate_text(planner::aggregate_call_of(expr), labels, qualified);
    case ExprKind::kCase: {
      std::string out = "CASE";
      std::size_t pairs = expr.args.size() / 2;
      for (std::size_t w = 0; w < pairs; ++w) out += " WHEN " + arg(2 * w) + " THEN " + arg(2 * w + 1);
      if (expr.args.size() % 2 == 1) {
        const BoundExpression& otherwise = expr.args.back();
        if (!(otherwise.kind == ExprKind::kConstant && otherwise.constant.is_null)) out += " ELSE " + arg(expr.args.size() - 1);
      }
      return out + " END";
    }
    case ExprKind::kLike: {
      std::string op = std::string(expr.negated ? "!" : "") + (expr.case_insensitive ? "~~*" : "~~");
      return "(" + arg(0) + " " + op + " " + arg(1) + ")";
    }
    case ExprKind::kFunction: return function_text(expr, labels, qualified);
    case ExprKind::kGrouping: return "GROUPING" + joined(", ");
    case ExprKind::kWindow: {
      std::string out = expr.window->name + "(";
      for (std::size_t i = 0; i < expr.window->argument_count; ++i) out += (i > 0 ? ", " : "") + arg(i);
      return out + ") OVER (?)";
    }
    case ExprKind::kSubquery: {
      auto [it, added] = subquery_numbers_.try_emplace(expr.subquery.get(), subquery_numbers_.size());
      if (added) unprinted_subqueries_.push_back(expr.subquery.get());
      return "$" + std::to_string(it->second);
    }
  }
  return "?";
}

const Labels& PlanPrinter::labels_of(const PlanNode& node) {
  check_stack_depth();
  auto found = labels_.find(&node);
  if (found != labels_.end()) return found->second;
  Labels labels = std::visit([&](const auto& op) { return operator_labels(node, op); }, node.op);
  // Columns a node adds beyond those (a scan's row positions, say) by position.
  while (labels.size() < node.types.size()) {
    std::string name = "#" + std::to_string(labels.size() + 1);
    labels.push_back({name, name});
  }
  return labels_.emplace(&node, std::move(labels)).first->second;
}

std::string PlanPrinter::header(const std::string& name, std::optional<double> estimated_rows,
                                const NodeStatistics* measured, std::optional<std::uint64_t> actual_rows) const {
  std::string out = name;
  if (options_.costs && estimated_rows) {
    out += "  (rows=" + std::to_string(std::llround(std::max(0.0, *estimated_rows))) + ")";
  }
  if (!options_.analyze) return out;
  out += ' ';
  std::uint32_t loops = measured != nullptr ? measured->loops.load() : 0;
  if (loops == 0) return out + "(never executed)";
  std::uint64_t rows = actual_rows ? *actual_rows : measured->rows.load() / loops;
  out += "(actual ";
  if (options_.timing) {
    std::int64_t first = measured->first_row_ns.load();
    double total_ms = static_cast<double>(measured->total_ns.load()) / 1e6 / loops;
    double first_ms = first < 0 ? total_ms : static_cast<double>(first) / 1e6;
    out += "time=" + format_ms(first_ms) + ".." + format_ms(total_ms) + " ";
  }
  return out + "rows=" + std::to_string(rows) + " loops=" + std::to_string(loops) + ")";
}

void PlanPrinter::print_subqueries(std::size_t column) {
  while (!unprinted_subqueries_.empty()) {
    const planner::SelectPlan* subquery = unprinted_subqueries_.front();
    unprinted_subqueries_.erase(unprinted_subqueries_.begin());
    std::size_t number = subquery_numbers_.at(subquery);
    print_line(column, "InitPlan " + std::to_string(number + 1) + " (returns $" + std::to_string(number) + ")");
    print_node(*subquery->root, column + 2, true);
  }
}

void PlanPrinter::print_node(const PlanNode& node, std::size_t column, bool child) {
  check_stack_depth();
  const NodeStatistics* measured = statistics_ != nullptr ? statistics_->find(&node) : nullptr;
  std::size_t content = child ? column + 4 : column;
  std::size_t details = content + 2;
  bool qualified = relations_ > 1;
  NodeLines at{column, details, child, qualified, measured};
  std::visit([&](const auto& op) { print_operator(node, op, at); }, node.op);
}

// ON CONFLICT's lines, as PostgreSQL prints them under "Insert on".
void PlanPrinter::print_on_conflict(const storage::TableSchema& schema, const planner::OnConflictPlan& on_conflict) {
  print_line(2, std::string("Conflict Resolution: ") + (on_conflict.do_update ? "UPDATE" : "NOTHING"));
  std::string arbiters;
  auto add = [&](const std::string& name) { arbiters += (arbiters.empty() ? "" : ", ") + name; };
  if (on_conflict.primary_key) add(storage::primary_key_index_name(schema));
  for (std::size_t position : on_conflict.unique_indexes) add(schema.indexes()[position].name);
  if (!on_conflict.without_target) print_line(2, "Conflict Arbiter Indexes: " + arbiters);
  if (on_conflict.where) {
    Labels labels;
    for (const std::string& table : {on_conflict.target_alias, std::string("excluded")}) {
      for (const auto& column : schema.columns()) labels.push_back({column.name, table + "." + column.name});
    }
    print_line(2, "Conflict Filter: " + shown(*on_conflict.where, labels, true));
  }
}

std::vector<std::string> PlanPrinter::print(const planner::StatementPlan& statement) {
  auto modification = [&](const char* verb, const std::string& table, const PlanNode& source) {
    count_relations(source);
    // The statement's own line: its counters are kept under no node.
    const NodeStatistics* measured = statistics_ != nullptr ? statistics_->find(nullptr) : nullptr;
    print_line(0, header(std::string(verb) + " on " + table, std::nullopt, measured));
    print_node(source, 2, true);
  };
  std::visit(
      [&](const auto& plan) {
        using Plan = std::decay_t<decltype(plan)>;
        if constexpr (std::is_same_v<Plan, planner::SelectPlan>) {
          count_relations(*plan.root);
          print_node(*plan.root, 0, false);
        } else if constexpr (std::is_same_v<Plan, planner::InsertPlan>) {
          if (plan.on_conflict) {
            count_relations(*plan.source);
            const NodeStatistics* measured = statistics_ != nullptr ? statistics_->find(nullptr) : nullptr;
            std::string target = plan.table_name;
            if (plan.on_conflict->target_alias != plan.table_name) target += " " + plan.on_conflict->target_alias;
            print_line(0, header("Insert on " + target, std::nullopt, measured));
            print_on_conflict(*plan.schema, *plan.on_conflict);
            print_node(*plan.source, 2, true);
          } else {
            modification("Insert", plan.table_name, *plan.source);
          }
        } else if constexpr (std::is_same_v<Plan, planner::UpdatePlan>) {
          modification("Update", plan.table_name, *plan.source);
        } else if constexpr (std::is_same_v<Plan, planner::DeletePlan>) {
          modification("Delete", plan.table_name, *plan.source);
        } else {
          throw SqlError(sqlstate::kFeatureNotSupported, "EXPLAIN of this statement is not supported yet");
        }
      },
      statement);
  return std::move(lines_);
}

namespace {

bool is_explainable(const planner::StatementPlan& statement) {
  return std::holds_alternative<planner::SelectPlan>(statement) || std::holds_alternative<planner::InsertPlan>(statement) ||
         std::holds_alternative<planner::UpdatePlan>(statement) || std::holds_alternative<planner::DeletePlan>(statement);
}

}  // namespace

std::vector<std::string> explain_lines(const planner::StatementPlan& statement, const planner::ExplainPlan& options,
                                       const PlanStatistics* statistics) {
  PlanPrinter printer(options, statistics);
  return printer.print(statement);
}

QueryResult run_explain(const planner::ExplainPlan& plan, txn::WriteTarget& database) {
  const planner::StatementPlan& statement = plan.target->plan;
  if (!is_explainable(statement)) {
    throw SqlError(sqlstate::kFeatureNotSupported, "EXPLAIN of this statement is not supported yet");
  }
  std::vector<std::string> lines;
  if (plan.analyze) {
    PlanStatistics statistics;
    auto start = std::chrono::steady_clock::now();
    {
      ScopedPlanStatistics measuring(statistics);
      if (const auto* select = std::get_if<planner::SelectPlan>(&statement)) {
        run_select(*select);  // rows are counted, not sent
      } else {
        execute_statement(statement, database);
      }
    }
    auto execution = std::chrono::steady_clock::now() - start;
    double execution_ms = std::chrono::duration<double, std::milli>(execution).count();
    NodeStatistics& whole = statistics.of(nullptr);
    whole.loops = 1;
    whole.total_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(execution).count();
    lines = explain_lines(statement, plan, &statistics);
    if (plan.summary) {
      lines.push_back("Planning Time: " + format_ms(plan.planning_ms) + " ms");
      lines.push_back("Execution Time: " + format_ms(execution_ms) + " ms");
    }
  } else {
    lines = explain_lines(statement, plan, nullptr);
    if (plan.summary) lines.push_back("Planning Time: " + format_ms(plan.planning_ms) + " ms");
  }

  QueryResult result;
  result.returns_rows = true;
  result.columns.push_back({"QUERY PLAN", value::SqlType::of(value::TypeId::kText)});
  auto storage = std::make_shared<TextStorage>();
  Vector column(value::SqlType::of(value::TypeId::kText));
  column.resize(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) column.texts[i] = storage->strings.emplace_back(std::move(lines[i]));
  column.text_owners.push_back(storage);
  Chunk chunk;
  chunk.size = lines.size();
  chunk.columns.push_back(std::move(column));
  result.chunks.push_back(std::move(chunk));
  result.command_tag = "EXPLAIN";
  return result;
}

}  // namespace ptreedb::exec
