// One query block: FROM items joined, WHERE, the select list, ORDER BY,
// DISTINCT and LIMIT (planner/query_block_planner.h lists the other concerns).
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
#include "planner/sort_direction.h"
#include "planner/table_function.h"
#include "planner/window_binder.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner::block_planning {

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

void not_supported(const std::string& what, int location) {
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

void read_limit_clause(const PgQuery__SelectStmt& select, SortNode& sort) {
  if (select.limit_count != nullptr) {
    std::int64_t limit = constant_count(select.limit_count, "LIMIT");
    if (limit >= 0) sort.limit = limit;
    sort.with_ties = select.limit_option == PG_QUERY__LIMIT_OPTION__LIMIT_OPTION_WITH_TIES;
    if (sort.with_ties && limit < 0) {
      throw SqlError("2201W", "row count cannot be null in FETCH FIRST ... WITH TIES clause");
    }
  }
  if (select.limit_offset != nullptr) sort.offset = std::max<std::int64_t>(0, constant_count(select.limit_offset, "OFFSET"));
}

std::size_t QueryBlockPlanner::hidden_width() const {
  std::size_t width = hidden_base_;
  for (const auto& apply : applies_) width += apply.added_types.size();
  return width;
}

PlanPtr QueryBlockPlanner::build_input(std::vector<BoundExpression> conjuncts) {
  // An inner join's ON conditions join the WHERE's conjuncts: a subquery in
  // them becomes a semi join or leaves a test of a column it adds, as there.
  for (const PgQuery__Node* on : pending_on_) {
    ExpressionBinder binder(scope_, this);
    BoundExpression bound = coerce(binder.bind(on), SqlType::of(TypeId::kBoolean), false);
    if (bound.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of JOIN/ON must be type boolean");
    }
    reject_window_calls(bound, "JOIN conditions");
    reject_aggregates(bound, "JOIN conditions");
    for (auto& part : split_conjuncts(std::move(bound))) conjuncts.push_back(std::move(part));
  }
  pending_on_.clear();
  std::vector<BoundExpression> local, after_applies;
  std::size_t scope_width = scope_.columns.size();
  for (auto& conjunct : conjuncts) {
    // What a WHERE-level EXISTS or IN leaves behind once it became a join.
    bool negated_false = conjunct.kind == ExprKind::kNot && conjunct.args.size() == 1 &&
                         conjunct.args[0].kind == ExprKind::kConstant && conjunct.args[0].type.id == TypeId::kBoolean &&
                         !conjunct.args[0].constant.is_null && conjunct.args[0].constant.int_value == 0;
    if (is_true_constant(conjunct) || negated_false) continue;
    if (conjunct.contains(ExprKind::kOuterColumn) && !outer_is_parameters()) {
      correlated_.push_back(std::move(conjunct));
      continue;
    }
    std::set<std::size_t> columns;
    collect_columns(conjunct, columns);
    bool hidden = !columns.empty() && *columns.rbegin() >= scope_width;
    (hidden ? after_applies : local).push_back(std::move(conjunct));
  }
  std::vector<JoinInput> inputs;
  for (const auto& relation : relations_) {
    inputs.push_back({relation.plan, relation.offset, relation.width, relation.base_rows});
  }
  // Semi and anti joins that read one relation only are placed by the join
  // order (over that relation's filtered scan or over the joined rows); the
  // others follow the joins.
  std::vector<Apply> remaining;
  std::vector<SemiJoinStep> semi_joins;
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
    bool one_relation = false;
    if (pushable) {
      for (const auto& input : inputs) {
        if (*read.begin() >= input.offset && *read.rbegin() < input.offset + input.width) one_relation = true;
      }
    }
    if (!one_relation) {
      remaining.push_back(std::move(apply));
      continue;
    }
    semi_joins.push_back({apply.kind, apply.null_aware, apply.build, std::move(apply.probe_keys),
                          std::move(apply.build_keys), std::move(apply.condition), apply.probe_width});
  }
  std::vector<SqlType> types;
  for (const auto& column : scope_.columns) types.push_back(column.type);
  PlanPtr plan = order_joins(std::move(inputs), types, std::move(local), std::move(semi_joins));
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

QueryBlock QueryBlockPlanner::plan(const PgQuery__SelectStmt& select) {
  if (select.with_clause != nullptr) {
    own_common_tables_.parent = context_.common_tables;
    enter_with_clause(*select.with_clause, own_common_tables_);
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
  if (select.into_clause != nullptr) not_supported("SELECT INTO");

  for (std::size_t i = 0; i < select.n_from_clause; ++i) add_from_item(select.from_clause[i]);
  // SELECT generate_series(1, 3) without FROM: the function's rows, as FROM
  // would give them; with FROM, one such function is a lateral FROM item after
  // the others (each input row repeated for each of its values, dropped when
  // it has none), as PostgreSQL's ProjectSet gives them.
  std::optional<std::pair<std::size_t, std::size_t>> set_returning_target;  // target, scope column
  for (std::size_t i = 0; i < select.n_target_list; ++i) {
    const PgQuery__Node* value = select.target_list[i]->res_target->val;
    if (value == nullptr || value->node_case != PG_QUERY__NODE__NODE_FUNC_CALL) continue;
    const auto& call = *value->func_call;
    std::string name = string_of(call.funcname[call.n_funcname - 1]);
    if (!is_table_function(name)) continue;
    if (set_returning_target) {
      not_supported("set-returning function " + name + " beside another one in a select list", call.location);
    }
    if (select.n_from_clause > 0 && (select.n_group_clause > 0 || select.having_clause != nullptr ||
                                     select.n_distinct_clause > 0 || select.n_window_clause > 0)) {
      not_supported("set-returning function " + name + " in a select list with GROUP BY, HAVING, DISTINCT or WINDOW",
                    call.location);
    }
    std::size_t column = add_function_relation(bind_function_call(call, name), false, name, nullptr, call.location);
    scope_.columns[column].qualified_only = true;  // not reachable by name, as in PostgreSQL
    scope_.columns[column].table.clear();
    set_returning_target = {{i, column}};
  }

  ExpressionBinder binder(scope_, this);
  WindowClause windows;
  for (std::size_t i = 0; i < select.n_window_clause; ++i) {
    windows.definitions.push_back(select.window_clause[i]->window_def);
  }
  binder.set_window_clause(&windows);
  check_window_clause(binder, windows);
  std::vector<BoundExpression> conjuncts;
  if (select.where_clause != nullptr) {
    note_top_level_sublinks(select.where_clause);
    binding_where_ = true;
    BoundExpression filter = coerce(binder.bind(select.where_clause), SqlType::of(TypeId::kBoolean), false);
    binding_where_ = false;
    if (filter.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of WHERE must be type boolean");
    }
    if (filter.contains(ExprKind::kGrouping)) throw SqlError("42803", "grouping operations are not allowed in WHERE");
    if (filter.contains_aggregate()) throw SqlError("42803", "aggregate functions are not allowed in WHERE");
    reject_window_calls(filter, "WHERE");
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
  if (set_returning_target && select.n_from_clause > 0) {
    for (const BoundExpression& projection : projections) {
      if (projection.contains_aggregate() || projection.contains(ExprKind::kWindow)) {
        not_supported("a set-returning function in a select list with aggregates or window functions");
      }
    }
  }
  // DISTINCT, or DISTINCT ON (expressions) (the parse tree lists those).
  const bool distinct_on = select.n_distinct_clause > 0 &&
                           !(select.n_distinct_clause == 1 &&
                             select.distinct_clause[0]->node_case == PG_QUERY__NODE__NODE__NOT_SET);
  const bool distinct = select.n_distinct_clause > 0 && !distinct_on;

  // An ORDER BY or DISTINCT ON item: an output position, an output name, or
  // any expression over the input (added as a hidden output when new).
  auto output_position = [&](const PgQuery__Node* node, int location, const char* clause) {
    std::optional<std::size_t> position;
    if (node->node_case == PG_QUERY__NODE__NODE_A_CONST && node->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
      std::int64_t number = node->a_const->ival->ival;
      if (number < 1 || number > static_cast<std::int64_t>(visible)) {
        throw SqlError("42P10", std::string(clause) + " position " + std::to_string(number) + " is not in select list",
                       {}, {}, location + 1);
      }
      return static_cast<std::size_t>(number - 1);
    }
    if (node->node_case == PG_QUERY__NODE__NODE_COLUMN_REF && node->column_ref->n_fields == 1 &&
        node->column_ref->fields[0]->node_case == PG_QUERY__NODE__NODE_STRING) {
      std::string name = string_of(node->column_ref->fields[0]);
      for (std::size_t c = 0; c < visible; ++c) {
        if (columns[c].name != name) continue;
        if (position && !same_expression(projections[*position], projections[c])) {
          throw SqlError("42702", std::string(clause) + " \"" + name + "\" is ambiguous", {}, {}, location + 1);
        }
        if (!position) position = c;
      }
      if (position) return *position;
    }
    BoundExpression bound = resolve_unknown(binder.bind(node), SqlType::of(TypeId::kText));
    for (std::size_t c = 0; c < projections.size(); ++c) {
      if (same_expression(projections[c], bound)) return c;
    }
    if (distinct) {
      throw SqlError("42P10", "for SELECT DISTINCT, ORDER BY expressions must appear in select list", {}, {},
                     location + 1);
    }
    projections.push_back(std::move(bound));
    return projections.size() - 1;
  };

  // ORDER BY an output position, an output name, or any expression over the input.
  std::vector<SortKey> sort_keys;
  for (std::size_t i = 0; i < select.n_sort_clause; ++i) {
    const auto& sort = *select.sort_clause[i]->sort_by;
    SortKey key;
    key.descending = sort_is_descending(sort);
    key.nulls_first = sort.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_DEFAULT
                          ? key.descending
                          : sort.sortby_nulls == PG_QUERY__SORT_BY_NULLS__SORTBY_NULLS_FIRST;
    key.output = output_position(sort.node, sort.location, "ORDER BY");
    sort_keys.push_back(key);
  }

  // DISTINCT ON: the first row of each group of equal values in the ORDER
  // BY's order, as row_number() OVER (PARTITION BY the values ORDER BY the
  // ORDER BY's keys) = 1 (the filter follows the select list).
  std::optional<std::size_t> first_of_group;
  if (distinct_on) {
    std::vector<std::size_t> on;
    for (std::size_t i = 0; i < select.n_distinct_clause; ++i) {
      const PgQuery__Node* item = select.distinct_clause[i];
      std::size_t position = output_position(item, -1, "DISTINCT ON");
      if (std::find(on.begin(), on.end(), position) == on.end()) on.push_back(position);
    }
    // The ORDER BY must start with the DISTINCT ON values (in any order).
    std::size_t covered = 0;
    for (std::size_t i = 0; i < sort_keys.size() && covered < on.size(); ++i) {
      if (std::find(on.begin(), on.end(), sort_keys[i].output) == on.end()) {
        throw SqlError("42P10", "SELECT DISTINCT ON expressions must match initial ORDER BY expressions");
      }
      bool seen_before = false;
      for (std::size_t j = 0; j < i; ++j) seen_before = seen_before || sort_keys[j].output == sort_keys[i].output;
      if (!seen_before) ++covered;
    }
    auto shape = std::make_shared<WindowShape>();
    shape->function = WindowFunction::kRowNumber;
    shape->name = "row_number";
    shape->partition_count = on.size();
    BoundExpression first;
    first.kind = ExprKind::kWindow;
    first.type = SqlType::of(TypeId::kBigint);
    for (std::size_t position : on) first.args.push_back(projections[position]);
    for (const SortKey& key : sort_keys) {
      first.args.push_back(projections[key.output]);
      shape->order.push_back({key.descending, key.nulls_first});
    }
    first.window = std::move(shape);
    first_of_group = projections.size();
    projections.push_back(std::move(first));
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
  bool has_windows = false;
  for (const auto& projection : projections) {
    has_aggregates = has_aggregates || projection.contains_aggregate();
    has_windows = has_windows || projection.contains(ExprKind::kWindow);
  }
  if (reads_work_table_) {
    for (const auto& projection : projections) {
      if (projection.contains_aggregate()) {
        throw SqlError("42P19", "aggregate functions are not allowed in a recursive query's recursive term");
      }
    }
  }
  plain_rows_ = select.n_group_clause == 0 && !has_aggregates && !distinct && !has_windows;
  if (has_windows) simple_block_ = false;
  has_windows_ = has_windows;
  PlanPtr node = input;
  if (select.n_group_clause > 0 || has_aggregates) {
    node = plan_grouping(select, input, input_scope, binder, projections, columns, visible);
  }
  if (has_windows) node = plan_windows(node, projections);
  std::vector<SqlType> projected_types = types_of(projections);
  // As PostgreSQL does, a volatile select-list item that reads no column and
  // is no sort key is evaluated after ORDER BY and LIMIT: nextval numbers
  // the rows in their output order, and only the rows returned draw one.
  std::vector<std::optional<BoundExpression>> postponed(visible);
  std::vector<BoundExpression> sorted_projections = projections;
  const bool orders_or_limits = select.n_sort_clause > 0 || select.limit_count != nullptr || select.limit_offset != nullptr;
  bool any_postponed = false;
  if (orders_or_limits && plain_rows_ && !first_of_group) {
    for (std::size_t c = 0; c < visible; ++c) {
      const BoundExpression& item = projections[c];
      const bool sort_key = std::any_of(sort_keys.begin(), sort_keys.end(), [&](const SortKey& key) { return key.output == c; });
      if (sort_key || !contains_volatile_call(item) || item.contains(ExprKind::kColumn) ||
          item.contains(ExprKind::kOuterColumn) || item.contains(ExprKind::kSubquery)) {
        continue;
      }
      postponed[c] = item;
      BoundExpression stand_in;  // a NULL until then
      stand_in.kind = ExprKind::kConstant;
      stand_in.type = item.type;
      stand_in.constant.is_null = true;
      sorted_projections[c] = std::move(stand_in);
      any_postponed = true;
    }
  }
  node = make_node(ProjectNode{node, sorted_projections}, projected_types, node->estimated_rows);
  if (first_of_group) {
    BoundExpression one;
    one.kind = ExprKind::kConstant;
    one.type = SqlType::of(TypeId::kBigint);
    one.constant.is_null = false;
    one.constant.int_value = 1;
    BoundExpression first = binder.bind_binary_operator(
        "=", column_reference(*first_of_group, projected_types[*first_of_group]), std::move(one), -1);
    node = make_node(FilterNode{node, std::move(first)}, projected_types, node->estimated_rows * 0.5);
  }
  if (distinct) {
    simple_block_ = false;
    std::vector<BoundExpression> keys;
    for (std::size_t c = 0; c < projected_types.size(); ++c) keys.push_back(column_reference(c, projected_types[c]));
    node = make_node(AggregateNode{node, std::move(keys), {}}, projected_types, node->estimated_rows * 0.5);
  }
  SortNode sort;
  sort.keys = std::move(sort_keys);
  read_limit_clause(select, sort);
  if (sort.limit || sort.offset > 0) simple_block_ = false;
  row_limit_ = sort.with_ties ? std::nullopt : sort.limit;
  row_offset_ = sort.offset;
  // The rows OFFSET skips draw their postponed items too (PostgreSQL's Limit
  // reads them through the Result that evaluates them): the sort keeps
  // limit + offset rows, and a Limit above the projection skips.
  std::optional<SortNode> skip_after;
  if (any_postponed && sort.offset > 0 && !sort.with_ties) {
    skip_after.emplace();
    skip_after->limit = sort.limit;
    skip_after->offset = sort.offset;
    if (sort.limit) sort.limit = *sort.limit > INT64_MAX - sort.offset ? INT64_MAX : *sort.limit + sort.offset;
    sort.offset = 0;
  }
  if (!sort.keys.empty() || sort.limit || sort.offset > 0) {
    sort.input = node;
    double rows = sort.limit ? std::min<double>(node->estimated_rows, static_cast<double>(*sort.limit)) : node->estimated_rows;
    node = make_node(std::move(sort), projected_types, rows);
    limit_in_key_order(*node);
  }
  if (projections.size() > visible || any_postponed) {
    std::vector<BoundExpression> shown;
    for (std::size_t c = 0; c < visible; ++c) {
      shown.push_back(postponed[c] ? std::move(*postponed[c]) : column_reference(c, projected_types[c]));
    }
    std::vector<SqlType> shown_types = types_of(shown);
    node = make_node(ProjectNode{node, std::move(shown)}, shown_types, node->estimated_rows);
  }
  if (skip_after) {
    skip_after->input = node;
    const double rows = node->estimated_rows;
    std::vector<SqlType> types = node->types;
    node = make_node(std::move(*skip_after), std::move(types), rows);
  }
  // Only a subquery's own planner reads such a block (through its input and
  // select list, never its root).
  for (const auto& projection : projections) {
    if (projection.contains(ExprKind::kOuterColumn)) outer_in_output_ = true;
  }
  return {node, columns};
}

PlanPtr QueryBlockPlanner::plan_dml_rows(PlannedRelation relation, std::span<PgQuery__Node* const> from_items,
                                         const PgQuery__Node* where, const BindOutputs& bind_outputs) {
  double relation_rows = relation.plan->estimated_rows;
  add_relation(std::move(relation.plan), relation.columns, relation_rows);
  dml_target_width_ = relation.columns.size();
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
    if (filter.contains(ExprKind::kGrouping)) throw SqlError("42803", "grouping operations are not allowed in WHERE");
    if (filter.contains_aggregate()) throw SqlError("42803", "aggregate functions are not allowed in WHERE");
    reject_window_calls(filter, "WHERE");
    conjuncts = split_conjuncts(std::move(filter));
  }
  std::vector<BoundExpression> outputs = bind_outputs(binder);
  for (const auto& output : outputs) reject_window_calls(output, "this statement");
  PlanPtr input = build_input(std::move(conjuncts));
  std::vector<SqlType> types = types_of(outputs);
  double rows = input->estimated_rows;
  return make_node(ProjectNode{std::move(input), std::move(outputs)}, std::move(types), rows);
}

BoundExpression QueryBlockPlanner::bind_standalone(const PgQuery__Node* node) {
  ExpressionBinder binder(scope_, this);
  BoundExpression bound = binder.bind(node);
  reject_window_calls(bound, "this expression");
  // EXISTS and IN outside WHERE become joins, which need rows to join to.
  if (!applies_.empty()) not_supported("EXISTS or IN subqueries here");
  return bound;
}

BoundExpression QueryBlockPlanner::bind_standalone(const PgQuery__Node* node, const Scope& scope) {
  scope_ = scope;
  ExpressionBinder binder(scope_, this);
  BoundExpression bound = binder.bind(node);
  reject_window_calls(bound, "this expression");
  // Subqueries reading the scope's columns, and EXISTS or IN, become joins to the scope's rows.
  if (!applies_.empty()) not_supported("subqueries reading the row, and EXISTS or IN subqueries, here");
  return bound;
}

}  // namespace ptreedb::planner::block_planning
