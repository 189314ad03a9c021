// TABLESAMPLE on a FROM item: the table is added as any other, and its scan
// told which method draws its rows, with arguments bound and coerced as
// PostgreSQL's transformRangeTableSample does.
#include "planner/query_block_planner.h"

#include <algorithm>
#include <string>

#include "planner/assignment_coercion.h"
#include "planner/catalog/system_relation_plan.h"
#include "planner/expression_binder.h"
#include "storage/sql_error.h"
#include "storage/value/decimal.h"

namespace ptreedb::planner {

const char* sample_method_name(TableSample::Method method) {
  switch (method) {
    case TableSample::Method::kBernoulli:
      return "bernoulli";
    case TableSample::Method::kSystem:
      return "system";
    case TableSample::Method::kSystemRows:
      return "system_rows";
    case TableSample::Method::kSystemTime:
      return "system_time";
  }
  return "";
}

}  // namespace ptreedb::planner

namespace ptreedb::planner::block_planning {

namespace {

// `value` as `target` by assignment coercion (so a double precision
// percentage becomes real), or 42804 naming the clause, as PostgreSQL's
// coerce_to_specific_type does.
BoundExpression coerce_argument(BoundExpression value, SqlType target, const char* clause) {
  if (value.contains_aggregate()) {
    throw SqlError("42803", std::string("aggregate functions are not allowed in ") + clause);
  }
  if (value.contains(ExprKind::kSubquery)) {
    not_supported(std::string("subqueries in ") + clause);
  }
  std::string from = value.unknown_literal ? "unknown" : value::format_type(value.type);
  if (!value.unknown_literal && value.type.id != target.id && assignment_castable(value.type.id, target.id)) {
    return coerce(std::move(value), target, true);
  }
  try {
    return coerce(std::move(value), target, false);
  } catch (const SqlError&) {
    throw SqlError(sqlstate::kDatatypeMismatch, std::string("argument of ") + clause + " must be type " +
                                                    value::format_type(target) + ", not type " + from);
  }
}

[[noreturn]] void not_a_table(int location) {
  throw SqlError(sqlstate::kFeatureNotSupported, "TABLESAMPLE clause can only be applied to tables and materialized views", {}, {},
                 location + 1);
}

}  // namespace

namespace {

// A constant number as the argument's literal wrote it, through the casts
// that coerced it (2.5 is numeric cast to real, 100 an integer cast to bigint).
std::optional<double> constant_number(const BoundExpression& argument) {
  if (argument.kind == ExprKind::kCast && argument.args.size() == 1) return constant_number(argument.args[0]);
  if (argument.kind != ExprKind::kConstant || argument.constant.is_null) return std::nullopt;
  switch (argument.type.id) {
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: return static_cast<double>(argument.constant.int_value);
    case TypeId::kReal:
    case TypeId::kDouble: return argument.constant.double_value;
    case TypeId::kNumeric: return value::decimal_to_double(argument.constant.decimal_value);
    default: return std::nullopt;
  }
}

}  // namespace

void QueryBlockPlanner::add_table_sample(const PgQuery__RangeTableSample& sample) {
  // The grammar allows TABLESAMPLE only after a relation name.
  const PgQuery__RangeVar& range = *sample.relation->range_var;
  // Views, WITH queries, sequences and catalogs are not tables here.
  std::string name = range.relname;
  bool unqualified = range.schemaname == nullptr || *range.schemaname == '\0';
  if (unqualified && context_.common_tables != nullptr && context_.common_tables->find(name) != nullptr) {
    not_a_table(range.location);
  }
  if (context_.world.find_view(name) || context_.world.find_sequence(name)) not_a_table(range.location);
  std::string schema_name = unqualified ? "" : range.schemaname;
  if ((schema_name.empty() || schema_name == "pg_catalog" || schema_name == "information_schema") &&
      !context_.world.find_table(name) && catalog::plan_system_relation(schema_name, name, context_.world)) {
    not_supported("TABLESAMPLE on a system catalog", range.location);
  }
  add_range_var(range);
  auto* scan = std::get_if<ScanNode>(&relations_.back().plan->op);
  if (scan == nullptr) not_a_table(range.location);
  // Then the method and its arguments, in PostgreSQL's order.
  std::string method_name = sample.n_method > 0 ? string_of(sample.method[sample.n_method - 1]) : "";
  TableSample bound;
  SqlType argument_type = SqlType::of(TypeId::kReal);
  if (method_name == "bernoulli") {
    bound.method = TableSample::Method::kBernoulli;
  } else if (method_name == "system") {
    bound.method = TableSample::Method::kSystem;
  } else if (method_name == "system_rows") {
    bound.method = TableSample::Method::kSystemRows;
    argument_type = SqlType::of(TypeId::kBigint);
  } else if (method_name == "system_time") {
    bound.method = TableSample::Method::kSystemTime;
    argument_type = SqlType::of(TypeId::kDouble);
  } else {
    throw SqlError("42704", "tablesample method " + method_name + " does not exist", {}, {}, sample.location + 1);
  }
  if (sample.n_args != 1) {
    throw SqlError("2202H", std::string("tablesample method ") + method_name + " requires 1 argument, not " +
                                std::to_string(sample.n_args),
                   {}, {}, sample.location + 1);
  }
  if (sample.repeatable != nullptr && bound.method == TableSample::Method::kSystemTime) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "tablesample method " + method_name + " does not support REPEATABLE", {}, {}, sample.location + 1);
  }
  // The arguments see no column of this query's FROM list (PostgreSQL binds
  // them before its relations are visible), but a LATERAL subquery's may
  // read the FROM items before it: values bound once per row of those.
  Scope no_columns;
  if (outer_is_parameters()) no_columns.outer = scope_.outer;
  ExpressionBinder binder(no_columns);
  bound.argument = coerce_argument(binder.bind(sample.args[0]), argument_type, "TABLESAMPLE");
  if (sample.repeatable != nullptr) {
    bound.repeatable = coerce_argument(binder.bind(sample.repeatable), SqlType::of(TypeId::kDouble), "REPEATABLE");
  }
  scan = &std::get<ScanNode>(relations_.back().plan->op);
  // The planner's estimate: the fraction (or row count) when it is a constant.
  double rows = relations_.back().base_rows;
  if (std::optional<double> argument = constant_number(bound.argument)) {
    if (bound.method == TableSample::Method::kSystemRows) {
      rows = std::min(rows, std::max(0.0, *argument));
    } else if (bound.method != TableSample::Method::kSystemTime) {
      rows *= std::clamp(*argument, 0.0, 100.0) / 100.0;
    }
  }
  relations_.back().base_rows = std::max(1.0, rows);
  relations_.back().plan->estimated_rows = relations_.back().base_rows;
  scan->sample = std::move(bound);
}

}  // namespace ptreedb::planner::block_planning

namespace ptreedb::planner::block_planning {

const TableSample* QueryBlockPlanner::sampled_table() const {
  const TableSample* found = nullptr;
  for (const Relation& relation : relations_) {
    const auto* scan = std::get_if<ScanNode>(&relation.plan->op);
    if (scan == nullptr || !scan->sample) continue;
    if (found != nullptr) {
      throw SqlError(sqlstate::kFeatureNotSupported,
                     "approximate aggregates over more than one table read with TABLESAMPLE are not supported");
    }
    found = &*scan->sample;
  }
  return found;
}

}  // namespace ptreedb::planner::block_planning
