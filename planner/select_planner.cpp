#include "planner/select_planner.h"


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

namespace ptreedb::planner {

using value::SqlType;
using value::TypeId;

const PgQuery__CommonTableExpr* CommonTableScope::find(const std::string& name) const {
  for (const CommonTableScope* scope = this; scope != nullptr; scope = scope->parent) {
    for (const auto* table : scope->tables) {
      if (name == table->ctename) return table;
    }
  }
  return nullptr;
}

namespace {

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

[[noreturn]] void not_supported(const std::string& what, int location = -1) {
  throw SqlError(sqlstate::kFeatureNotSupported, what + " is not supported yet", {}, {},
                 location >= 0 ? location + 1 : 0);
}

std::vector<SqlType> types_of(const std::vector<BoundExpression>& exprs) {
  std::vector<SqlType> types;
  for (const auto& expr : exprs) types.push_back(expr.type);
  return types;
}

std::vector<SqlType> concat_types(const std::vector<SqlType>& a, const std::vector<SqlType>& b) {
  std::vector<SqlType> out = a;
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

std::int64_t constant_count(const PgQuery__Node* node, const char* clause) {
  if (node->node_case == PG_QUERY__NODE__NODE_PARAM_REF) return parameter_count_value(*node->param_ref, clause);
  if (node->node_case == PG_QUERY__NODE__NODE_A_CONST && node->a_const->isnull) return -1;
  if (node->node_case == PG_QUERY__NODE__NODE_A_CONST &&
      node->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
    std::int64_t value = node->a_const->ival->ival;
    if (value < 0) throw SqlError("2201W", std::string(clause) + " must not be negative");
    return value;
  }
  not_supported(std::string(clause) + " other than an integer constant");
}

// Aggregation as it is planned: group keys, then aggregate calls.
struct Grouping {
  std::vector<BoundExpression> keys;
  std::vector<AggregateCall> aggregates;
};

// Rewrites an expression over input rows into one over group rows: group key
// expressions become key columns, aggregate calls become aggregate columns, and
// any other input column is an error, as in PostgreSQL.
BoundExpression over_groups(const BoundExpression& expr, const Scope& scope, Grouping& grouping) {
  check_stack_depth();
  for (std::size_t i = 0; i < grouping.keys.size(); ++i) {
    if (same_expression(expr, grouping.keys[i])) return column_reference(i, expr.type);
  }
  if (expr.kind == ExprKind::kAggregate) {
    AggregateCall call = aggregate_call_of(expr);
    std::size_t position = grouping.aggregates.size();
    for (std::size_t j = 0; j < grouping.aggregates.size() && position == grouping.aggregates.size(); ++j) {
      if (same_aggregate_call(grouping.aggregates[j], call)) position = j;
    }
    if (position == grouping.aggregates.size()) grouping.aggregates.push_back(std::move(call));
    return column_reference(grouping.keys.size() + position, expr.type);
  }
  if (expr.kind == ExprKind::kColumn) {
    std::string name = expr.column < scope.columns.size()
                           ? scope.columns[expr.column].table + "." + scope.columns[expr.column].name
                           : "?column?";
    throw SqlError("42803", "column \"" + name +
                                "\" must appear in the GROUP BY clause or be used in an aggregate function");
  }
  BoundExpression out = expr;
  for (auto& arg : out.args) arg = over_groups(arg, scope, grouping);
  return out;
}

std::vector<SqlType> grouping_types(const Grouping& grouping) {
  std::vector<SqlType> types = types_of(grouping.keys);
  for (const auto& call : grouping.aggregates) types.push_back(call.type);
  return types;
}

// The column a USING name means on one side of a join: the one column that
// answers to the bare name there.
std::size_t using_column(const std::vector<ScopeColumn>& side, const std::string& name, const char* which) {
  std::optional<std::size_t> found;
  for (std::size_t c = 0; c < side.size(); ++c) {
    if (side[c].qualified_only || side[c].name != name) continue;
    if (found) {
      throw SqlError("42702", "common column name \"" + name + "\" appears more than once in " + which + " table");
    }
    found = c;
  }
  if (!found) {
    throw SqlError(sqlstate::kUndefinedColumn,
                   "column \"" + name + "\" specified in USING clause does not exist in " + which + " table");
  }
  return *found;
}

// USING (names) or NATURAL (every name both sides have, in the left side's
// order): (left column, right column) pairs.
std::vector<std::pair<std::size_t, std::size_t>> merged_join_columns(const PgQuery__JoinExpr& join,
                                                                     const std::vector<ScopeColumn>& left,
                                                                     const std::vector<ScopeColumn>& right) {
  std::vector<std::string> names;
  if (join.is_natural) {
    for (const auto& column : left) {
      if (column.qualified_only || column.name.empty()) continue;
      bool on_right = std::any_of(right.begin(), right.end(), [&](const ScopeColumn& other) {
        return !other.qualified_only && other.name == column.name;
      });
      if (on_right && std::find(names.begin(), names.end(), column.name) == names.end()) names.push_back(column.name);
    }
  } else {
    for (std::size_t i = 0; i < join.n_using_clause; ++i) {
      std::string name = string_of(join.using_clause[i]);
      if (std::find(names.begin(), names.end(), name) != names.end()) {
        throw SqlError("42701", "column name \"" + name + "\" appears more than once in USING clause");
      }
      names.push_back(name);
    }
  }
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const auto& name : names) pairs.push_back({using_column(left, name, "left"), using_column(right, name, "right")});
  return pairs;
}

// ARRAY(SELECT x ...) as the text of a one-dimensional array over the rows'
// group: '{' || coalesce(string_agg(array_quote(x::text), ','), '') || '}'.
BoundExpression array_text_value(const BoundExpression& value) {
  const SqlType text = SqlType::of(TypeId::kText);
  auto constant = [&](const char* literal) {
    BoundExpression out;
    out.kind = ExprKind::kConstant;
    out.type = text;
    out.constant.is_null = false;
    out.constant.text_value = literal;
    return out;
  };
  BoundExpression joined;
  joined.kind = ExprKind::kAggregate;
  joined.aggregate = AggregateKind::kStringAgg;
  joined.type = text;
  BoundExpression element = bind_function_call(FunctionId::kArrayQuote, "array_quote", {value}, -1);
  joined.args = {std::move(element), constant(",")};
  BoundExpression elements;
  elements.kind = ExprKind::kFunction;
  elements.function = FunctionId::kCoalesce;
  elements.type = text;
  elements.args = {std::move(joined), constant("")};
  BoundExpression open;
  open.kind = ExprKind::kConcat;
  open.type = text;
  open.args = {constant("{"), std::move(elements)};
  BoundExpression out;
  out.kind = ExprKind::kConcat;
  out.type = text;
  out.args = {std::move(open), constant("}")};
  return out;
}

// A subquery joined to the FROM result: EXISTS/IN as semi, anti or mark joins,
// correlated scalar subqueries as left joins to their grouped result.
struct Apply {
  JoinKind kind = JoinKind::kSemi;
  bool null_aware = false;
  PlanPtr build;
  std::vector<BoundExpression> probe_keys;   // over the scope (and earlier hidden columns)
  std::vector<BoundExpression> build_keys;   // over the build rows
  std::optional<BoundExpression> condition;  // over probe_width probe columns, then build columns
  std::size_t probe_width = 0;
  std::vector<SqlType> added_types;          // hidden columns it adds to the probe rows
  // A general correlated subquery: its build side needs D, the distinct
  // values of `outer_values` (over the probe) in the rows it joins.
  std::vector<BoundExpression> outer_values;
  std::function<PlanPtr(PlanPtr distinct_outer)> make_build;
};

// HAVING's subquery columns while its expression is rewritten over groups.
constexpr std::size_t kParkedColumn = std::size_t{1} << 40;

// How a SubLink sits in the WHERE clause: a top-level conjunct (maybe under
// NOT) can filter by a semi or anti join directly.
enum class SublinkPosition : std::uint8_t { kConjunct, kNegatedConjunct };

class QueryBlockPlanner : public SubqueryHook {
 public:
  QueryBlockPlanner(const PlanningContext& context, const Scope* outer) : context_(context) {
    scope_.outer = outer;
  }

  QueryBlock plan(const PgQuery__SelectStmt& select);
  // INSERT, UPDATE and DELETE: see plan_dml_rows and bind_standalone_expression.
  PlanPtr plan_dml_rows(PlannedRelation relation, std::span<PgQuery__Node* const> from_items,
                        const PgQuery__Node* where, const BindOutputs& bind_outputs);
  BoundExpression bind_standalone(const PgQuery__Node* node);

  BoundExpression bind_sublink(const PgQuery__SubLink& sublink, const ExpressionBinder& binder) override;

  // After plan(): conjuncts of WHERE that read the enclosing query, over this
  // block's scope (kColumn) and the enclosing one (kOuterColumn), and what the
  // subquery looks like before its select list.
  const std::vector<BoundExpression>& correlated() const { return correlated_; }
  const PlanPtr& filtered_input() const { return filtered_input_; }
  const std::vector<BoundExpression>& select_list() const { return select_list_; }
  const Scope& scope() const { return scope_; }
  bool simple_block() const { return simple_block_; }
  bool outer_in_output() const { return outer_in_output_; }
  // A correlated scalar subquery without aggregates as one aggregate call
  // over its rows: the first row by its ORDER BY (LIMIT 1), or its only row.
  BoundExpression row_value_as_aggregate(int location) const;

  // Adds a FROM item; inner joins' ON conditions wait in pending_on_.
  void add_from_item(const PgQuery__Node* item);
  // The enclosing query's columns that this block's FROM functions read
  // (through OuterValuesNode placeholders its decorrelation must bind).
  const std::vector<std::size_t>& outer_value_columns() const { return outer_value_columns_; }
  // Joins every relation added so far under `conjuncts` (over the scope).
  PlanPtr join_relations(std::vector<BoundExpression> conjuncts);

 private:
  struct Relation {
    PlanPtr plan;
    std::size_t offset = 0;
    std::size_t width = 0;
    double base_rows = 1;
  };

  void add_relation(PlanPtr plan, const std::vector<ScopeColumn>& columns, double rows);
  void add_range_var(const PgQuery__RangeVar& range);
  void add_range_function(const PgQuery__RangeFunction& range);
  // Adds a set-returning function's rows as a relation; returns the scope
  // position of its value column.
  std::size_t add_function_relation(TableFunctionCall call, bool with_ordinality, const std::string& alias,
                                    const PgQuery__Alias* column_aliases, int location);
  TableFunctionCall bind_function_call(const PgQuery__FuncCall& call, const std::string& name);
  void add_block(const QueryBlock& block, const std::string& alias, const PgQuery__Alias* column_aliases,
                 int location);
  void add_outer_join(const PgQuery__JoinExpr& join);
  void add_joined_relation(const PgQuery__JoinExpr& join, PlanPtr plan, const Scope& joined, std::size_t left_width,
                           const std::vector<std::pair<std::size_t, std::size_t>>& merged, double rows);
  QueryBlock plan_set_operation(const PgQuery__SelectStmt& select);
  QueryBlock combine_set_operation(QueryBlock left, QueryBlock right, const PgQuery__SelectStmt& select);
  QueryBlock plan_values(const PgQuery__SelectStmt& select);
  QueryBlock finish_output(QueryBlock block, const PgQuery__SelectStmt& select);
  PlanPtr build_input(std::vector<BoundExpression> conjuncts);
  void note_top_level_sublinks(const PgQuery__Node* where);
  std::size_t hidden_width() const;
  PlanPtr join_to_groups(PlanPtr groups, std::vector<Apply> applies, const std::vector<BoundExpression>& group_keys,
                         std::size_t input_width);

  PlanningContext context_;
  CommonTableScope own_common_tables_;
  Scope scope_;
  std::vector<Relation> relations_;
  std::vector<const PgQuery__Node*> pending_on_;
  std::vector<Apply> applies_;
  std::vector<std::pair<const PgQuery__SubLink*, SublinkPosition>> top_level_sublinks_;
  bool binding_where_ = false;
  std::vector<BoundExpression> correlated_;
  std::vector<std::size_t> outer_value_columns_;
  std::vector<BoundExpression> outer_value_matches_;  // conjuncts tying FROM functions' outer values to the outer row
  PlanPtr filtered_input_;
  std::vector<BoundExpression> select_list_;
  bool simple_block_ = true;  // no GROUP BY, HAVING, DISTINCT, LIMIT, set operation
  std::size_t hidden_base_ = 0;  // hidden columns of subqueries already joined into the input
  bool outer_in_output_ = false;  // the select list or ORDER BY reads the enclosing query
  bool plain_rows_ = false;   // no GROUP BY, aggregates, DISTINCT, set operation, VALUES
  std::vector<BoundExpression> row_projections_;  // select list and ORDER BY expressions, over the input
  std::vector<SortKey> row_order_;
  std::optional<std::int64_t> row_limit_;
  std::int64_t row_offset_ = 0;
};

BoundExpression QueryBlockPlanner::row_value_as_aggregate(int location) const {
  bool first = row_limit_ && *row_limit_ == 1 && row_offset_ == 0;
  bool single = !row_limit_ && row_offset_ == 0;
  if (!plain_rows_ || (!first && !single)) {
    not_supported("a correlated scalar subquery with grouping, DISTINCT, OFFSET or a LIMIT other than 1", location);
  }
  BoundExpression call;
  call.kind = ExprKind::kAggregate;
  call.aggregate = first ? AggregateKind::kFirstValue : AggregateKind::kSingleValue;
  call.type = select_list_[0].type;
  call.args.push_back(select_list_[0]);
  for (const auto& key : first ? row_order_ : std::vector<SortKey>{}) {
    call.args.push_back(row_projections_[key.output]);
    call.aggregate_order.push_back({key.descending, key.nulls_first});
  }
  return call;
}

std::size_t QueryBlockPlanner::hidden_width() const {
  std::size_t width = hidden_base_;
  for (const auto& apply : applies_) width += apply.added_types.size();
  return width;
}

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

void QueryBlockPlanner::add_block(const QueryBlock& block, const std::string& alias,
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
  add_relation(block.root, columns, block.root->estimated_rows);
}

void QueryBlockPlanner::add_range_var(const PgQuery__RangeVar& range) {
  std::string name = range.relname;
  std::string alias = range.alias != nullptr ? range.alias->aliasname : name;
  const PgQuery__Alias* column_aliases = range.alias;
  bool unqualified = range.schemaname == nullptr || *range.schemaname == '\0';
  if (unqualified && context_.common_tables != nullptr) {
    if (const auto* common = context_.common_tables->find(name)) {
      if (common->ctequery == nullptr || common->ctequery->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
        not_supported("WITH queries other than SELECT", common->location);
      }
      // A WITH query sees the WITH queries listed before it, not itself.
      CommonTableScope visible;
      const CommonTableScope* home = context_.common_tables;
      while (home != nullptr &&
             std::find(home->tables.begin(), home->tables.end(), common) == home->tables.end()) {
        home = home->parent;
      }
      visible.parent = home->parent;
      for (const auto* table : home->tables) {
        if (table == common) break;
        visible.tables.push_back(table);
      }
      PlanningContext inner{context_.world, &visible, context_.expanding_views};
      QueryBlock block = plan_query_block(*common->ctequery->select_stmt, inner);
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
  add_relation(make_node(std::move(scan), std::move(types)), columns, static_cast<double>(table->row_count()));
}

void QueryBlockPlanner::add_from_item(const PgQuery__Node* item) {
  check_stack_depth();
  switch (item->node_case) {
    case PG_QUERY__NODE__NODE_RANGE_VAR:
      add_range_var(*item->range_var);
      return;
    case PG_QUERY__NODE__NODE_RANGE_SUBSELECT: {
      const auto& subselect = *item->range_subselect;
      if (subselect.lateral) not_supported("LATERAL");
      if (subselect.alias == nullptr) {
        throw SqlError(sqlstate::kSyntaxError, "subquery in FROM must have an alias", {},
                       "For example, FROM (SELECT ...) [AS] foo.");
      }
      QueryBlock block = plan_query_block(*subselect.subquery->select_stmt, context_);
      add_block(block, subselect.alias->aliasname, subselect.alias, -1);
      return;
    }
    case PG_QUERY__NODE__NODE_RANGE_FUNCTION:
      add_range_function(*item->range_function);
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

std::size_t QueryBlockPlanner::add_function_relation(TableFunctionCall call, bool with_ordinality,
                                                     const std::string& alias, const PgQuery__Alias* column_aliases,
                                                     int location) {
  std::set<std::size_t> columns;
  std::vector<std::size_t> outer;
  for (const auto& arg : call.args) {
    collect_columns(arg, columns);
    collect_outer_columns(arg, outer);
  }
  auto cross_join = [](PlanPtr left, PlanPtr right, double rows) {
    JoinNode cross;
    cross.kind = JoinKind::kInner;
    cross.probe = left;
    cross.build = right;
    return make_node(std::move(cross), concat_types(left->types, right->types), rows);
  };

  // LATERAL: the relations from the first one the arguments read to the last
  // become the function's input (cross joined); their columns keep their
  // scope places and the function's follow them.
  PlanPtr input;
  std::size_t offset = scope_.columns.size();
  double rows = 1;
  if (!columns.empty()) {
    std::size_t first = 0;
    while (*columns.begin() >= relations_[first].offset + relations_[first].width) ++first;
    offset = relations_[first].offset;
    for (std::size_t r = first; r < relations_.size(); ++r) {
      rows *= relations_[r].base_rows;
      input = input ? cross_join(input, relations_[r].plan, rows) : relations_[r].plan;
    }
    relations_.resize(first);
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
    input = input ? cross_join(input, values, rows * 10) : values;
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
    arg = outer_to_columns(std::move(arg), outer, lateral_width);
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
  relation_columns.push_back({alias, named > 0 ? string_of(column_aliases->colnames[0]) : alias, call.type});
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

// An outer join is planned as one relation: each side on its own, the ON
// condition split into hash keys, filters pushed into the side they only
// read (for the nullable side), and the rest checked per matching pair.
void QueryBlockPlanner::add_outer_join(const PgQuery__JoinExpr& join) {
  QueryBlockPlanner left(context_, scope_.outer), right(context_, scope_.outer);
  left.add_from_item(join.larg);
  right.add_from_item(join.rarg);
  if (!left.outer_value_columns().empty() || !right.outer_value_columns().empty()) {
    not_supported("a function in FROM that reads the enclosing query inside an outer join");
  }
  PlanPtr left_plan = left.join_relations({});
  PlanPtr right_plan = right.join_relations({});
  Scope joined;
  joined.outer = scope_.outer;
  joined.columns = left.scope().columns;
  joined.columns.insert(joined.columns.end(), right.scope().columns.begin(), right.scope().columns.end());
  std::size_t left_width = left.scope().columns.size();
  std::size_t width = joined.columns.size();

  std::vector<BoundExpression> conjuncts;
  // USING / NATURAL: the column pairs the join merges, equal as join keys.
  std::vector<std::pair<std::size_t, std::size_t>> merged =
      merged_join_columns(join, left.scope().columns, right.scope().columns);
  for (const auto& [l, r] : merged) {
    // The join compares both columns: each needs SELECT, as in PostgreSQL.
    note_column_read(joined.columns[l].table_oid, joined.columns[l].column_number);
    note_column_read(joined.columns[left_width + r].table_oid, joined.columns[left_width + r].column_number);
    ExpressionBinder binder(joined);
    conjuncts.push_back(binder.bind_binary_operator("=", column_reference(l, joined.columns[l].type),
                                                    column_reference(left_width + r, joined.columns[left_width + r].type),
                                                    -1));
  }
  if (join.quals != nullptr) {
    ExpressionBinder binder(joined);
    BoundExpression on = coerce(binder.bind(join.quals), SqlType::of(TypeId::kBoolean), false);
    if (on.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of JOIN/ON must be type boolean");
    }
    if (on.contains(ExprKind::kOuterColumn)) not_supported("a correlated reference in JOIN/ON");
    conjuncts = split_conjuncts(std::move(on));
  }
  JoinKind kind = join.jointype == PG_QUERY__JOIN_TYPE__JOIN_FULL    ? JoinKind::kFull
                  : join.jointype == PG_QUERY__JOIN_TYPE__JOIN_INNER ? JoinKind::kInner
                                                                     : JoinKind::kLeft;
  bool swapped = join.jointype == PG_QUERY__JOIN_TYPE__JOIN_RIGHT;
  // Probe = the preserved side (left for LEFT, right for RIGHT).
  auto side_of = [&](const BoundExpression& expr) {
    std::set<std::size_t> columns;
    collect_columns(expr, columns);
    int sides = 0;
    for (std::size_t c : columns) sides |= c < left_width ? 1 : 2;
    return sides;
  };
  std::vector<BoundExpression> left_filters, right_filters, left_keys, right_keys, residual;
  for (auto& conjunct : conjuncts) {
    int sides = side_of(conjunct);
    if (conjunct.kind == ExprKind::kComparison && conjunct.comparison == ComparisonOp::kEqual) {
      int a = side_of(conjunct.args[0]), b = side_of(conjunct.args[1]);
      if ((a == 1 && b == 2) || (a == 2 && b == 1)) {
        left_keys.push_back(a == 1 ? conjunct.args[0] : conjunct.args[1]);
        right_keys.push_back(a == 1 ? conjunct.args[1] : conjunct.args[0]);
        continue;
      }
    }
    // A condition on the nullable side alone can filter that side first.
    if (kind == JoinKind::kLeft && !swapped && sides == 2) {
      right_filters.push_back(std::move(conjunct));
    } else if (kind == JoinKind::kLeft && swapped && sides == 1) {
      left_filters.push_back(std::move(conjunct));
    } else {
      residual.push_back(std::move(conjunct));
    }
  }
  auto local_right = [&](std::size_t c) { return c - left_width; };
  if (!right_filters.empty()) {
    std::vector<BoundExpression> local;
    for (auto& f : right_filters) local.push_back(remap_columns(std::move(f), local_right));
    auto types = right_plan->types;
    double rows = right_plan->estimated_rows * 0.5;
    right_plan = make_node(FilterNode{right_plan, conjunction(std::move(local))}, types, rows);
  }
  if (!left_filters.empty()) {
    auto types = left_plan->types;
    double rows = left_plan->estimated_rows * 0.5;
    left_plan = make_node(FilterNode{left_plan, conjunction(std::move(left_filters))}, types, rows);
  }
  for (auto& key : right_keys) key = remap_columns(std::move(key), local_right);

  JoinNode node;
  node.kind = kind;
  std::vector<SqlType> types;
  double rows = std::max(left_plan->estimated_rows, right_plan->estimated_rows);
  if (!swapped) {
    node.probe = left_plan;
    node.build = right_plan;
    node.probe_keys = std::move(left_keys);
    node.build_keys = std::move(right_keys);
    if (!residual.empty()) node.condition = conjunction(std::move(residual));
    types = concat_types(left_plan->types, right_plan->types);
    add_joined_relation(join, make_node(std::move(node), types, rows), joined, left_width, merged, rows);
    return;
  }
  // RIGHT JOIN: probe the right side, then put the columns back in order.
  std::size_t right_width = width - left_width;
  auto swap = [&](std::size_t c) { return c < left_width ? c + right_width : c - left_width; };
  node.probe = right_plan;
  node.build = left_plan;
  for (auto& key : right_keys) node.probe_keys.push_back(std::move(key));
  node.build_keys = std::move(left_keys);
  if (!residual.empty()) node.condition = remap_columns(conjunction(std::move(residual)), swap);
  auto swapped_types = concat_types(right_plan->types, left_plan->types);
  PlanPtr joined_plan = make_node(std::move(node), swapped_types, rows);
  std::vector<BoundExpression> reorder;
  for (std::size_t c = 0; c < width; ++c) reorder.push_back(column_reference(swap(c), joined.columns[c].type));
  types = types_of(reorder);
  add_joined_relation(join, make_node(ProjectNode{joined_plan, std::move(reorder)}, types, rows), joined, left_width,
                      merged, rows);
}

// A join's rows (left columns, then right columns) become one relation. USING
// and NATURAL put the merged columns first: the left side's value for INNER
// and LEFT, the right side's for RIGHT, COALESCE of both for FULL, as
// PostgreSQL does; each side's own copy stays reachable qualified. An alias on
// the join renames every column's table and hides the sides' copies.
void QueryBlockPlanner::add_joined_relation(const PgQuery__JoinExpr& join, PlanPtr plan, const Scope& joined,
                                            std::size_t left_width,
                                            const std::vector<std::pair<std::size_t, std::size_t>>& merged,
                                            double rows) {
  if (join.alias != nullptr && join.alias->n_colnames > 0) not_supported("column aliases on a join", -1);
  std::vector<BoundExpression> outputs;
  std::vector<ScopeColumn> columns;
  std::string using_alias = join.join_using_alias != nullptr ? join.join_using_alias->aliasname : "";
  std::string join_alias = join.alias != nullptr ? join.alias->aliasname : "";
  std::vector<bool> side_copy(joined.columns.size(), false);
  for (const auto& [l, r] : merged) {
    std::size_t right_column = left_width + r;
    side_copy[l] = side_copy[right_column] = true;
    BoundExpression a = column_reference(l, joined.columns[l].type);
    BoundExpression b = column_reference(right_column, joined.columns[right_column].type);
    SqlType type = a.type == b.type ? a.type : common_type({a, b}, "JOIN/USING");
    a = coerce(std::move(a), type, false);
    b = coerce(std::move(b), type, false);
    BoundExpression value;
    if (join.jointype == PG_QUERY__JOIN_TYPE__JOIN_FULL) {
      value.kind = ExprKind::kFunction;
      value.function = FunctionId::kCoalesce;
      value.type = type;
      value.args = {std::move(a), std::move(b)};
    } else {
      value = join.jointype == PG_QUERY__JOIN_TYPE__JOIN_RIGHT ? std::move(b) : std::move(a);
    }
    outputs.push_back(std::move(value));
    std::string table = !join_alias.empty() ? join_alias : using_alias;
    columns.push_back({table, joined.columns[l].name, type});
  }
  for (std::size_t c = 0; c < joined.columns.size(); ++c) {
    outputs.push_back(column_reference(c, joined.columns[c].type));
    ScopeColumn column = joined.columns[c];
    if (side_copy[c]) column.qualified_only = true;
    if (!join_alias.empty()) {
      if (column.qualified_only) {
        column.name.clear();
        column.table.clear();
      } else {
        column.table = join_alias;
      }
    }
    columns.push_back(std::move(column));
  }
  if (merged.empty()) {
    add_relation(std::move(plan), columns, rows);
    return;
  }
  std::vector<SqlType> types = types_of(outputs);
  add_relation(make_node(ProjectNode{std::move(plan), std::move(outputs)}, std::move(types), rows), columns, rows);
}

PlanPtr QueryBlockPlanner::join_relations(std::vector<BoundExpression> conjuncts) {
  for (const PgQuery__Node* on : pending_on_) {
    ExpressionBinder binder(scope_, this);
    BoundExpression bound = coerce(binder.bind(on), SqlType::of(TypeId::kBoolean), false);
    if (bound.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of JOIN/ON must be type boolean");
    }
    for (auto& part : split_conjuncts(std::move(bound))) conjuncts.push_back(std::move(part));
  }
  pending_on_.clear();
  std::vector<JoinInput> inputs;
  for (const auto& relation : relations_) {
    inputs.push_back({relation.plan, relation.offset, relation.width, relation.base_rows});
  }
  std::vector<SqlType> scope_types;
  for (const auto& column : scope_.columns) scope_types.push_back(column.type);
  return order_joins(std::move(inputs), scope_types, std::move(conjuncts));
}

void QueryBlockPlanner::note_top_level_sublinks(const PgQuery__Node* where) {
  check_stack_depth();
  if (where == nullptr) return;
  if (where->node_case == PG_QUERY__NODE__NODE_BOOL_EXPR) {
    const auto& bool_expr = *where->bool_expr;
    if (bool_expr.boolop == PG_QUERY__BOOL_EXPR_TYPE__AND_EXPR) {
      for (std::size_t i = 0; i < bool_expr.n_args; ++i) note_top_level_sublinks(bool_expr.args[i]);
    } else if (bool_expr.boolop == PG_QUERY__BOOL_EXPR_TYPE__NOT_EXPR && bool_expr.n_args == 1 &&
               bool_expr.args[0]->node_case == PG_QUERY__NODE__NODE_SUB_LINK) {
      top_level_sublinks_.push_back({bool_expr.args[0]->sub_link, SublinkPosition::kNegatedConjunct});
    }
    return;
  }
  if (where->node_case == PG_QUERY__NODE__NODE_SUB_LINK) {
    top_level_sublinks_.push_back({where->sub_link, SublinkPosition::kConjunct});
  }
}

BoundExpression QueryBlockPlanner::bind_sublink(const PgQuery__SubLink& sublink, const ExpressionBinder& binder) {
  if (sublink.subselect == nullptr || sublink.subselect->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
    not_supported("this subquery", sublink.location);
  }
  std::optional<SublinkPosition> position;
  if (binding_where_) {
    for (const auto& [link, where] : top_level_sublinks_) {
      if (link == &sublink) position = where;
    }
  }
  QueryBlockPlanner child(context_, &binder.scope());
  QueryBlock block = child.plan(*sublink.subselect->select_stmt);
  bool correlated = !child.correlated().empty() || child.outer_in_output();
  std::size_t probe_width = binder.scope().columns.size() + hidden_width();
  if (&binder.scope() != &scope_) not_supported("a subquery here", sublink.location);

  auto uncorrelated_plan = [&]() {
    auto plan = std::make_shared<SelectPlan>();
    prune_columns(*block.root, std::vector<bool>(block.root->types.size(), true));
    plan->root = block.root;
    plan->columns = block.columns;
    return plan;
  };

  bool array_sublink = sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ARRAY_SUBLINK;
  if (array_sublink && !correlated) {
    if (block.columns.size() != 1) {
      throw SqlError(sqlstate::kSyntaxError, "subquery must return only one column", {}, {}, sublink.location + 1);
    }
    // Run once: its rows' array text, the aggregate over all of them, then
    // the braces around it.
    Grouping grouping;
    BoundExpression value =
        over_groups(array_text_value(column_reference(0, block.columns[0].type)), child.scope(), grouping);
    prune_columns(*block.root, std::vector<bool>(block.root->types.size(), true));
    PlanPtr grouped = make_node(AggregateNode{block.root, {}, grouping.aggregates}, grouping_types(grouping), 1);
    auto plan = std::make_shared<SelectPlan>();
    plan->root = make_node(ProjectNode{grouped, {value}}, {value.type}, 1);
    plan->columns = {{"array", value.type}};
    BoundExpression out;
    out.kind = ExprKind::kSubquery;
    out.type = value.type;
    out.subquery = plan;
    return out;
  }
  if (sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__EXPR_SUBLINK || array_sublink) {
    if (block.columns.size() != 1) {
      throw SqlError(sqlstate::kSyntaxError, "subquery must return only one column", {}, {}, sublink.location + 1);
    }
    if (!correlated) {
      BoundExpression out;
      out.kind = ExprKind::kSubquery;
      out.type = block.columns[0].type;
      out.subquery = uncorrelated_plan();
      return out;
    }
    // A correlated scalar aggregate: group the subquery by its correlation
    // keys and left-join the groups; a missing group is NULL (count: 0).
    // A correlated ARRAY(subquery) is its rows' array text per outer row.
    BoundExpression value = child.select_list()[0];
    if (array_sublink) {
      if (value.contains_aggregate() || !child.simple_block()) {
        not_supported("an ARRAY subquery with aggregates, GROUP BY, DISTINCT or LIMIT", sublink.location);
      }
      value = array_text_value(value);
    } else if (!value.contains_aggregate()) {
      value = child.row_value_as_aggregate(sublink.location);
    } else if (!child.simple_block()) {
      not_supported("a correlated scalar subquery with GROUP BY, HAVING, DISTINCT or LIMIT", sublink.location);
    }
    Apply apply;
    apply.kind = JoinKind::kLeft;
    apply.probe_width = probe_width;
    Grouping grouping;
    // Equalities inner = outer only, and no outer reference inside an
    // aggregate: group the subquery by its inner keys (TPC-H Q2, Q17, Q20).
    bool by_keys = true;
    for (const auto& conjunct : child.correlated()) {
      bool equality = conjunct.kind == ExprKind::kComparison && conjunct.comparison == ComparisonOp::kEqual;
      bool keyed = false;
      for (int side = 0; equality && side < 2 && !keyed; ++side) {
        const auto& a = conjunct.args[side];
        const auto& b = conjunct.args[1 - side];
        keyed = !a.contains(ExprKind::kOuterColumn) && b.contains(ExprKind::kOuterColumn) &&
                !b.contains(ExprKind::kColumn);
      }
      by_keys = by_keys && keyed;
    }
    std::function<bool(const BoundExpression&)> outer_in_aggregate = [&](const BoundExpression& expr) {
      check_stack_depth();
      if (expr.kind == ExprKind::kAggregate) return expr.contains(ExprKind::kOuterColumn);
      return std::any_of(expr.args.begin(), expr.args.end(), outer_in_aggregate);
    };
    by_keys = by_keys && !outer_in_aggregate(value) && child.outer_value_columns().empty();
    BoundExpression grouped_input_value = value;
    if (by_keys) {
      for (const auto& conjunct : child.correlated()) {
        for (int side = 0; side < 2; ++side) {
          const auto& a = conjunct.args[side];
          const auto& b = conjunct.args[1 - side];
          if (!a.contains(ExprKind::kOuterColumn) && b.contains(ExprKind::kOuterColumn) &&
              !b.contains(ExprKind::kColumn)) {
            grouping.keys.push_back(a);
            apply.probe_keys.push_back(correlated_to_joined(b, 0));
            break;
          }
        }
      }
    } else {
      // Any correlation: join the subquery's rows with the distinct outer
      // values it reads, group by those values, and join back on them (NULL
      // matching NULL).
      std::vector<SqlType> scope_types;
      for (const auto& column : binder.scope().columns) scope_types.push_back(column.type);
      DecorrelatedInput input = decorrelate(child.filtered_input(), child.correlated(), {&value}, scope_types);
      for (std::size_t j = 0; j < input.outer_columns.size(); ++j) {
        grouping.keys.push_back(column_reference(input.inner_width + j, input.outer_types[j]));
        append_null_safe_key(column_reference(input.outer_columns[j], input.outer_types[j]), apply.probe_keys);
        apply.outer_values.push_back(column_reference(input.outer_columns[j], input.outer_types[j]));
      }
      grouped_input_value = outer_into_aggregates(value, input);
      Grouping inner_grouping = grouping;
      BoundExpression probe_value = over_groups(grouped_input_value, child.scope(), inner_grouping);
      (void)probe_value;
      std::vector<SqlType> types = grouping_types(inner_grouping);
      std::vector<BoundExpression> keys = inner_grouping.keys;
      std::vector<AggregateCall> aggregates = inner_grouping.aggregates;
      apply.make_build = [input, keys, aggregates, types](PlanPtr distinct_outer) {
        DecorrelatedInput bound = input;
        // FROM functions that read the outer row take their values from D too.
        bound.inner = bind_outer_values(input.inner, distinct_outer, input.outer_columns);
        PlanPtr joined = bound.join(std::move(distinct_outer));
        double rows = std::max(1.0, joined->estimated_rows * 0.1);
        return make_node(AggregateNode{joined, keys, aggregates}, types, rows);
      };
    }
    std::size_t key_count = grouping.keys.size();
    BoundExpression grouped_value = over_groups(grouped_input_value, child.scope(), grouping);
    std::vector<SqlType> group_types = grouping_types(grouping);
    double rows = std::max(1.0, child.filtered_input()->estimated_rows * 0.1);
    apply.added_types = group_types;
    if (by_keys) {
      apply.build = make_node(AggregateNode{child.filtered_input(), grouping.keys, grouping.aggregates}, group_types, rows);
      for (std::size_t k = 0; k < key_count; ++k) apply.build_keys.push_back(column_reference(k, group_types[k]));
    } else {
      for (std::size_t k = 0; k < key_count; ++k) append_null_safe_key(column_reference(k, group_types[k]), apply.build_keys);
    }
    // The value is computed on the joined row: group columns follow the probe
    // columns, outer references read the probe row. A missing group means the
    // subquery saw no rows: its counts are 0, its other aggregates NULL.
    std::vector<bool> is_count(group_types.size(), false);
    for (std::size_t a = 0; a < grouping.aggregates.size(); ++a) {
      AggregateKind kind = grouping.aggregates[a].kind;
      is_count[key_count + a] = kind == AggregateKind::kCount || kind == AggregateKind::kCountStar;
    }
    std::function<BoundExpression(BoundExpression)> on_joined_row = [&](BoundExpression expr) {
      check_stack_depth();
      if (expr.kind == ExprKind::kColumn) {
        bool count = is_count[expr.column];
        expr.column += probe_width;
        if (!count) return expr;
        BoundExpression zero = boolean_constant(false);
        zero.type = expr.type;
        BoundExpression coalesce;
        coalesce.kind = ExprKind::kFunction;
        coalesce.function = FunctionId::kCoalesce;
        coalesce.type = expr.type;
        coalesce.args = {std::move(expr), std::move(zero)};
        return coalesce;
      }
      if (expr.kind == ExprKind::kOuterColumn) {
        expr.kind = ExprKind::kColumn;
        return expr;
      }
      for (auto& arg : expr.args) arg = on_joined_row(std::move(arg));
      return expr;
    };
    applies_.push_back(std::move(apply));
    return on_joined_row(std::move(grouped_value));
  }

  bool exists = sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__EXISTS_SUBLINK;
  bool any = sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ANY_SUBLINK;
  bool all = sublink.sub_link_type == PG_QUERY__SUB_LINK_TYPE__ALL_SUBLINK;
  std::string op = sublink.n_oper_name > 0 ? string_of(sublink.oper_name[sublink.n_oper_name - 1]) : "=";
  if (!exists && !any && !all) not_supported("this kind of subquery", sublink.location);
  static const std::pair<const char*, const char*> kNegatedOperators[] = {
      {"=", "<>"}, {"<>", "="}, {"!=", "="}, {"<", ">="}, {"<=", ">"}, {">", "<="}, {">=", "<"}};
  // x op ALL (q) is NOT (x negated-op ANY (q)); x = ANY (q) is x IN (q).
  std::string any_op = op;
  if (all) {
    auto negation = std::find_if(std::begin(kNegatedOperators), std::end(kNegatedOperators),
                                 [&](const auto& pair) { return op == pair.first; });
    if (negation == std::end(kNegatedOperators)) not_supported("this operator with ALL", sublink.location);
    any_op = negation->second;
  }
  bool hashed = exists || any_op == "=";
  Apply apply;
  apply.probe_width = probe_width;
  apply.null_aware = !exists;
  bool negated = all;
  if (position == SublinkPosition::kNegatedConjunct) negated = !negated;
  bool direct = position.has_value();
  apply.kind = !direct ? JoinKind::kMark : negated ? JoinKind::kAnti : JoinKind::kSemi;

  // A correlated subquery other than a plain semi join (NOT IN, ALL, IN as a value).
  bool general = correlated && !exists && apply.kind != JoinKind::kSemi;
  std::optional<BoundExpression> general_compared;
  std::size_t build_width;
  if (!correlated) {
    apply.build = block.root;
    build_width = block.root->types.size();
  } else {
    if (!child.simple_block()) not_supported("a correlated subquery with grouping, DISTINCT or LIMIT", sublink.location);
    apply.build = child.filtered_input();
    build_width = child.scope().columns.size();
  }
  if (!exists) {
    if (block.columns.size() != 1) {
      throw SqlError(sqlstate::kSyntaxError, "subquery has too many columns", {}, {}, sublink.location + 1);
    }
    BoundExpression left = binder.bind(sublink.testexpr);
    BoundExpression right = correlated ? child.select_list()[0] : column_reference(0, block.columns[0].type);
    if (general || right.contains(ExprKind::kOuterColumn)) {
      // Correlated NOT IN, ALL and IN as a value: the comparison is a join
      // condition; NULL rules are spelled out below rather than left to the
      // join's null-aware mode, which sees the whole build side at once.
      BoundExpression compared =
          binder.bind_binary_operator(any_op, std::move(left), std::move(right), sublink.location);
      if (compared.type.id != TypeId::kBoolean) not_supported("this operator with ANY or ALL", sublink.location);
      compared.args[1] = correlated_to_joined(std::move(compared.args[1]), probe_width);
      if (general) {
        apply.null_aware = false;
        general_compared = std::move(compared);
      } else {
        apply.condition = std::move(compared);
      }
    } else if (hashed) {
      BoundExpression equal = binder.bind_binary_operator("=", std::move(left), std::move(right), sublink.location);
      apply.probe_keys.push_back(equal.args[0]);
      apply.build_keys.push_back(equal.args[1]);
    } else {
      // Other comparisons are checked pair by pair (a nested loop).
      BoundExpression compared =
          binder.bind_binary_operator(any_op, std::move(left), std::move(right), sublink.location);
      if (compared.type.id != TypeId::kBoolean) not_supported("this operator with ANY or ALL", sublink.location);
      // The subquery's column follows the probe columns in the joined row.
      compared.args[1] = correlated_to_joined(std::move(compared.args[1]), probe_width);
      apply.condition = std::move(compared);
    }
  }
  std::vector<BoundExpression> conditions;
  if (apply.condition) conditions.push_back(std::move(*apply.condition));
  apply.condition.reset();
  for (const auto& conjunct : child.correlated()) {
    bool placed = false;
    if (conjunct.kind == ExprKind::kComparison && conjunct.comparison == ComparisonOp::kEqual) {
      for (int side = 0; side < 2 && !placed; ++side) {
        const auto& a = conjunct.args[side];
        const auto& b = conjunct.args[1 - side];
        if (!a.contains(ExprKind::kOuterColumn) && b.contains(ExprKind::kOuterColumn) &&
            !b.contains(ExprKind::kColumn)) {
          apply.probe_keys.push_back(correlated_to_joined(b, 0));
          apply.build_keys.push_back(a);
          placed = true;
        }
      }
    }
    if (!placed) conditions.push_back(correlated_to_joined(conjunct, probe_width));
  }
  if (!child.outer_value_columns().empty()) {
    // The subquery's FROM functions read the outer row: its rows are made
    // from D, the distinct outer values, once the rows so far are known.
    std::vector<std::size_t> outer_columns = child.outer_value_columns();
    for (std::size_t c : outer_columns) {
      apply.outer_values.push_back(column_reference(c, binder.scope().columns[c].type));
    }
    apply.make_build = [build = apply.build, outer_columns](PlanPtr distinct_outer) {
      return bind_outer_values(build, distinct_outer, outer_columns);
    };
  }
  if (general_compared) {
    BoundExpression unknown;
    unknown.kind = ExprKind::kIsNull;
    unknown.type = SqlType::of(TypeId::kBoolean);
    unknown.args = {*general_compared};
    if (apply.kind == JoinKind::kAnti) {
      // NOT IN / ALL drops the row when some inner row compares true or unknown.
      BoundExpression not_false;
      not_false.kind = ExprKind::kOr;
      not_false.type = SqlType::of(TypeId::kBoolean);
      not_false.args = {std::move(*general_compared), std::move(unknown)};
      conditions.push_back(std::move(not_false));
    } else {
      // As a value: TRUE when some inner row compares true, else NULL when
      // some compares unknown, else FALSE; two mark joins answer both.
      Apply maybe = apply;
      maybe.build = clone_plan(apply.build);
      maybe.probe_width = probe_width + 1;
      auto shift = [&](std::size_t c) { return c >= probe_width ? c + 1 : c; };
      std::vector<BoundExpression> maybe_conditions;
      for (const auto& condition : conditions) maybe_conditions.push_back(remap_columns(condition, shift));
      maybe_conditions.push_back(remap_columns(std::move(unknown), shift));
      conditions.push_back(std::move(*general_compared));
      apply.condition = conjunction(std::move(conditions));
      apply.added_types = {SqlType::of(TypeId::kBoolean)};
      maybe.condition = conjunction(std::move(maybe_conditions));
      maybe.added_types = {SqlType::of(TypeId::kBoolean)};
      applies_.push_back(std::move(apply));
      applies_.push_back(std::move(maybe));
      BoundExpression null_boolean;
      null_boolean.kind = ExprKind::kConstant;
      null_boolean.type = SqlType::of(TypeId::kBoolean);
      BoundExpression answer;
      answer.kind = ExprKind::kCase;
      answer.type = SqlType::of(TypeId::kBoolean);
      answer.args = {column_reference(probe_width, SqlType::of(TypeId::kBoolean)), boolean_constant(true),
                     column_reference(probe_width + 1, SqlType::of(TypeId::kBoolean)), std::move(null_boolean),
                     boolean_constant(false)};
      if (!all) return answer;
      BoundExpression out;
      out.kind = ExprKind::kNot;
      out.type = SqlType::of(TypeId::kBoolean);
      out.args.push_back(std::move(answer));
      return out;
    }
  }
  if (!conditions.empty()) apply.condition = conjunction(std::move(conditions));
  (void)build_width;
  if (apply.kind == JoinKind::kMark) {
    apply.added_types = {SqlType::of(TypeId::kBoolean)};
    applies_.push_back(std::move(apply));
    BoundExpression mark = column_reference(probe_width, SqlType::of(TypeId::kBoolean));
    if (!all) return mark;
    BoundExpression out;
    out.kind = ExprKind::kNot;
    out.type = SqlType::of(TypeId::kBoolean);
    out.args.push_back(std::move(mark));
    return out;
  }
  applies_.push_back(std::move(apply));
  // The join does the filtering; the conjunct itself becomes TRUE (under NOT: NOT FALSE).
  return boolean_constant(position == SublinkPosition::kNegatedConjunct ? false : true);
}

PlanPtr QueryBlockPlanner::build_input(std::vector<BoundExpression> conjuncts) {
  std::vector<BoundExpression> local, after_applies;
  std::size_t scope_width = scope_.columns.size();
  for (auto& conjunct : conjuncts) {
    if (conjunct.contains(ExprKind::kOuterColumn)) {
      correlated_.push_back(std::move(conjunct));
      continue;
    }
    std::set<std::size_t> columns;
    collect_columns(conjunct, columns);
    bool hidden = !columns.empty() && *columns.rbegin() >= scope_width;
    (hidden ? after_applies : local).push_back(std::move(conjunct));
  }
  // Semi and anti joins that read one relation only filter it before the joins.
  std::vector<JoinInput> inputs;
  for (const auto& relation : relations_) {
    inputs.push_back({relation.plan, relation.offset, relation.width, relation.base_rows});
  }
  for (const PgQuery__Node* on : pending_on_) {
    ExpressionBinder binder(scope_, this);
    BoundExpression bound = coerce(binder.bind(on), SqlType::of(TypeId::kBoolean), false);
    if (bound.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of JOIN/ON must be type boolean");
    }
    for (auto& part : split_conjuncts(std::move(bound))) local.push_back(std::move(part));
  }
  pending_on_.clear();
  std::vector<Apply> remaining;
  for (auto& apply : applies_) {
    std::set<std::size_t> read;
    for (const auto& key : apply.probe_keys) collect_columns(key, read);
    if (apply.condition) {
      std::set<std::size_t> condition_columns;
      collect_columns(*apply.condition, condition_columns);
      for (std::size_t c : condition_columns) {
        if (c < apply.probe_width) read.insert(c);
      }
    }
    bool pushable = (apply.kind == JoinKind::kSemi || apply.kind == JoinKind::kAnti) && !apply.make_build &&
                    !read.empty() &&
                    *read.rbegin() < scope_width;
    std::optional<std::size_t> owner;
    if (pushable) {
      for (std::size_t r = 0; r < inputs.size(); ++r) {
        if (*read.begin() >= inputs[r].offset && *read.rbegin() < inputs[r].offset + inputs[r].width) owner = r;
      }
    }
    if (!owner) {
      remaining.push_back(std::move(apply));
      continue;
    }
    JoinInput& input = inputs[*owner];
    std::size_t offset = input.offset, width = input.width;
    auto to_local = [&](std::size_t c) { return c < apply.probe_width ? c - offset : c - apply.probe_width + width; };
    JoinNode join;
    join.kind = apply.kind;
    join.null_aware = apply.null_aware;
    join.probe = input.plan;
    join.build = apply.build;
    for (auto& key : apply.probe_keys) join.probe_keys.push_back(remap_columns(key, to_local));
    join.build_keys = apply.build_keys;
    if (apply.condition) join.condition = remap_columns(*apply.condition, to_local);
    auto types = input.plan->types;
    double rows = input.plan->estimated_rows * 0.5;
    input.plan = make_node(std::move(join), types, rows);
  }
  std::vector<SqlType> types;
  for (const auto& column : scope_.columns) types.push_back(column.type);
  PlanPtr plan = order_joins(std::move(inputs), types, std::move(local));
  for (auto& apply : remaining) {
    if (apply.make_build) {
      // D: the distinct outer values, from a copy of the rows so far.
      std::vector<SqlType> outer_types = types_of(apply.outer_values);
      double distinct_rows = std::max(1.0, plan->estimated_rows * 0.5);
      PlanPtr distinct_outer =
          make_node(AggregateNode{clone_plan(plan), apply.outer_values, {}}, outer_types, distinct_rows);
      apply.build = apply.make_build(std::move(distinct_outer));
    }
    JoinNode join;
    join.kind = apply.kind;
    join.null_aware = apply.null_aware;
    join.probe = plan;
    join.build = apply.build;
    join.probe_keys = std::move(apply.probe_keys);
    join.build_keys = std::move(apply.build_keys);
    join.condition = std::move(apply.condition);
    types = concat_types(types, apply.added_types);
    double rows = plan->estimated_rows;
    plan = make_node(std::move(join), types, rows);
  }
  if (!after_applies.empty()) {
    double rows = plan->estimated_rows * 0.5;
    plan = make_node(FilterNode{plan, conjunction(std::move(after_applies))}, types, rows);
  }
  return plan;
}

// HAVING's subqueries join the groups: what they read of the outer row must
// be a GROUP BY column (42803 otherwise, as in PostgreSQL), now read from the
// group row; columns after the input's are earlier HAVING subqueries'.
PlanPtr QueryBlockPlanner::join_to_groups(PlanPtr groups, std::vector<Apply> applies,
                                          const std::vector<BoundExpression>& group_keys, std::size_t input_width) {
  std::size_t group_width = groups->types.size();
  std::size_t scope_width = scope_.columns.size();
  PlanPtr node = std::move(groups);
  for (auto& apply : applies) {
    std::size_t old_probe_width = apply.probe_width;
    std::size_t new_probe_width = node->types.size();
    auto remap = [&](std::size_t c) -> std::size_t {
      if (c >= old_probe_width) return c - old_probe_width + new_probe_width;
      if (c >= input_width) return group_width + (c - input_width);
      for (std::size_t k = 0; k < group_keys.size(); ++k) {
        if (group_keys[k].kind == ExprKind::kColumn && group_keys[k].column == c) return k;
      }
      if (c >= scope_width) not_supported("this subquery in HAVING");
      throw SqlError("42803", "subquery uses ungrouped column \"" + scope_.columns[c].table + "." +
                                  scope_.columns[c].name + "\" from outer query");
    };
    bool reads_aggregate = apply.condition && apply.condition->contains_aggregate();
    for (const auto& key : apply.probe_keys) reads_aggregate = reads_aggregate || key.contains_aggregate();
    if (reads_aggregate) not_supported("an aggregate compared with a subquery's rows in HAVING");
    JoinNode join;
    join.kind = apply.kind;
    join.null_aware = apply.null_aware;
    for (auto& key : apply.probe_keys) join.probe_keys.push_back(remap_columns(std::move(key), remap));
    join.build_keys = std::move(apply.build_keys);
    if (apply.condition) join.condition = remap_columns(std::move(*apply.condition), remap);
    if (apply.make_build) {
      std::vector<BoundExpression> outer_values;
      for (auto& value : apply.outer_values) outer_values.push_back(remap_columns(std::move(value), remap));
      std::vector<SqlType> outer_types = types_of(outer_values);
      double distinct_rows = std::max(1.0, node->estimated_rows * 0.5);
      apply.build = apply.make_build(
          make_node(AggregateNode{clone_plan(node), std::move(outer_values), {}}, outer_types, distinct_rows));
    }
    join.probe = node;
    join.build = apply.build;
    std::vector<SqlType> types = concat_types(node->types, apply.added_types);
    double rows = node->estimated_rows;
    node = make_node(std::move(join), std::move(types), rows);
  }
  return node;
}

QueryBlock QueryBlockPlanner::plan(const PgQuery__SelectStmt& select) {
  if (select.with_clause != nullptr) {
    if (select.with_clause->recursive) not_supported("WITH RECURSIVE", select.with_clause->location);
    own_common_tables_.parent = context_.common_tables;
    for (std::size_t i = 0; i < select.with_clause->n_ctes; ++i) {
      own_common_tables_.tables.push_back(select.with_clause->ctes[i]->common_table_expr);
    }
    context_.common_tables = &own_common_tables_;
  }
  if (select.op != PG_QUERY__SET_OPERATION__SETOP_NONE) {
    simple_block_ = false;
    return finish_output(plan_set_operation(select), select);
  }
  if (select.n_values_lists > 0) {
    simple_block_ = false;
    return finish_output(plan_values(select), select);
  }
  if (select.n_window_clause > 0) not_supported("window functions");
  if (select.into_clause != nullptr) not_supported("SELECT INTO");

  for (std::size_t i = 0; i < select.n_from_clause; ++i) add_from_item(select.from_clause[i]);
  // SELECT generate_series(1, 3) without FROM: the function's rows, as FROM would give them.
  std::optional<std::pair<std::size_t, std::size_t>> set_returning_target;  // target, scope column
  for (std::size_t i = 0; i < select.n_target_list; ++i) {
    const PgQuery__Node* value = select.target_list[i]->res_target->val;
    if (value == nullptr || value->node_case != PG_QUERY__NODE__NODE_FUNC_CALL) continue;
    const auto& call = *value->func_call;
    std::string name = string_of(call.funcname[call.n_funcname - 1]);
    if (!is_table_function(name)) continue;
    if (select.n_from_clause > 0 || set_returning_target) {
      not_supported("set-returning function " + name + " in a select list with FROM or beside another one",
                    call.location);
    }
    std::size_t column = add_function_relation(bind_function_call(call, name), false, name, nullptr, call.location);
    scope_.columns[column].qualified_only = true;  // not reachable by name, as in PostgreSQL
    scope_.columns[column].table.clear();
    set_returning_target = {{i, column}};
  }

  ExpressionBinder binder(scope_, this);
  std::vector<BoundExpression> conjuncts;
  if (select.where_clause != nullptr) {
    note_top_level_sublinks(select.where_clause);
    binding_where_ = true;
    BoundExpression filter = coerce(binder.bind(select.where_clause), SqlType::of(TypeId::kBoolean), false);
    binding_where_ = false;
    if (filter.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of WHERE must be type boolean");
    }
    if (filter.contains_aggregate()) throw SqlError("42803", "aggregate functions are not allowed in WHERE");
    conjuncts = split_conjuncts(std::move(filter));
  }
  for (const auto& match : outer_value_matches_) conjuncts.push_back(match);

  // The select list: its expressions (then hidden ORDER BY keys), over the input rows.
  std::vector<BoundExpression> projections;
  std::vector<OutputColumn> columns;
  for (std::size_t i = 0; i < select.n_target_list; ++i) {
    const auto& target = *select.target_list[i]->res_target;
    const PgQuery__Node* value = target.val;
    if (value->node_case == PG_QUERY__NODE__NODE_COLUMN_REF) {
      const auto& ref = *value->column_ref;
      if (ref.fields[ref.n_fields - 1]->node_case == PG_QUERY__NODE__NODE_A_STAR) {
        std::string table = ref.n_fields > 1 ? string_of(ref.fields[ref.n_fields - 2]) : "";
        if (scope_.columns.empty() && table.empty()) {
          throw SqlError(sqlstate::kSyntaxError, "SELECT * with no tables specified is not valid", {}, {},
                         ref.location + 1);
        }
        bool any = false;
        for (std::size_t c = 0; c < scope_.columns.size(); ++c) {
          const ScopeColumn& column = scope_.columns[c];
          if (table.empty() ? column.qualified_only : column.table != table) continue;
          any = true;
          note_column_read(column.table_oid, column.column_number);
          projections.push_back(column_reference(c, column.type));
          columns.push_back({column.name, column.type, column.table_oid, column.column_number});
        }
        if (!any) {
          throw SqlError(sqlstate::kUndefinedTable, "missing FROM-clause entry for table \"" + table + "\"", {}, {},
                         ref.location + 1);
        }
        continue;
      }
    }
    BoundExpression bound = set_returning_target && set_returning_target->first == i
                                ? column_reference(set_returning_target->second,
                                                   scope_.columns[set_returning_target->second].type)
                                : binder.bind(value);
    bool unknown = bound.unknown_literal;
    bound = resolve_unknown(std::move(bound), SqlType::of(TypeId::kText));
    OutputColumn column{target.name != nullptr && *target.name ? target.name : default_column_name(value), bound.type};
    column.unknown_literal = unknown;
    if (bound.kind == ExprKind::kColumn && bound.column < scope_.columns.size()) {
      column.table_oid = scope_.columns[bound.column].table_oid;
      column.column_number = scope_.columns[bound.column].column_number;
    }
    projections.push_back(std::move(bound));
    columns.push_back(column);
  }
  std::size_t visible = projections.size();
  bool distinct = select.n_distinct_clause > 0;
  if (distinct && !(select.n_distinct_clause == 1 &&
                    select.distinct_clause[0]->node_case == PG_QUERY__NODE__NODE__NOT_SET)) {
    not_supported("DISTINCT ON");
  }

  // ORDER BY an output position, an output name, or any expression over the input.
  std::vector<SortKey> sort_keys;
  for (std::size_t i = 0; i < select.n_sort_clause; ++i) {
    const auto& sort = *select.sort_clause[i]->sort_by;
    SortKey key;
    key.descending = sort.sortby_dir == PG_QUERY__SORT_BY_DIR__SORTBY_DESC;
    key.nulls_first = sort.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_DEFAULT
                          ? key.descending
                          : sort.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_FIRST;
    const PgQuery__Node* node = sort.node;
    std::optional<std::size_t> position;
    if (node->node_case == PG_QUERY__NODE__NODE_A_CONST && node->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
      std::int64_t number = node->a_const->ival->ival;
      if (number < 1 || number > static_cast<std::int64_t>(visible)) {
        throw SqlError("42P10", "ORDER BY position " + std::to_string(number) + " is not in select list", {}, {},
                       sort.location + 1);
      }
      position = static_cast<std::size_t>(number - 1);
    } else if (node->node_case == PG_QUERY__NODE__NODE_COLUMN_REF && node->column_ref->n_fields == 1 &&
               node->column_ref->fields[0]->node_case == PG_QUERY__NODE__NODE_STRING) {
      std::string name = string_of(node->column_ref->fields[0]);
      for (std::size_t c = 0; c < visible; ++c) {
        if (columns[c].name != name) continue;
        if (position && !same_expression(projections[*position], projections[c])) {
          throw SqlError("42702", "ORDER BY \"" + name + "\" is ambiguous", {}, {}, sort.location + 1);
        }
        if (!position) position = c;
      }
    }
    if (!position) {
      BoundExpression bound = resolve_unknown(binder.bind(node), SqlType::of(TypeId::kText));
      for (std::size_t c = 0; c < projections.size() && !position; ++c) {
        if (same_expression(projections[c], bound)) position = c;
      }
      if (!position) {
        if (distinct) {
          throw SqlError("42P10", "for SELECT DISTINCT, ORDER BY expressions must appear in select list", {}, {},
                         sort.location + 1);
        }
        position = projections.size();
        projections.push_back(std::move(bound));
      }
    }
    key.output = *position;
    sort_keys.push_back(key);
  }

  std::size_t hidden_before_input = hidden_width();
  PlanPtr input = build_input(std::move(conjuncts));
  // The input has joined every subquery so far; HAVING's join to the groups.
  applies_.clear();
  hidden_base_ = hidden_before_input;
  filtered_input_ = input;
  select_list_.assign(projections.begin(), projections.begin() + visible);
  row_projections_ = projections;
  row_order_ = sort_keys;
  Scope input_scope = scope_;  // hidden columns have no names
  for (std::size_t c = scope_.columns.size(); c < input->types.size(); ++c) {
    input_scope.columns.push_back({"", "?column?", input->types[c]});
  }

  bool has_aggregates = select.having_clause != nullptr;
  for (const auto& projection : projections) has_aggregates = has_aggregates || projection.contains_aggregate();
  plain_rows_ = select.n_group_clause == 0 && !has_aggregates && !distinct;
  PlanPtr node = input;
  if (select.n_group_clause > 0 || has_aggregates) {
    simple_block_ = simple_block_ && select.n_group_clause == 0 && select.having_clause == nullptr;
    Grouping grouping;
    for (std::size_t i = 0; i < select.n_group_clause; ++i) {
      const PgQuery__Node* item = select.group_clause[i];
      BoundExpression key;
      if (item->node_case == PG_QUERY__NODE__NODE_A_CONST && item->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
        std::int64_t number = item->a_const->ival->ival;
        if (number < 1 || number > static_cast<std::int64_t>(visible)) {
          throw SqlError("42P10", "GROUP BY position " + std::to_string(number) + " is not in select list");
        }
        key = projections[number - 1];
      } else {
        try {
          key = binder.bind(item);
        } catch (const SqlError& error) {
          // GROUP BY may name an output column when no input column has that name.
          bool bare_name = item->node_case == PG_QUERY__NODE__NODE_COLUMN_REF && item->column_ref->n_fields == 1;
          if (error.sqlstate() != sqlstate::kUndefinedColumn || !bare_name) throw;
          std::string name = string_of(item->column_ref->fields[0]);
          auto output = std::find_if(columns.begin(), columns.end(),
                                     [&](const OutputColumn& c) { return c.name == name; });
          if (output == columns.end()) throw;
          key = projections[output - columns.begin()];
        }
      }
      if (key.contains_aggregate()) throw SqlError("42803", "aggregate functions are not allowed in GROUP BY");
      key = resolve_unknown(std::move(key), SqlType::of(TypeId::kText));
      bool duplicate = std::any_of(grouping.keys.begin(), grouping.keys.end(),
                                   [&](const BoundExpression& k) { return same_expression(k, key); });
      if (!duplicate) grouping.keys.push_back(std::move(key));
    }
    for (auto& projection : projections) projection = over_groups(projection, input_scope, grouping);
    std::optional<BoundExpression> having;
    std::vector<Apply> having_applies;
    if (!applies_.empty()) not_supported("IN, EXISTS or a correlated subquery in GROUP BY");
    if (select.having_clause != nullptr) {
      BoundExpression bound = coerce(binder.bind(select.having_clause), SqlType::of(TypeId::kBoolean), false);
      if (bound.type.id != TypeId::kBoolean) {
        throw SqlError(sqlstate::kDatatypeMismatch, "argument of HAVING must be type boolean");
      }
      having_applies.swap(applies_);
      // Columns the HAVING subqueries add are not group columns: park them
      // as markers while the expression is rewritten over the groups.
      std::function<BoundExpression(BoundExpression)> park = [&](BoundExpression expr) {
        check_stack_depth();
        if (expr.kind == ExprKind::kColumn && expr.column >= input->types.size()) {
          expr.kind = ExprKind::kOuterColumn;
          expr.column = kParkedColumn + (expr.column - input->types.size());
          return expr;
        }
        for (auto& arg : expr.args) arg = park(std::move(arg));
        return expr;
      };
      if (!having_applies.empty()) bound = park(std::move(bound));
      having = over_groups(bound, input_scope, grouping);
    }
    std::vector<SqlType> group_types = grouping_types(grouping);
    std::vector<BoundExpression> group_keys = grouping.keys;
    double rows = grouping.keys.empty() ? 1 : std::max(1.0, input->estimated_rows * 0.1);
    node = make_node(AggregateNode{input, std::move(grouping.keys), std::move(grouping.aggregates)}, group_types, rows);
    if (!having_applies.empty()) node = join_to_groups(node, std::move(having_applies), group_keys, input->types.size());
    if (having) {
      std::size_t group_width = group_types.size();
      std::function<BoundExpression(BoundExpression)> unpark = [&](BoundExpression expr) {
        check_stack_depth();
        if (expr.kind == ExprKind::kOuterColumn && expr.column >= kParkedColumn) {
          expr.kind = ExprKind::kColumn;
          expr.column = group_width + (expr.column - kParkedColumn);
          return expr;
        }
        for (auto& arg : expr.args) arg = unpark(std::move(arg));
        return expr;
      };
      auto types = node->types;
      node = make_node(FilterNode{node, unpark(std::move(*having))}, types, rows * 0.5);
    }
  }
  std::vector<SqlType> projected_types = types_of(projections);
  node = make_node(ProjectNode{node, projections}, projected_types, node->estimated_rows);
  if (distinct) {
    simple_block_ = false;
    std::vector<BoundExpression> keys;
    for (std::size_t c = 0; c < projected_types.size(); ++c) keys.push_back(column_reference(c, projected_types[c]));
    node = make_node(AggregateNode{node, std::move(keys), {}}, projected_types, node->estimated_rows * 0.5);
  }
  SortNode sort;
  sort.keys = std::move(sort_keys);
  if (select.limit_count != nullptr) {
    std::int64_t limit = constant_count(select.limit_count, "LIMIT");
    if (limit >= 0) sort.limit = limit;
  }
  if (select.limit_offset != nullptr) sort.offset = std::max<std::int64_t>(0, constant_count(select.limit_offset, "OFFSET"));
  if (sort.limit || sort.offset > 0) simple_block_ = false;
  row_limit_ = sort.limit;
  row_offset_ = sort.offset;
  if (!sort.keys.empty() || sort.limit || sort.offset > 0) {
    sort.input = node;
    double rows = sort.limit ? std::min<double>(node->estimated_rows, static_cast<double>(*sort.limit)) : node->estimated_rows;
    node = make_node(std::move(sort), projected_types, rows);
    limit_in_key_order(*node);
  }
  if (projections.size() > visible) {
    std::vector<BoundExpression> shown;
    for (std::size_t c = 0; c < visible; ++c) shown.push_back(column_reference(c, projected_types[c]));
    std::vector<SqlType> shown_types = types_of(shown);
    node = make_node(ProjectNode{node, std::move(shown)}, shown_types, node->estimated_rows);
  }
  // Only a subquery's own planner reads such a block (through its input and
  // select list, never its root).
  for (const auto& projection : projections) {
    if (projection.contains(ExprKind::kOuterColumn)) outer_in_output_ = true;
  }
  return {node, columns};
}

QueryBlock QueryBlockPlanner::plan_values(const PgQuery__SelectStmt& select) {
  Scope empty;
  ExpressionBinder binder(empty);
  std::vector<std::vector<BoundExpression>> rows;
  std::size_t width = 0;
  for (std::size_t r = 0; r < select.n_values_lists; ++r) {
    const auto& list = *select.values_lists[r]->list;
    if (r > 0 && list.n_items != width) {
      throw SqlError(sqlstate::kSyntaxError, "VALUES lists must all be the same length");
    }
    width = list.n_items;
    std::vector<BoundExpression> row;
    for (std::size_t i = 0; i < list.n_items; ++i) row.push_back(binder.bind(list.items[i]));
    rows.push_back(std::move(row));
  }
  std::vector<SqlType> types;
  QueryBlock block;
  for (std::size_t c = 0; c < width; ++c) {
    std::vector<BoundExpression> column;
    for (const auto& row : rows) column.push_back(row[c]);
    bool same = std::all_of(column.begin(), column.end(), [&](const BoundExpression& e) {
      return !e.unknown_literal && e.type == column[0].type;
    });
    SqlType type = same ? column[0].type : common_type(column, "VALUES");
    for (auto& row : rows) row[c] = coerce(resolve_unknown(std::move(row[c]), type), type, false);
    types.push_back(type);
    block.columns.push_back({"column" + std::to_string(c + 1), type});
  }
  double count = static_cast<double>(rows.size());
  block.root = make_node(ValuesNode{std::move(rows)}, types, count);
  return block;
}

// A set operation whose left input is one too, with nothing of its own
// around it (WITH, ORDER BY, LIMIT): `a UNION ALL b UNION ALL c` nests so.
bool bare_set_operation(const PgQuery__SelectStmt& select) {
  return select.op != PG_QUERY__SET_OPERATION__SETOP_NONE && select.with_clause == nullptr &&
         select.n_sort_clause == 0 && select.limit_count == nullptr && select.limit_offset == nullptr &&
         select.n_locking_clause == 0 && select.into_clause == nullptr;
}

QueryBlock QueryBlockPlanner::plan_set_operation(const PgQuery__SelectStmt& select) {
  // A chain of set operations (thousands of UNION ALL) is planned in a loop
  // from its innermost left input, not by recursing once per operation.
  std::vector<const PgQuery__SelectStmt*> chain{&select};
  while (bare_set_operation(*chain.back()->larg)) chain.push_back(chain.back()->larg);
  QueryBlock left = plan_query_block(*chain.back()->larg, context_);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    left = combine_set_operation(std::move(left), plan_query_block(*(*it)->rarg, context_), **it);
  }
  return left;
}

QueryBlock QueryBlockPlanner::combine_set_operation(QueryBlock left, QueryBlock right,
                                                    const PgQuery__SelectStmt& select) {
  const char* name = select.op == PG_QUERY__SET_OPERATION__SETOP_UNION       ? "UNION"
                     : select.op == PG_QUERY__SET_OPERATION__SETOP_INTERSECT ? "INTERSECT"
                                                                             : "EXCEPT";
  if (left.columns.size() != right.columns.size()) {
    throw SqlError(sqlstate::kSyntaxError, std::string("each ") + name + " query must have the same number of columns");
  }
  std::vector<BoundExpression> left_cast, right_cast;
  std::vector<SqlType> types;
  for (std::size_t c = 0; c < left.columns.size(); ++c) {
    BoundExpression a = column_reference(c, left.columns[c].type), b = column_reference(c, right.columns[c].type);
    bool left_unknown = left.columns[c].unknown_literal, right_unknown = right.columns[c].unknown_literal;
    SqlType type = a.type == b.type   ? a.type
                   : left_unknown     ? b.type
                   : right_unknown    ? a.type
                                      : common_type({a, b}, name);
    // A literal column takes the other side's type as its input would.
    left_cast.push_back(coerce(a, type, left_unknown));
    right_cast.push_back(coerce(b, type, right_unknown));
    types.push_back(type);
  }
  auto adjust = [&](QueryBlock& side, std::vector<BoundExpression>& casts) {
    bool identity = true;
    for (const auto& cast : casts) identity = identity && cast.kind == ExprKind::kColumn;
    if (identity) return side.root;
    return make_node(ProjectNode{side.root, casts}, types, side.root->estimated_rows);
  };
  SetOperationNode node;
  node.left = adjust(left, left_cast);
  node.right = adjust(right, right_cast);
  node.all = select.all;
  node.operation = select.op == PG_QUERY__SET_OPERATION__SETOP_UNION       ? SetOperation::kUnion
                   : select.op == PG_QUERY__SET_OPERATION__SETOP_INTERSECT ? SetOperation::kIntersect
                                                                           : SetOperation::kExcept;
  double rows = node.left->estimated_rows + node.right->estimated_rows;
  QueryBlock block;
  block.root = make_node(std::move(node), types, rows);
  for (std::size_t c = 0; c < types.size(); ++c) {
    block.columns.push_back({left.columns[c].name, types[c]});
    block.columns.back().unknown_literal = left.columns[c].unknown_literal && right.columns[c].unknown_literal;
  }
  return block;
}

// ORDER BY (output names and positions only) and LIMIT/OFFSET over a set
// operation's or VALUES' rows.
QueryBlock QueryBlockPlanner::finish_output(QueryBlock block, const PgQuery__SelectStmt& select) {
  SortNode sort;
  for (std::size_t i = 0; i < select.n_sort_clause; ++i) {
    const auto& sort_by = *select.sort_clause[i]->sort_by;
    SortKey key;
    key.descending = sort_by.sortby_dir == PG_QUERY__SORT_BY_DIR__SORTBY_DESC;
    key.nulls_first = sort_by.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_DEFAULT
                          ? key.descending
                          : sort_by.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_FIRST;
    const PgQuery__Node* node = sort_by.node;
    std::optional<std::size_t> position;
    if (node->node_case == PG_QUERY__NODE__NODE_A_CONST && node->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
      std::int64_t number = node->a_const->ival->ival;
      if (number < 1 || number > static_cast<std::int64_t>(block.columns.size())) {
        throw SqlError("42P10", "ORDER BY position " + std::to_string(number) + " is not in select list", {}, {},
                       sort_by.location + 1);
      }
      position = static_cast<std::size_t>(number - 1);
    } else if (node->node_case == PG_QUERY__NODE__NODE_COLUMN_REF && node->column_ref->n_fields == 1) {
      std::string name = string_of(node->column_ref->fields[0]);
      for (std::size_t c = 0; c < block.columns.size() && !position; ++c) {
        if (block.columns[c].name == name) position = c;
      }
      if (!position) {
        throw SqlError(sqlstate::kUndefinedColumn, "column \"" + name + "\" does not exist", {}, {},
                       sort_by.location + 1);
      }
    } else {
      not_supported("ORDER BY an expression over UNION, INTERSECT, EXCEPT or VALUES", sort_by.location);
    }
    key.output = *position;
    sort.keys.push_back(key);
  }
  if (select.limit_count != nullptr) {
    std::int64_t limit = constant_count(select.limit_count, "LIMIT");
    if (limit >= 0) sort.limit = limit;
  }
  if (select.limit_offset != nullptr) sort.offset = std::max<std::int64_t>(0, constant_count(select.limit_offset, "OFFSET"));
  if (sort.keys.empty() && !sort.limit && sort.offset == 0) return block;
  auto types = block.root->types;
  double rows = block.root->estimated_rows;
  sort.input = block.root;
  block.root = make_node(std::move(sort), types, rows);
  return block;
}

PlanPtr QueryBlockPlanner::plan_dml_rows(PlannedRelation relation, std::span<PgQuery__Node* const> from_items,
                                         const PgQuery__Node* where, const BindOutputs& bind_outputs) {
  double relation_rows = relation.plan->estimated_rows;
  add_relation(std::move(relation.plan), relation.columns, relation_rows);
  for (const PgQuery__Node* item : from_items) add_from_item(item);
  ExpressionBinder binder(scope_, this);
  std::vector<BoundExpression> conjuncts;
  if (where != nullptr) {
    note_top_level_sublinks(where);
    binding_where_ = true;
    BoundExpression filter = coerce(binder.bind(where), SqlType::of(TypeId::kBoolean), false);
    binding_where_ = false;
    if (filter.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of WHERE must be type boolean");
    }
    if (filter.contains_aggregate()) throw SqlError("42803", "aggregate functions are not allowed in WHERE");
    conjuncts = split_conjuncts(std::move(filter));
  }
  std::vector<BoundExpression> outputs = bind_outputs(binder);
  PlanPtr input = build_input(std::move(conjuncts));
  std::vector<SqlType> types = types_of(outputs);
  double rows = input->estimated_rows;
  return make_node(ProjectNode{std::move(input), std::move(outputs)}, std::move(types), rows);
}

BoundExpression QueryBlockPlanner::bind_standalone(const PgQuery__Node* node) {
  ExpressionBinder binder(scope_, this);
  BoundExpression bound = binder.bind(node);
  // EXISTS and IN outside WHERE become joins, which need rows to join to.
  if (!applies_.empty()) not_supported("EXISTS or IN subqueries here");
  return bound;
}

}  // namespace

PlanPtr plan_dml_rows(const PlanningContext& context, PlannedRelation relation,
                      std::span<PgQuery__Node* const> from_items, const PgQuery__Node* where,
                      const BindOutputs& bind_outputs) {
  QueryBlockPlanner planner(context, nullptr);
  return planner.plan_dml_rows(std::move(relation), from_items, where, bind_outputs);
}

BoundExpression bind_standalone_expression(const PgQuery__Node* node, const PlanningContext& context) {
  QueryBlockPlanner planner(context, nullptr);
  return planner.bind_standalone(node);
}

QueryBlock plan_query_block(const PgQuery__SelectStmt& select, const PlanningContext& context, const Scope* outer) {
  check_stack_depth();
  catalog::PlanningWorld catalog_world(context.world);
  QueryBlockPlanner planner(context, outer);
  return planner.plan(select);
}

SelectPlan plan_select_statement(const PgQuery__SelectStmt& select, const storage::World& world) {
  PlanningContext context{world};
  QueryBlock block = plan_query_block(select, context);
  prune_columns(*block.root, std::vector<bool>(block.root->types.size(), true));
  return {block.root, block.columns};
}

}  // namespace ptreedb::planner
