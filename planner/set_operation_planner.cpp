// UNION / INTERSECT / EXCEPT chains, VALUES lists, and the ORDER BY and
// LIMIT around them.
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
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner::block_planning {

namespace {

// A set operation whose left input is one too, with nothing of its own
// around it (WITH, ORDER BY, LIMIT): `a UNION ALL b UNION ALL c` nests so.
bool bare_set_operation(const PgQuery__SelectStmt& select) {
  return select.op != PG_QUERY__SET_OPERATION__SETOP_NONE && select.with_clause == nullptr &&
         select.n_sort_clause == 0 && select.limit_count == nullptr && select.limit_offset == nullptr &&
         select.n_locking_clause == 0 && select.into_clause == nullptr;
}

}  // namespace

QueryBlock QueryBlockPlanner::plan_values(const PgQuery__SelectStmt& select) {
  // VALUES reads no FROM item; in a LATERAL subquery it reads the bound values.
  Scope empty;
  if (outer_is_parameters()) empty.outer = scope_.outer;
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
    for (std::size_t i = 0; i < list.n_items; ++i) {
      row.push_back(binder.bind(list.items[i]));
      reject_window_calls(row.back(), "VALUES");
      reject_aggregates(row.back(), "VALUES");
    }
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

QueryBlock QueryBlockPlanner::plan_set_operation(const PgQuery__SelectStmt& select) {
  // A chain of set operations (thousands of UNION ALL) is planned in a loop
  // from its innermost left input, not by recursing once per operation.
  std::vector<const PgQuery__SelectStmt*> chain{&select};
  while (bare_set_operation(*chain.back()->larg)) chain.push_back(chain.back()->larg);
  // Inside a LATERAL subquery each arm reads the bound values too; elsewhere
  // the arms see no enclosing query (a correlated set operation is not decorrelated).
  const Scope* arms_outer = outer_is_parameters() ? scope_.outer : nullptr;
  QueryBlock left = plan_query_block(*chain.back()->larg, context_, arms_outer);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    left = combine_set_operation(std::move(left), plan_query_block(*(*it)->rarg, context_, arms_outer), **it);
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
    key.descending = sort_is_descending(sort_by);
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
  read_limit_clause(select, sort);
  if (sort.keys.empty() && !sort.limit && sort.offset == 0) return block;
  auto types = block.root->types;
  double rows = block.root->estimated_rows;
  sort.input = block.root;
  block.root = make_node(std::move(sort), types, rows);
  return block;
}

}  // namespace ptreedb::planner::block_planning
