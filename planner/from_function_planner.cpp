// Set-returning functions in FROM (and alone in a FROM-less select list):
// implicitly LATERAL, their arguments read the FROM items before them.
#include "planner/query_block_planner.h"

#include <algorithm>
#include <functional>
#include <set>

#include "planner/catalog/catalog_functions.h"
#include "planner/catalog/catalog_oids.h"
#include "planner/catalog/system_relation_plan.h"
#include "planner/conjuncts.h"
#include "planner/correlated_subquery.h"
#include "planner/functions/function_binding.h"
#include "planner/join_order.h"
#include "planner/key_order_limit.h"
#include "planner/parameters.h"
#include "planner/parse/parse_sql.h"
#include "planner/privileges.h"
#include "planner/table_function.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner::block_planning {

TableFunctionCall QueryBlockPlanner::bind_function_call(const PgQuery__FuncCall& call, const std::string& name) {
  if (call.agg_star || call.agg_distinct || call.n_agg_order > 0 || call.agg_filter != nullptr || call.over != nullptr ||
      call.func_variadic) {
    not_supported("this call of " + name, call.location);
  }
  // Functions in FROM are implicitly LATERAL: their arguments see the FROM
  // items before them, and the enclosing query. A subquery among them runs
  // once before the query (uncorrelated); one that would need a join with
  // the rows is refused.
  ExpressionBinder binder(scope_, this);
  std::vector<BoundExpression> args;
  std::size_t applies_before = applies_.size();
  for (std::size_t i = 0; i < call.n_args; ++i) args.push_back(binder.bind(call.args[i]));
  if (applies_.size() != applies_before) {
    not_supported("a correlated subquery in the arguments of a function in FROM", call.location);
  }
  for (const auto& arg : args) {
    if (arg.contains_aggregate()) {
      throw SqlError("42803", "aggregate functions are not allowed in functions in FROM", {}, {}, call.location + 1);
    }
  }
  return bind_table_function(name, std::move(args), call.location);
}

void QueryBlockPlanner::add_range_function(const PgQuery__RangeFunction& range) {
  if (range.is_rowsfrom || range.n_functions != 1) not_supported("ROWS FROM");
  if (range.n_coldeflist > 0) not_supported("a column definition list");
  const PgQuery__Node* pair = range.functions[0];
  const PgQuery__Node* node =
      pair->node_case == PG_QUERY__NODE__NODE_LIST && pair->list->n_items > 0 ? pair->list->items[0] : pair;
  if (node->node_case != PG_QUERY__NODE__NODE_FUNC_CALL) not_supported("this function in FROM");
  const auto& call = *node->func_call;
  std::string name = string_of(call.funcname[call.n_funcname - 1]);
  if (!is_table_function(name)) not_supported("function " + name + " in FROM", call.location);
  std::string alias = range.alias != nullptr ? range.alias->aliasname : name;
  add_function_relation(bind_function_call(call, name), range.ordinality, alias, range.alias, call.location);
}

namespace {

PlanPtr cross_joined(PlanPtr left, PlanPtr right, double rows) {
  JoinNode cross;
  cross.kind = JoinKind::kInner;
  cross.probe = left;
  cross.build = right;
  return make_node(std::move(cross), concat_types(left->types, right->types), rows);
}

}  // namespace

QueryBlockPlanner::LateralInput QueryBlockPlanner::take_relations_from(std::size_t column) {
  std::size_t first = 0;
  while (column >= relations_[first].offset + relations_[first].width) ++first;
  LateralInput taken{nullptr, relations_[first].offset, 1};
  for (std::size_t r = first; r < relations_.size(); ++r) {
    taken.rows *= relations_[r].base_rows;
    taken.plan = taken.plan ? cross_joined(taken.plan, relations_[r].plan, taken.rows) : relations_[r].plan;
  }
  relations_.resize(first);
  return taken;
}

std::size_t QueryBlockPlanner::add_function_relation(TableFunctionCall call, bool with_ordinality,
                                                     const std::string& alias, const PgQuery__Alias* column_aliases,
                                                     int location) {
  std::set<std::size_t> columns;
  std::vector<std::size_t> outer;
  for (const auto& arg : call.args) {
    collect_columns(arg, columns);
    collect_outer_columns(arg, outer);
  }
  // Inside a LATERAL subquery the enclosing values are bound when it runs:
  // the arguments read them as they are.
  if (outer_is_parameters()) outer.clear();
  // LATERAL: the relations from the first one the arguments read to the last
  // become the function's input; their columns keep their scope places and
  // the function's follow them.
  PlanPtr input;
  std::size_t offset = scope_.columns.size();
  double rows = 1;
  if (!columns.empty()) {
    LateralInput taken = take_relations_from(*columns.begin());
    input = std::move(taken.plan);
    offset = taken.offset;
    rows = taken.rows;
  }
  std::size_t lateral_width = input ? input->types.size() : 0;
  std::vector<ScopeColumn> relation_columns(scope_.columns.begin() + static_cast<std::ptrdiff_t>(offset),
                                            scope_.columns.end());
  scope_.columns.resize(offset);
  if (!outer.empty()) {
    // The enclosing query's values arrive as D, bound by decorrelation; each
    // is kept as a hidden column and matched with the outer row.
    std::vector<SqlType> outer_types;
    for (std::size_t c : outer) outer_types.push_back(scope_.outer->columns[c].type);
    PlanPtr values = make_node(OuterValuesNode{outer}, outer_types, 10);
    input = input ? cross_joined(input, values, rows * 10) : values;
    for (std::size_t j = 0; j < outer.size(); ++j) {
      ScopeColumn hidden{"", "", outer_types[j]};
      hidden.qualified_only = true;
      relation_columns.push_back(hidden);
      BoundExpression outer_column;
      outer_column.kind = ExprKind::kOuterColumn;
      outer_column.column = outer[j];
      outer_column.type = outer_types[j];
      append_outer_value_match(column_reference(offset + lateral_width + j, outer_types[j]), outer_column,
                               outer_value_matches_);
    }
    for (const auto& arg : call.args) collect_outer_columns(arg, outer_value_columns_);
  }
  if (!input) input = make_node(ValuesNode{{{}}}, {}, 1);
  for (auto& arg : call.args) {
    arg = remap_columns(std::move(arg), [&](std::size_t c) { return c - offset; });
    if (!outer.empty()) arg = outer_to_columns(std::move(arg), outer, lateral_width);
  }

  std::size_t named = column_aliases != nullptr ? column_aliases->n_colnames : 0;
  std::size_t available = with_ordinality ? 2 : 1;
  if (named > available) {
    throw SqlError("42P10", "table \"" + alias + "\" has " + std::to_string(available) +
                                " columns available but " + std::to_string(named) + " columns specified",
                   {}, {}, location + 1);
  }
  // A function returning one value names its column after the alias.
  std::size_t value_column = offset + relation_columns.size();
  relation_columns.push_back({alias,
                              named > 0                    ? string_of(column_aliases->colnames[0])
                              : !call.column_name.empty() ? call.column_name
                                                           : alias,
                              call.type});
  std::vector<SqlType> types = input->types;
  types.push_back(call.type);
  if (with_ordinality) {
    SqlType bigint = SqlType::of(TypeId::kBigint);
    relation_columns.push_back({alias, named > 1 ? string_of(column_aliases->colnames[1]) : "ordinality", bigint});
    types.push_back(bigint);
  }
  // Series and arrays: assume a thousand values per input row.
  double estimated = std::max(1.0, input->estimated_rows) * (call.function == TableFunction::kPartitionAncestors ? 1 : 1000);
  add_relation(make_node(FunctionScanNode{input, std::move(call), with_ordinality, alias}, types), relation_columns,
               estimated);
  return value_column;
}

}  // namespace ptreedb::planner::block_planning
