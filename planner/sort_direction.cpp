#include "planner/sort_direction.h"

#include <string>

#include "storage/sql_error.h"

namespace ptreedb::planner {

bool sort_is_descending(const PgQuery__SortBy& sort) {
  if (sort.sortby_dir != PG_QUERY__SORT_BY_DIR__SORTBY_USING) {
    return sort.sortby_dir == PG_QUERY__SORT_BY_DIR__SORTBY_DESC;
  }
  // USING OPERATOR(pg_catalog.>) names the operator last.
  std::string op;
  if (sort.n_use_op > 0) {
    const PgQuery__Node* last = sort.use_op[sort.n_use_op - 1];
    if (last->node_case == PG_QUERY__NODE__NODE_STRING) op = last->string->sval;
  }
  if (op == "<") return false;
  if (op == ">") return true;
  throw SqlError("42809", "operator " + op + " is not a valid ordering operator", {},
                 "Ordering operators must be \"<\" or \">\" members of btree operator families.", sort.location + 1);
}

}  // namespace ptreedb::planner
