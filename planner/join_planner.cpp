// Joins written in FROM: outer joins as one relation each, USING and NATURAL
// with their merged columns, and the greedy join of the block's relations.
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

namespace {

// An outer join hashes its preserved side when the nullable side is
// estimated at more than this many times its rows (TPC-H Q13: 150,000
// customers hashed, 1.5M orders streamed, instead of the other way).
constexpr double kHashPreservedSide = 2.0;

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

}  // namespace

BoundExpression bind_outer_join_condition(const PgQuery__Node* quals, const Scope& joined) {
  ExpressionBinder binder(joined);
  BoundExpression on = coerce(binder.bind(quals), SqlType::of(TypeId::kBoolean), false);
  if (on.type.id != TypeId::kBoolean) {
    throw SqlError(sqlstate::kDatatypeMismatch, "argument of JOIN/ON must be type boolean");
  }
  reject_aggregates(on, "JOIN conditions");
  if (on.contains(ExprKind::kOuterColumn)) not_supported("a correlated reference in JOIN/ON");
  return on;
}

// An outer join is planned as one relation: each side on its own, the ON
// condition split into hash keys, filters pushed into the side they only
// read (for the nullable side), and the rest checked per matching pair.
void QueryBlockPlanner::add_outer_join(const PgQuery__JoinExpr& join) {
  QueryBlockPlanner left(context_, scope_.outer), right(context_, scope_.outer);
  left.add_from_item(join.larg);
  if (join.rarg->node_case == PG_QUERY__NODE__NODE_RANGE_SUBSELECT && join.rarg->range_subselect->lateral &&
      add_lateral_join(join, left)) {
    return;
  }
  right.add_from_item(join.rarg);
  reads_work_table_ = reads_work_table_ || left.reads_work_table_ || right.reads_work_table_;
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
  if (join.quals != nullptr) conjuncts = split_conjuncts(bind_outer_join_condition(join.quals, joined));
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

  // The nullable side is hashed, unless the preserved side is much the
  // smaller: then that one is, and its unmatched rows come last (kRight).
  const bool left_preserved = kind == JoinKind::kLeft && !swapped;
  const bool right_preserved = kind == JoinKind::kLeft && swapped;
  bool hash_preserved = false;
  if ((left_preserved || right_preserved) && !left_keys.empty()) {
    double preserved = left_preserved ? left_plan->estimated_rows : right_plan->estimated_rows;
    double nullable = left_preserved ? right_plan->estimated_rows : left_plan->estimated_rows;
    hash_preserved = nullable > kHashPreservedSide * preserved;
  }
  JoinNode node;
  node.kind = hash_preserved ? JoinKind::kRight : kind;
  std::vector<SqlType> types;
  double rows = std::max(left_plan->estimated_rows, right_plan->estimated_rows);
  if (swapped == hash_preserved) {  // the left side probes
    node.probe = left_plan;
    node.build = right_plan;
    node.probe_keys = std::move(left_keys);
    node.build_keys = std::move(right_keys);
    if (!residual.empty()) node.condition = conjunction(std::move(residual));
    types = concat_types(left_plan->types, right_plan->types);
    add_joined_relation(join, make_node(std::move(node), types, rows), joined, left_width, merged, rows);
    return;
  }
  // The right side probes: then the columns are put back in order.
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
    reject_aggregates(bound, "JOIN conditions");
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

}  // namespace ptreedb::planner::block_planning
