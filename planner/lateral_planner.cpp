// FROM ... LATERAL (subquery) and JOIN LATERAL: the subquery is planned with
// the FROM items before it as its enclosing scope, marked as parameters
// (Scope::parameters): what it reads of them stays in its plan as references
// that the executor binds to each distinct value of those columns
// (exec/operators/lateral_join_operator.cpp). The relations from the first
// one it reads to the last become its input, as for functions in FROM.
#include "planner/query_block_planner.h"

#include <algorithm>
#include <set>

#include "planner/conjuncts.h"
#include "storage/sql_error.h"

namespace ptreedb::planner::block_planning {

namespace {

const char* subquery_alias(const PgQuery__RangeSubselect& subselect) {
  if (subselect.alias == nullptr) {
    throw SqlError(sqlstate::kSyntaxError, "subquery in FROM must have an alias", {},
                   "For example, FROM (SELECT ...) [AS] foo.");
  }
  return subselect.alias->aliasname;
}

}  // namespace

QueryBlock QueryBlockPlanner::plan_lateral_subquery(const PgQuery__RangeSubselect& subselect,
                                                    const std::vector<ScopeColumn>& visible,
                                                    std::set<std::size_t>& read) {
  Scope before;
  before.columns = visible;
  before.outer = scope_.outer;  // named two levels up from the subquery: refused by the binder
  before.parameters = &read;
  return plan_query_block(*subselect.subquery->select_stmt, context_, &before);
}

void QueryBlockPlanner::add_lateral_subquery(const PgQuery__RangeSubselect& subselect) {
  const std::string alias = subquery_alias(subselect);
  std::set<std::size_t> read;
  QueryBlock block = plan_lateral_subquery(subselect, scope_.columns, read);
  if (read.empty()) {  // reads no FROM item before it: a plain subquery
    add_block(block, alias, subselect.alias, -1);
    return;
  }
  if (*read.begin() < dml_target_width_) {
    throw SqlError("42P10", "invalid reference to FROM-clause entry for table \"" + scope_.columns[*read.begin()].table +
                                "\"");
  }
  const std::vector<ScopeColumn> subquery_columns = block_columns(block, alias, subselect.alias, -1);
  // The relations from the first one read to the last, cross joined: the
  // subquery runs per distinct value of what it reads of their rows.
  LateralInput input = take_relations_from(*read.begin());
  std::vector<ScopeColumn> columns(scope_.columns.begin() + static_cast<std::ptrdiff_t>(input.offset),
                                   scope_.columns.end());
  scope_.columns.resize(input.offset);

  LateralJoinNode lateral;
  for (std::size_t reference : read) lateral.parameters.push_back({reference, reference - input.offset});
  lateral.left = input.plan;
  lateral.right = block.root;
  lateral.alias = alias;
  std::vector<SqlType> types = input.plan->types;
  for (const ScopeColumn& column : subquery_columns) {
    columns.push_back(column);
    lateral.column_names.push_back(column.name);
    types.push_back(column.type);
  }
  const double estimated = std::max(1.0, input.rows) * std::max(1.0, block.root->estimated_rows);
  add_relation(make_node(std::move(lateral), std::move(types), estimated), columns, estimated);
}

bool QueryBlockPlanner::add_lateral_join(const PgQuery__JoinExpr& join, QueryBlockPlanner& left) {
  const PgQuery__RangeSubselect& subselect = *join.rarg->range_subselect;
  const std::string alias = subquery_alias(subselect);
  std::set<std::size_t> read;
  QueryBlock block = plan_lateral_subquery(subselect, left.scope().columns, read);
  if (read.empty()) return false;
  if (join.jointype != PG_QUERY__JOIN_TYPE__JOIN_INNER && join.jointype != PG_QUERY__JOIN_TYPE__JOIN_LEFT) {
    throw SqlError("42P10", "invalid reference to FROM-clause entry for table \"" + left.scope().columns[*read.begin()].table + "\"",
                   "The combining JOIN type must be INNER or LEFT for a LATERAL reference.");
  }
  if (join.is_natural || join.n_using_clause > 0) not_supported("JOIN LATERAL with USING or NATURAL");
  const std::vector<ScopeColumn> subquery_columns = block_columns(block, alias, subselect.alias, -1);
  PlanPtr left_plan = left.join_relations({});
  Scope joined;
  joined.outer = scope_.outer;
  joined.columns = left.scope().columns;
  const std::size_t left_width = joined.columns.size();
  std::vector<SqlType> types = left_plan->types;
  std::vector<std::string> column_names;
  for (const ScopeColumn& column : subquery_columns) {
    joined.columns.push_back(column);
    types.push_back(column.type);
    column_names.push_back(column.name);
  }
  LateralJoinNode lateral;
  lateral.column_names = std::move(column_names);
  lateral.kind = join.jointype == PG_QUERY__JOIN_TYPE__JOIN_LEFT ? JoinKind::kLeft : JoinKind::kInner;
  for (std::size_t reference : read) lateral.parameters.push_back({reference, reference});
  lateral.left = left_plan;
  lateral.right = block.root;
  lateral.alias = alias;
  if (join.quals != nullptr) {
    BoundExpression on = bind_outer_join_condition(join.quals, joined);
    if (!is_true_constant(on)) lateral.condition = std::move(on);
  }
  const double rows = std::max(1.0, left_plan->estimated_rows) * std::max(1.0, block.root->estimated_rows);
  add_joined_relation(join, make_node(std::move(lateral), std::move(types), rows), joined, left_width, {}, rows);
  return true;
}

}  // namespace ptreedb::planner::block_planning
