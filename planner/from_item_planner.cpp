// FROM items: tables, views, CTEs and derived tables become relations of the
// block; joins and functions are dispatched to their own planners.
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
#include "storage/world/relation_name.h"
#include "planner/join_order.h"
#include "planner/key_order_limit.h"
#include "planner/modifying_with.h"
#include "planner/parameters.h"
#include "planner/parse/parse_sql.h"
#include "planner/privileges.h"
#include "planner/table_function.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner::block_planning {

void QueryBlockPlanner::add_relation(PlanPtr plan, const std::vector<ScopeColumn>& columns, double rows) {
  Relation relation;
  relation.offset = scope_.columns.size();
  relation.width = columns.size();
  relation.base_rows = std::max(1.0, rows);
  plan->estimated_rows = relation.base_rows;
  relation.plan = std::move(plan);
  for (const auto& column : columns) scope_.columns.push_back(column);
  relations_.push_back(std::move(relation));
}

std::vector<ScopeColumn> block_columns(const QueryBlock& block, const std::string& alias,
                                       const PgQuery__Alias* column_aliases, int location) {
  std::vector<ScopeColumn> columns;
  std::size_t named = column_aliases != nullptr ? column_aliases->n_colnames : 0;
  if (named > block.columns.size()) {
    throw SqlError("42P10", "table \"" + alias + "\" has " + std::to_string(block.columns.size()) +
                                " columns available but " + std::to_string(named) + " columns specified",
                   {}, {}, location + 1);
  }
  for (std::size_t i = 0; i < block.columns.size(); ++i) {
    std::string name = i < named ? string_of(column_aliases->colnames[i]) : block.columns[i].name;
    columns.push_back({alias, name, block.columns[i].type});
  }
  return columns;
}

void QueryBlockPlanner::add_block(const QueryBlock& block, const std::string& alias,
                                  const PgQuery__Alias* column_aliases, int location) {
  add_relation(block.root, block_columns(block, alias, column_aliases, location), block.root->estimated_rows);
}

void QueryBlockPlanner::add_range_var(const PgQuery__RangeVar& range) {
  std::string name = range.relname;
  std::string alias = range.alias != nullptr ? range.alias->aliasname : name;
  const PgQuery__Alias* column_aliases = range.alias;
  bool unqualified = range.schemaname == nullptr || *range.schemaname == '\0';
  if (unqualified && context_.common_tables != nullptr) {
    if (const auto* common = context_.common_tables->find(name)) {
      if (is_modifying(*common)) {
        add_cte_scan(*common, alias, column_aliases, range.location);
        return;
      }
      if (const WorkTableReference* work = context_.common_tables->work_table_for(common)) {
        add_work_table_scan(*common, *work, alias, column_aliases, range.location);
        return;
      }
      const CommonTableScope* home = context_.common_tables;
      while (home != nullptr &&
             std::find(home->tables.begin(), home->tables.end(), common) == home->tables.end()) {
        home = home->parent;
      }
      const CommonTableScope visible = scope_seen_by(*home, *common);
      PlanningContext inner{context_.world, &visible, context_.expanding_views};
      bool self_referring = std::find(home->self_referring.begin(), home->self_referring.end(), common) !=
                            home->self_referring.end();
      QueryBlock block = self_referring ? plan_recursive_query(*common, inner)
                                        : plan_query_block(*common->ctequery->select_stmt, inner);
      if (common->n_aliascolnames > block.columns.size()) {
        throw SqlError("42P10",
                       "WITH query \"" + name + "\" has " + std::to_string(block.columns.size()) +
                           " columns available but " + std::to_string(common->n_aliascolnames) + " columns specified",
                       {}, {}, common->location + 1);
      }
      for (std::size_t i = 0; i < common->n_aliascolnames && i < block.columns.size(); ++i) {
        block.columns[i].name = string_of(common->aliascolnames[i]);
      }
      add_block(block, alias, column_aliases, range.location);
      return;
    }
  }
  if (range.catalogname != nullptr && *range.catalogname != '\0' &&
      std::string(range.catalogname) != catalog::kDatabaseName) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "cross-database references are not implemented: \"" + std::string(range.catalogname) + "." +
                       (unqualified ? "" : std::string(range.schemaname) + ".") + name + "\"",
                   {}, {}, range.location + 1);
  }
  // pg_catalog comes first on the search path; information_schema only by name.
  std::string schema_name = unqualified ? "" : range.schemaname;
  if (schema_name.empty() || schema_name == "pg_catalog" || schema_name == "information_schema") {
    if (auto block = catalog::plan_system_relation(schema_name, name, context_.world)) {
      add_block(*block, alias, column_aliases, range.location);
      return;
    }
  }
  if (!schema_name.empty() && schema_name != "public") {
    // Tables and views live in schema public only; the name must not reach them.
    throw SqlError(sqlstate::kUndefinedTable, "relation \"" + schema_name + "." + name + "\" does not exist", {}, {},
                   range.location + 1);
  }
  if (auto view = context_.world.find_view(name)) {
    // Only a cycle is an error; a long legitimate chain ends, if ever, at the
    // stack depth limit.
    for (const ExpandingView* outer = context_.expanding_views; outer != nullptr; outer = outer->outer) {
      if (outer->name == name) {
        throw SqlError("42P17", "infinite recursion detected in rules for relation \"" + name + "\"");
      }
    }
    check_relation_privilege(context_.world, view->oid, name, true, storage::kPrivSelect);
    ParseTree tree = parse_sql(view->query_sql);
    ExpandingView expanding{name, context_.expanding_views};
    PlanningContext inner{context_.world, nullptr, &expanding};
    // The view reads its relations with its owner's rights, as in PostgreSQL.
    CheckAsRoleScope as_owner(owner_of(context_.world, view->oid));
    QueryBlock block = plan_query_block(*tree.statement(0).stmt->select_stmt, inner);
    for (std::size_t i = 0; i < view->column_names.size() && i < block.columns.size(); ++i) {
      block.columns[i].name = view->column_names[i];
    }
    add_block(block, alias, column_aliases, range.location);
    return;
  }
  if (auto sequence = context_.world.find_sequence(name)) {
    check_sequence_privilege(context_.world, sequence->oid, storage::split_relation_key(name).relation,
                             storage::kPrivSelect);
    add_block(catalog::plan_sequence_relation(*sequence), alias, column_aliases, range.location);
    return;
  }
  auto table = context_.world.find_table(name);
  if (!table) {
    throw SqlError(sqlstate::kUndefinedTable, "relation \"" + name + "\" does not exist", {}, {},
                   range.location + 1);
  }
  const storage::TableSchema& schema = table->schema();
  check_table_select(context_.world, schema.oid(), name);
  std::size_t named = column_aliases != nullptr ? column_aliases->n_colnames : 0;
  std::vector<ScopeColumn> columns;
  std::vector<SqlType> types;
  for (std::size_t c = 0; c < schema.columns().size(); ++c) {
    const auto& column = schema.column(c);
    std::string column_name = c < named ? string_of(column_aliases->colnames[c]) : column.name;
    columns.push_back({alias, column_name, column.type, schema.oid(), static_cast<std::int16_t>(c + 1)});
    types.push_back(column.type);
  }
  ScanNode scan;
  scan.table = table;
  scan.alias = alias;
  scan.index_use = current_planner_methods().index_use;
  add_relation(make_node(std::move(scan), std::move(types)), columns, static_cast<double>(table->row_count()));
}

void QueryBlockPlanner::add_cte_scan(const PgQuery__CommonTableExpr& common, const std::string& alias,
                                     const PgQuery__Alias* column_aliases, int location) {
  ReturnedRowsOf returned = returned_rows_of(common);
  QueryBlock block;
  CteScanNode scan;
  scan.slot = std::move(returned.slot);
  scan.name = common.ctename;
  scan.alias = alias;
  std::vector<SqlType> types;
  for (auto& column : returned.columns) {
    scan.columns.push_back(column.name);
    types.push_back(column.type);
    column.table_oid = 0;
    column.column_number = 0;
  }
  block.columns = std::move(returned.columns);
  block.root = make_node(std::move(scan), std::move(types), 100);
  add_block(block, alias, column_aliases, location);
}

void QueryBlockPlanner::add_work_table_scan(const PgQuery__CommonTableExpr& common, const WorkTableReference& work,
                                            const std::string& alias, const PgQuery__Alias* column_aliases,
                                            int location) {
  reads_work_table_ = true;
  QueryBlock block;
  WorkTableScanNode scan;
  scan.work_table = work.id;
  scan.name = common.ctename;
  scan.alias = alias;
  std::vector<SqlType> types;
  for (const auto& column : work.columns) {
    scan.columns.push_back(column.name);
    types.push_back(column.type);
  }
  block.columns = work.columns;
  block.root = make_node(std::move(scan), std::move(types), 10);
  add_block(block, alias, column_aliases, location);
}

void QueryBlockPlanner::add_from_item(const PgQuery__Node* item) {
  check_stack_depth();
  switch (item->node_case) {
    case PG_QUERY__NODE__NODE_RANGE_VAR:
      add_range_var(*item->range_var);
      return;
    case PG_QUERY__NODE__NODE_RANGE_SUBSELECT: {
      const auto& subselect = *item->range_subselect;
      if (subselect.alias == nullptr) {
        throw SqlError(sqlstate::kSyntaxError, "subquery in FROM must have an alias", {},
                       "For example, FROM (SELECT ...) [AS] foo.");
      }
      if (subselect.lateral) {
        add_lateral_subquery(subselect);
        return;
      }
      QueryBlock block = plan_query_block(*subselect.subquery->select_stmt, context_);
      add_block(block, subselect.alias->aliasname, subselect.alias, -1);
      return;
    }
    case PG_QUERY__NODE__NODE_RANGE_FUNCTION:
      add_range_function(*item->range_function);
      return;
    case PG_QUERY__NODE__NODE_RANGE_TABLE_SAMPLE:
      add_table_sample(*item->range_table_sample);
      return;
    case PG_QUERY__NODE__NODE_JOIN_EXPR: {
      const auto& join = *item->join_expr;
      bool merges_columns = join.is_natural || join.n_using_clause > 0;
      if (join.jointype == PG_QUERY__JOIN_TYPE__JOIN_INNER && !merges_columns && join.alias == nullptr) {
        add_from_item(join.larg);
        add_from_item(join.rarg);
        if (join.quals != nullptr) pending_on_.push_back(join.quals);
        return;
      }
      add_outer_join(join);
      return;
    }
    default:
      not_supported("this FROM item");
  }
}

}  // namespace ptreedb::planner::block_planning
