// Grouping: GROUP BY keys, aggregate calls, HAVING and the subqueries in it.
#include "planner/query_block_planner.h"

#include <algorithm>
#include <functional>
#include <set>

#include "planner/catalog/catalog_functions.h"
#include "planner/catalog/catalog_oids.h"
#include "planner/catalog/system_relation_plan.h"
#include "planner/carried_group_keys.h"
#include "planner/conjuncts.h"
#include "planner/correlated_subquery.h"
#include "planner/functions/function_binding.h"
#include "planner/grouping_sets.h"
#include "planner/join_order.h"
#include "planner/key_order_limit.h"
#include "planner/parameters.h"
#include "planner/parse/parse_sql.h"
#include "planner/privileges.h"
#include "planner/table_function.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner::block_planning {

namespace {

BoundExpression int4_constant(std::int32_t value) {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = SqlType::of(TypeId::kInteger);
  out.constant.is_null = false;
  out.constant.int_value = value;
  return out;
}

bool is_implicit_row(const PgQuery__Node* node) {
  return node->node_case == PG_QUERY__NODE__NODE_ROW_EXPR &&
         node->row_expr->row_format == PG_QUERY__COERCION_FORM__COERCE_IMPLICIT_CAST;
}

}  // namespace

BoundExpression over_groups(const BoundExpression& expr, const Scope& scope, Grouping& grouping) {
  check_stack_depth();
  for (std::size_t i = 0; i < grouping.keys.size(); ++i) {
    if (same_expression(expr, grouping.keys[i])) return column_reference(i, expr.type);
  }
  if (expr.kind == ExprKind::kGrouping) {
    std::vector<std::size_t> positions;
    for (const auto& arg : expr.args) {
      auto key = std::find_if(grouping.keys.begin(), grouping.keys.end(),
                              [&](const BoundExpression& k) { return same_expression(arg, k); });
      if (key == grouping.keys.end()) {
        throw SqlError("42803", "arguments to GROUPING must be grouping expressions of the associated query level");
      }
      positions.push_back(key - grouping.keys.begin());
    }
    // One grouping set groups by every key: no bit is ever set.
    if (grouping.sets.empty()) return int4_constant(0);
    auto call = std::find(grouping.grouping_calls.begin(), grouping.grouping_calls.end(), positions);
    std::size_t index = call - grouping.grouping_calls.begin();
    if (call == grouping.grouping_calls.end()) grouping.grouping_calls.push_back(std::move(positions));
    return column_reference(kGroupingColumn + index, expr.type);
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

void reject_aggregates(const BoundExpression& expr, const char* where) {
  if (expr.contains(ExprKind::kGrouping)) {
    throw SqlError("42803", std::string("grouping operations are not allowed in ") + where);
  }
  if (expr.contains_aggregate()) throw SqlError("42803", std::string("aggregate functions are not allowed in ") + where);
}

std::vector<SqlType> grouping_types(const Grouping& grouping) {
  std::vector<SqlType> types = types_of(grouping.keys);
  for (const auto& call : grouping.aggregates) types.push_back(call.type);
  for (std::size_t i = 0; i < grouping.grouping_calls.size(); ++i) types.push_back(SqlType::of(TypeId::kInteger));
  return types;
}

BoundExpression finish_grouping_columns(BoundExpression expr, const Grouping& grouping) {
  check_stack_depth();
  if (expr.kind == ExprKind::kColumn && expr.column >= kGroupingColumn) {
    expr.column = grouping.keys.size() + grouping.aggregates.size() + (expr.column - kGroupingColumn);
    return expr;
  }
  for (auto& arg : expr.args) arg = finish_grouping_columns(std::move(arg), grouping);
  return expr;
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

// GROUP BY, aggregates and HAVING over the input rows: the groups (filtered
// by HAVING), with `projections` rewritten over the group rows.
PlanPtr QueryBlockPlanner::plan_grouping(const PgQuery__SelectStmt& select, const PlanPtr& input,
                                         const Scope& input_scope, const ExpressionBinder& binder,
                                         std::vector<BoundExpression>& projections,
                                         const std::vector<OutputColumn>& columns, std::size_t visible) {
  simple_block_ = simple_block_ && select.n_group_clause == 0 && select.having_clause == nullptr;
  Grouping grouping;
  // As in PostgreSQL, a key is a select-list entry (the one named by
  // position or output name, else the first equal one) or an expression
  // outside the list: `select g as a, g as b ... group by a, rollup(b)` has
  // two keys, b NULL where only a is grouped.
  constexpr std::size_t kNoEntry = static_cast<std::size_t>(-1);
  std::vector<std::size_t> key_entries;  // per key
  // A GROUP BY item's expression as a position among the distinct keys.
  auto bind_key = [&](const PgQuery__Node* item) -> std::size_t {
    BoundExpression key;
    std::size_t entry = kNoEntry;
    if (item->node_case == PG_QUERY__NODE__NODE_A_CONST && item->a_const->val_case == PG_QUERY__A__CONST__VAL_IVAL) {
      std::int64_t number = item->a_const->ival->ival;
      if (number < 1 || number > static_cast<std::int64_t>(visible)) {
        throw SqlError("42P10", "GROUP BY position " + std::to_string(number) + " is not in select list");
      }
      key = projections[number - 1];
      entry = number - 1;
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
        entry = output - columns.begin();
      }
    }
    if (key.contains(ExprKind::kGrouping)) throw SqlError("42803", "grouping operations are not allowed in GROUP BY");
    if (key.contains_aggregate()) throw SqlError("42803", "aggregate functions are not allowed in GROUP BY");
    reject_window_calls(key, "GROUP BY");
    key = resolve_unknown(std::move(key), SqlType::of(TypeId::kText));
    if (entry == kNoEntry) {
      for (std::size_t p = 0; p < visible && entry == kNoEntry; ++p) {
        if (same_expression(projections[p], key)) entry = p;
      }
    }
    for (std::size_t k = 0; k < grouping.keys.size(); ++k) {
      bool same = entry != kNoEntry ? key_entries[k] == entry
                                    : key_entries[k] == kNoEntry && same_expression(grouping.keys[k], key);
      if (same) return k;
    }
    grouping.keys.push_back(std::move(key));
    key_entries.push_back(entry);
    return grouping.keys.size() - 1;
  };
  // An item inside GROUPING SETS, ROLLUP or CUBE; (a, b) there is one set.
  std::function<GroupingElement(const PgQuery__Node*)> element_of = [&](const PgQuery__Node* item) {
    check_stack_depth();
    GroupingElement element;
    if (is_implicit_row(item)) {
      for (std::size_t i = 0; i < item->row_expr->n_args; ++i) element.keys.push_back(bind_key(item->row_expr->args[i]));
      return element;
    }
    if (item->node_case != PG_QUERY__NODE__NODE_GROUPING_SET) {
      element.keys.push_back(bind_key(item));
      return element;
    }
    const PgQuery__GroupingSet& set = *item->grouping_set;
    switch (set.kind) {
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_EMPTY: element.kind = GroupingElement::Kind::kEmpty; break;
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_ROLLUP: element.kind = GroupingElement::Kind::kRollup; break;
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_CUBE: element.kind = GroupingElement::Kind::kCube; break;
      case PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_SETS: element.kind = GroupingElement::Kind::kSets; break;
      default: not_supported("this kind of grouping set", set.location);
    }
    for (std::size_t i = 0; i < set.n_content; ++i) element.content.push_back(element_of(set.content[i]));
    return element;
  };
  std::vector<GroupingElement> elements;
  bool has_grouping_sets = false;
  for (std::size_t i = 0; i < select.n_group_clause; ++i) {
    const PgQuery__Node* item = select.group_clause[i];
    if (item->node_case == PG_QUERY__NODE__NODE_GROUPING_SET) {
      has_grouping_sets = true;
      // At the top, () adds nothing to the product (GROUP BY () alone is one empty set).
      if (item->grouping_set->kind != PG_QUERY__GROUPING_SET_KIND__GROUPING_SET_EMPTY) elements.push_back(element_of(item));
    } else if (is_implicit_row(item)) {
      // GROUP BY (a, b) is GROUP BY a, b.
      for (std::size_t k = 0; k < item->row_expr->n_args; ++k) {
        elements.push_back(GroupingElement{GroupingElement::Kind::kSimple, {bind_key(item->row_expr->args[k])}, {}});
      }
    } else {
      elements.push_back(GroupingElement{GroupingElement::Kind::kSimple, {bind_key(item)}, {}});
    }
  }
  if (has_grouping_sets) {
    GroupingSets sets = expand_grouping_sets(elements, select.group_distinct);
    // One set grouping by every key is a plain GROUP BY.
    if (sets.size() > 1 || sets[0].size() != grouping.keys.size()) grouping.sets = std::move(sets);
  }
  if (grouping.sets.empty() && !grouping.keys.empty() && catalog::PlanningWorld::current() != nullptr) {
    // Columns a grouped primary key determines may be selected ungrouped, as
    // in PostgreSQL: each becomes a key (carried, not hashed) before the
    // select list is rewritten over the groups.
    GroupedPrimaryKeys primary_keys(grouping.keys, input_scope, *catalog::PlanningWorld::current());
    std::function<void(const BoundExpression&)> add_determined = [&](const BoundExpression& expr) {
      check_stack_depth();
      if (expr.kind == ExprKind::kAggregate || expr.kind == ExprKind::kSubquery) return;
      if (expr.kind == ExprKind::kColumn) {
        bool grouped = std::any_of(grouping.keys.begin(), grouping.keys.end(),
                                   [&](const BoundExpression& key) { return same_expression(key, expr); });
        if (!grouped && primary_keys.determines(expr.column)) {
          grouping.keys.push_back(column_reference(expr.column, expr.type));
          key_entries.push_back(kNoEntry);
        }
        return;
      }
      for (const auto& arg : expr.args) add_determined(arg);
    };
    for (std::size_t p = 0; p < projections.size(); ++p) {
      if (std::find(key_entries.begin(), key_entries.end(), p) == key_entries.end()) add_determined(projections[p]);
    }
  }
  for (std::size_t p = 0; p < projections.size(); ++p) {
    auto entry_key = std::find(key_entries.begin(), key_entries.end(), p);
    projections[p] = entry_key != key_entries.end()
                         ? column_reference(entry_key - key_entries.begin(), grouping.keys[entry_key - key_entries.begin()].type)
                         : over_groups(projections[p], input_scope, grouping);
  }
  std::optional<BoundExpression> having;
  std::vector<Apply> having_applies;
  if (!applies_.empty()) not_supported("IN, EXISTS or a correlated subquery in GROUP BY");
  if (select.having_clause != nullptr) {
    BoundExpression bound = coerce(binder.bind(select.having_clause), SqlType::of(TypeId::kBoolean), false);
    if (bound.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch, "argument of HAVING must be type boolean");
    }
    reject_window_calls(bound, "HAVING");
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
  if (!grouping.grouping_calls.empty()) {
    for (auto& projection : projections) projection = finish_grouping_columns(std::move(projection), grouping);
    if (having) having = finish_grouping_columns(std::move(*having), grouping);
  }
  std::vector<SqlType> group_types = grouping_types(grouping);
  std::vector<BoundExpression> group_keys = grouping.keys;
  double rows = 0;
  for (const auto& set : grouping.sets) rows += set.empty() ? 1 : std::max(1.0, input->estimated_rows * 0.1);
  if (grouping.sets.empty()) rows = grouping.keys.empty() ? 1 : std::max(1.0, input->estimated_rows * 0.1);
  if (!grouping.sets.empty()) {
    for (const auto& call : grouping.aggregates) {
      if (call.kind >= AggregateKind::kApproxCount) not_supported("approximate aggregates with grouping sets");
    }
  }
  AggregateNode aggregate{input, std::move(grouping.keys), std::move(grouping.aggregates)};
  if (grouping.sets.empty() && catalog::PlanningWorld::current() != nullptr) {
    aggregate.carried_keys = carried_group_keys(aggregate.keys, input_scope, *catalog::PlanningWorld::current());
  }
  aggregate.grouping_sets = std::move(grouping.sets);
  aggregate.grouping_calls = std::move(grouping.grouping_calls);
  PlanPtr node = make_node(std::move(aggregate), group_types, rows);
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
  return node;
}

}  // namespace ptreedb::planner::block_planning
