#include "exec/explain.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <unordered_map>

#include "exec/evaluate.h"
#include "exec/functions/function_kernel.h"
#include "exec/key_range.h"
#include "exec/select_executor.h"
#include "exec/sql_literal.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::exec {

using planner::AggregateCall;
using planner::AggregateKind;
using planner::BoundExpression;
using planner::ExprKind;
using planner::JoinKind;
using planner::PlanNode;

namespace {

// How a node's output column is shown: bare, and qualified by its relation
// (used once a plan reads more than one relation, as PostgreSQL does).
struct Label {
  std::string plain;
  std::string qualified;
};
using Labels = std::vector<Label>;

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

std::string join_kind_name(const planner::JoinNode& join) {
  bool hashed = !join.probe_keys.empty();
  const char* kind = "";
  switch (join.kind) {
    case JoinKind::kInner: kind = ""; break;
    case JoinKind::kLeft: kind = " Left"; break;
    case JoinKind::kFull: kind = " Full"; break;
    case JoinKind::kSemi: kind = " Semi"; break;
    case JoinKind::kAnti: kind = " Anti"; break;
    case JoinKind::kMark: kind = " Mark"; break;
  }
  return std::string(hashed ? "Hash" : "Nested Loop") + kind + (hashed || *kind ? " Join" : "");
}

class PlanPrinter {
 public:
  PlanPrinter(const planner::ExplainPlan& options, const PlanStatistics* statistics)
      : options_(options), statistics_(statistics) {}

  std::vector<std::string> print(const planner::StatementPlan& statement);

 private:
  void print_node(const PlanNode& node, std::size_t column, bool child);
  void print_line(std::size_t column, const std::string& text) { lines_.push_back(std::string(column, ' ') + text); }
  std::string header(const std::string& name, std::optional<double> estimated_rows, const NodeStatistics* measured,
                     std::optional<std::uint64_t> actual_rows = std::nullopt) const;
  void print_subqueries(std::size_t column);

  const Labels& labels_of(const PlanNode& node);
  std::string expression(const BoundExpression& expr, const Labels& labels, bool qualified);
  std::string shown(const BoundExpression& expr, const Labels& labels, bool qualified);
  std::string aggregate_text(const AggregateCall& call, const Labels& labels, bool qualified);
  std::string function_text(const BoundExpression& expr, const Labels& labels, bool qualified);
  std::string constant_text(const BoundExpression& expr) const;
  std::string column_text(const Labels& labels, std::size_t column, bool qualified) const;

  void count_relations(const PlanNode& node);

  const planner::ExplainPlan& options_;
  const PlanStatistics* statistics_;
  std::vector<std::string> lines_;
  std::unordered_map<const PlanNode*, Labels> labels_;
  std::map<const planner::SelectPlan*, std::size_t> subquery_numbers_;
  std::vector<const planner::SelectPlan*> unprinted_subqueries_;
  std::size_t relations_ = 0;
};

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
        } else if constexpr (std::is_same_v<Op, planner::SetOperationNode>) {
          count_relations(*op.left);
          count_relations(*op.right);
        } else if constexpr (std::is_same_v<Op, planner::OuterValuesNode>) {
          ++relations_;
        } else if constexpr (std::is_same_v<Op, planner::FunctionScanNode>) {
          ++relations_;
          count_relations(*op.input);
        } else {
          count_relations(*op.input);
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
  if (expr.contains(ExprKind::kAggregate)) return expression(expr, labels, qualified);
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
    case ExprKind::kOuterColumn: return "outer.#" + std::to_string(expr.column + 1);
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
  Labels labels;
  std::visit(
      [&](const auto& op) {
        using Op = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<Op, planner::ScanNode>) {
          std::string relation = op.alias.empty() ? op.table->schema().name() : op.alias;
          for (const auto& column : op.table->schema().columns()) {
            labels.push_back({column.name, relation + "." + column.name});
          }
          if constexpr (requires { op.row_positions; }) {
            if (op.row_positions) labels.push_back({"ctid", relation + ".ctid"});  // UPDATE/DELETE's row position
          }
        } else if constexpr (std::is_same_v<Op, planner::ValuesNode>) {
          for (std::size_t c = 0; c < node.types.size(); ++c) {
            std::string name = "column" + std::to_string(c + 1);
            labels.push_back({name, "\"*VALUES*\"." + name});
          }
        } else if constexpr (std::is_same_v<Op, planner::FilterNode> || std::is_same_v<Op, planner::SortNode>) {
          labels = labels_of(*op.input);
        } else if constexpr (std::is_same_v<Op, planner::ProjectNode>) {
          const Labels& input = labels_of(*op.input);
          for (const auto& expr : op.expressions) {
            labels.push_back({shown(expr, input, false), shown(expr, input, true)});
          }
        } else if constexpr (std::is_same_v<Op, planner::JoinNode>) {
          labels = labels_of(*op.probe);
          if (op.kind == JoinKind::kInner || op.kind == JoinKind::kLeft || op.kind == JoinKind::kFull) {
            const Labels& build = labels_of(*op.build);
            labels.insert(labels.end(), build.begin(), build.end());
          } else if (op.kind == JoinKind::kMark) {
            labels.push_back({"mark", "mark"});
          }
        } else if constexpr (std::is_same_v<Op, planner::AggregateNode>) {
          const Labels& input = labels_of(*op.input);
          for (const auto& key : op.keys) labels.push_back({shown(key, input, false), shown(key, input, true)});
          for (const auto& call : op.aggregates) {
            labels.push_back({aggregate_text(call, input, false), aggregate_text(call, input, true)});
          }
        } else if constexpr (std::is_same_v<Op, planner::SetOperationNode>) {
          labels = labels_of(*op.left);
        } else if constexpr (std::is_same_v<Op, planner::FunctionScanNode>) {
          labels = labels_of(*op.input);
          std::string relation = op.alias.empty() ? op.call.name : op.alias;
          labels.push_back({relation, relation + "." + relation});
          if (op.with_ordinality) labels.push_back({"ordinality", relation + ".ordinality"});
        } else if constexpr (std::is_same_v<Op, planner::OuterValuesNode>) {
          for (std::size_t c : op.outer_columns) {
            std::string name = "outer.#" + std::to_string(c + 1);
            labels.push_back({name, name});
          }
        }
      },
      node.op);
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
  auto title = [&](const std::string& name, const PlanNode* shown_node, const NodeStatistics* stats) {
    print_line(column, (child ? "->  " : "") + header(name, shown_node->estimated_rows, stats));
  };
  std::visit(
      [&](const auto& op) {
        using Op = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<Op, planner::ScanNode>) {
          const storage::TableSchema& schema = op.table->schema();
          std::string relation = schema.name();
          if (!op.alias.empty() && op.alias != relation) relation += " " + op.alias;
          // The executor narrows a scan to a primary-key range when the filter allows it.
          bool ranged = false;
          if (op.filter && !op.filter->contains(ExprKind::kSubquery)) {
            ranged = primary_key_range(schema, fold_constants(*op.filter)).has_value();
          }
          title((ranged ? "Primary Key Range Scan on " : "Seq Scan on ") + relation, &node, measured);
          const Labels& labels = labels_of(node);
          if (op.filter) print_line(details, "Filter: " + shown(*op.filter, labels, false));
          if (op.key_order_limit) {
            std::size_t rows = *op.key_order_limit;
            print_line(details, "Key Order: stops after " + std::to_string(rows) + (rows == 1 ? " row" : " rows"));
          }
          print_subqueries(details);
        } else if constexpr (std::is_same_v<Op, planner::ValuesNode>) {
          bool result = op.rows.size() == 1 && node.types.empty();
          title(result ? "Result" : "Values Scan on \"*VALUES*\"", &node, measured);
          Labels none;
          for (const auto& row : op.rows) {
            for (const auto& value : row) shown(value, none, false);  // finds subqueries
          }
          print_subqueries(details);
        } else if constexpr (std::is_same_v<Op, planner::FilterNode>) {
          title("Filter", &node, measured);
          print_line(details, "Filter: " + shown(op.predicate, labels_of(*op.input), qualified));
          const NodeStatistics* input = statistics_ != nullptr ? statistics_->find(op.input.get()) : nullptr;
          if (options_.analyze && measured != nullptr && input != nullptr) {
            print_line(details, "Rows Removed by Filter: " + std::to_string(input->rows.load() - measured->rows.load()));
          }
          print_subqueries(details);
          print_node(*op.input, details, true);
        } else if constexpr (std::is_same_v<Op, planner::ProjectNode>) {
          title("Project", &node, measured);
          const Labels& labels = labels_of(node);
          std::string output;
          for (std::size_t c = 0; c < labels.size(); ++c) {
            output += (c > 0 ? ", " : "") + (qualified ? labels[c].qualified : labels[c].plain);
          }
          print_line(details, "Output: " + output);
          print_subqueries(details);
          print_node(*op.input, details, true);
        } else if constexpr (std::is_same_v<Op, planner::JoinNode>) {
          title(join_kind_name(op), &node, measured);
          const Labels& probe = labels_of(*op.probe);
          const Labels& build = labels_of(*op.build);
          if (!op.probe_keys.empty()) {
            std::vector<std::string> pairs;
            for (std::size_t k = 0; k < op.probe_keys.size(); ++k) {
              pairs.push_back("(" + shown(op.probe_keys[k], probe, qualified) + " = " +
                              shown(op.build_keys[k], build, qualified) + ")");
            }
            std::string condition = pairs.size() == 1 ? pairs[0] : "(";
            for (std::size_t k = 0; pairs.size() > 1 && k < pairs.size(); ++k) {
              condition += (k > 0 ? " AND " : "") + pairs[k];
            }
            if (pairs.size() > 1) condition += ")";
            print_line(details, "Hash Cond: " + condition);
          }
          if (op.condition) {
            Labels both = probe;
            both.insert(both.end(), build.begin(), build.end());
            print_line(details, "Join Filter: " + shown(*op.condition, both, qualified));
          }
          if (op.null_aware) print_line(details, "Null Aware: true");
          print_subqueries(details);
          print_node(*op.probe, details, true);
          print_node(*op.build, details, true);
        } else if constexpr (std::is_same_v<Op, planner::AggregateNode>) {
          title(op.keys.empty() ? "Aggregate" : "HashAggregate", &node, measured);
          const Labels& input = labels_of(*op.input);
          if (!op.keys.empty()) {
            std::string keys;
            for (std::size_t k = 0; k < op.keys.size(); ++k) keys += (k > 0 ? ", " : "") + shown(op.keys[k], input, qualified);
            print_line(details, "Group Key: " + keys);
          }
          labels_of(node);  // finds subqueries in the aggregates' arguments
          print_subqueries(details);
          print_node(*op.input, details, true);
        } else if constexpr (std::is_same_v<Op, planner::SortNode>) {
          bool limited = op.limit.has_value() || op.offset > 0;
          if (limited) title("Limit", &node, measured);
          if (op.keys.empty()) {
            print_node(*op.input, details, true);
            return;
          }
          std::size_t sort_details = details;
          if (limited) {
            // One operator sorts and cuts; shown as PostgreSQL's Limit over a
            // Sort, the Sort with the rows it received.
            const NodeStatistics* input = statistics_ != nullptr ? statistics_->find(op.input.get()) : nullptr;
            std::optional<std::uint64_t> received;
            if (input != nullptr) received = input->rows.load() / std::max(1u, input->loops.load());
            print_line(details, "->  " + header("Sort", op.input->estimated_rows, measured, received));
            sort_details = details + 6;
          } else {
            title("Sort", &node, measured);
          }
          const Labels& labels = labels_of(*op.input);
          std::string keys;
          for (std::size_t k = 0; k < op.keys.size(); ++k) {
            const auto& key = op.keys[k];
            keys += (k > 0 ? ", " : "") + column_text(labels, key.output, qualified);
            if (key.descending) keys += " DESC";
            if (key.nulls_first != key.descending) keys += key.nulls_first ? " NULLS FIRST" : " NULLS LAST";
          }
          print_line(sort_details, "Sort Key: " + keys);
          print_node(*op.input, sort_details, true);
        } else if constexpr (std::is_same_v<Op, planner::SetOperationNode>) {
          std::string name;
          if (op.operation == planner::SetOperation::kUnion && op.all) {
            name = "Append";
          } else {
            name = op.operation == planner::SetOperation::kUnion       ? "HashSetOp Union"
                   : op.operation == planner::SetOperation::kIntersect ? "HashSetOp Intersect"
                                                                       : "HashSetOp Except";
            if (op.all) name += " All";
          }
          title(name, &node, measured);
          print_node(*op.left, details, true);
          print_node(*op.right, details, true);
        } else if constexpr (std::is_same_v<Op, planner::FunctionScanNode>) {
          std::string relation = op.call.name;
          if (!op.alias.empty() && op.alias != relation) relation += " " + op.alias;
          title("Function Scan on " + relation, &node, measured);
          const Labels& input = labels_of(*op.input);
          std::string args;
          for (std::size_t a = 0; a < op.call.args.size(); ++a) {
            args += (a > 0 ? ", " : "") + shown(op.call.args[a], input, qualified);
          }
          print_line(details, "Call: " + op.call.name + "(" + args + ")");
          print_subqueries(details);
          // One empty row (no LATERAL input) is not worth a line.
          const auto* values = std::get_if<planner::ValuesNode>(&op.input->op);
          if (values == nullptr || !op.input->types.empty()) print_node(*op.input, details, true);
        } else if constexpr (std::is_same_v<Op, planner::OuterValuesNode>) {
          title("Outer Values", &node, measured);
        }
      },
      node.op);
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
          modification("Insert", plan.table_name, *plan.source);
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
