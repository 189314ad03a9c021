#include "planner/view_updatability.h"

#include "planner/aggregate_binder.h"
#include "planner/parse/parse_sql.h"
#include "planner/parse/parse_tree_walk.h"
#include "planner/table_function.h"

namespace ptreedb::planner {

namespace {

// What the select list calls: aggregates, window functions, or set-returning
// functions; PostgreSQL checks them in that order.
std::optional<std::string> select_list_reason(const PgQuery__SelectStmt& select) {
  bool aggregate = false, window = false, set_returning = false;
  for (std::size_t i = 0; i < select.n_target_list; ++i) {
    walk_messages(reinterpret_cast<ProtobufCMessage*>(select.target_list[i]), [&](ProtobufCMessage& message) {
      if (message.descriptor == &pg_query__select_stmt__descriptor) return false;  // a subquery's own calls
      if (message.descriptor != &pg_query__func_call__descriptor) return true;
      const auto& call = reinterpret_cast<const PgQuery__FuncCall&>(message);
      if (call.over != nullptr) {
        window = true;
      } else if (call.n_funcname > 0) {
        const PgQuery__Node* last = call.funcname[call.n_funcname - 1];
        if (last->node_case == PG_QUERY__NODE__NODE_STRING) {
          aggregate = aggregate || aggregate_kind_of(last->string->sval).has_value();
          set_returning = set_returning || is_table_function(last->string->sval);
        }
      }
      return true;
    });
  }
  if (aggregate) return "Views that return aggregate functions are not automatically updatable.";
  if (window) return "Views that return window functions are not automatically updatable.";
  if (set_returning) return "Views that return set-returning functions are not automatically updatable.";
  return std::nullopt;
}

}  // namespace

std::optional<std::string> view_not_auto_updatable_reason(const std::string& query_sql) {
  ParseTree tree = parse_sql(query_sql);
  const PgQuery__Node* root = tree.statement(0).stmt;
  if (root == nullptr || root->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) return std::nullopt;
  const PgQuery__SelectStmt& select = *root->select_stmt;
  // In view_query_is_auto_updatable's order.
  if (select.n_distinct_clause > 0) return "Views containing DISTINCT are not automatically updatable.";
  if (select.n_group_clause > 0) return "Views containing GROUP BY are not automatically updatable.";
  if (select.having_clause != nullptr) return "Views containing HAVING are not automatically updatable.";
  if (select.op != PG_QUERY__SET_OPERATION__SETOP_NONE) {
    return "Views containing UNION, INTERSECT, or EXCEPT are not automatically updatable.";
  }
  if (select.with_clause != nullptr) return "Views containing WITH are not automatically updatable.";
  if (select.limit_offset != nullptr || select.limit_count != nullptr) {
    return "Views containing LIMIT or OFFSET are not automatically updatable.";
  }
  if (auto reason = select_list_reason(select)) return reason;
  const bool one_item = select.n_values_lists == 0 && select.n_from_clause == 1;
  const auto item = one_item ? select.from_clause[0]->node_case : PG_QUERY__NODE__NODE__NOT_SET;
  if (item == PG_QUERY__NODE__NODE_RANGE_TABLE_SAMPLE) {
    return "Views containing TABLESAMPLE are not automatically updatable.";
  }
  if (item != PG_QUERY__NODE__NODE_RANGE_VAR) {
    return "Views that do not select from a single table or view are not automatically updatable.";
  }
  return std::nullopt;
}

}  // namespace ptreedb::planner
