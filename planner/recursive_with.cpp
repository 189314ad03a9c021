#include "planner/recursive_with.h"

#include <algorithm>
#include <functional>
#include <string>

#include "planner/parse/parse_tree_walk.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {
namespace {

// Where a reference sits, as parse_cte.c's RecursionContext.
enum class Place { kAllowed, kNonRecursiveTerm, kSublink, kOuterJoin, kIntersect, kExcept };

const char* misplaced_message(Place place) {
  switch (place) {
    case Place::kNonRecursiveTerm: return "must not appear within its non-recursive term";
    case Place::kSublink: return "must not appear within a subquery";
    case Place::kOuterJoin: return "must not appear within an outer join";
    case Place::kIntersect: return "must not appear within INTERSECT";
    case Place::kExcept: return "must not appear within EXCEPT";
    case Place::kAllowed: break;
  }
  return "";
}

ProtobufCMessage* as_message(const void* node) {
  return reinterpret_cast<ProtobufCMessage*>(const_cast<void*>(node));
}

// Walks a query calling `reference` for each unqualified relation name that
// no inner WITH shadows, with the place it is in (parse_cte.c's walkers).
class ReferenceWalker {
 public:
  using Reference = std::function<void(const PgQuery__RangeVar& range, Place place)>;
  ReferenceWalker(Place place, Reference reference) : place_(place), reference_(std::move(reference)) {}

  void walk(const void* node) {
    if (node == nullptr) return;
    check_stack_depth();
    if (!dispatch(*as_message(node))) children(node);
  }

 private:
  // Walks below `node` (not `skip`), dispatching what it meets.
  void children(const void* node, const void* skip = nullptr) {
    const ProtobufCMessage* root = as_message(node);
    walk_messages(as_message(node), [&](ProtobufCMessage& message) {
      if (&message == root) return true;
      if (skip != nullptr && &message == as_message(skip)) return false;
      return !dispatch(message);
    });
  }

  // True when `message` was handled here (its children included).
  bool dispatch(const ProtobufCMessage& message) {
    if (message.descriptor == &pg_query__range_var__descriptor) {
      range_var(reinterpret_cast<const PgQuery__RangeVar&>(message));
      return true;
    }
    if (message.descriptor == &pg_query__select_stmt__descriptor) {
      select(reinterpret_cast<const PgQuery__SelectStmt&>(message));
      return true;
    }
    if (message.descriptor == &pg_query__join_expr__descriptor) {
      join(reinterpret_cast<const PgQuery__JoinExpr&>(message));
      return true;
    }
    if (message.descriptor == &pg_query__sub_link__descriptor) {
      const auto& sublink = reinterpret_cast<const PgQuery__SubLink&>(message);
      Place saved = place_;
      place_ = Place::kSublink;  // a subquery is independent of the place around it
      walk(sublink.subselect);
      place_ = saved;
      walk(sublink.testexpr);
      return true;
    }
    if (message.descriptor == &pg_query__with_clause__descriptor) {
      // A SELECT's WITH is walked by select(); this is another statement's.
      const auto& with = reinterpret_cast<const PgQuery__WithClause&>(message);
      with_queries(with);
      inner_withs_.pop_back();
      return true;
    }
    return false;
  }

  // Walks the queries of `with` with their names pushed as visible (left pushed).
  void with_queries(const PgQuery__WithClause& with) {
    // A RECURSIVE list's names are visible to all of it; otherwise each to the ones after it.
    inner_withs_.emplace_back();
    if (with.recursive) {
      for (std::size_t i = 0; i < with.n_ctes; ++i) {
        inner_withs_.back().push_back(with.ctes[i]->common_table_expr->ctename);
      }
    }
    for (std::size_t i = 0; i < with.n_ctes; ++i) {
      const auto* common = with.ctes[i]->common_table_expr;
      walk(common->ctequery);
      if (!with.recursive) inner_withs_.back().push_back(common->ctename);
    }
  }

  void range_var(const PgQuery__RangeVar& range) {
    if (range.schemaname != nullptr && *range.schemaname != '\0') return;
    std::string name = range.relname;
    for (const auto& names : inner_withs_) {
      if (std::find(names.begin(), names.end(), name) != names.end()) return;
    }
    reference_(range, place_);
  }

  void select(const PgQuery__SelectStmt& select) {
    const PgQuery__WithClause* with = select.with_clause;
    if (with == nullptr) {
      select_body(select);
      return;
    }
    with_queries(*with);
    select_body(select);
    inner_withs_.pop_back();
  }

  void select_body(const PgQuery__SelectStmt& select) {
    bool intersect = select.op == PG_QUERY__SET_OPERATION__SETOP_INTERSECT;
    bool except = select.op == PG_QUERY__SET_OPERATION__SETOP_EXCEPT;
    if (place_ != Place::kAllowed || (!intersect && !except)) {
      children(&select, select.with_clause);
      return;
    }
    // As parse_cte.c: INTERSECT ALL and EXCEPT ALL make both sides unfit,
    // EXCEPT its right side.
    if (select.all) place_ = intersect ? Place::kIntersect : Place::kExcept;
    walk(select.larg);
    if (except) place_ = Place::kExcept;
    walk(select.rarg);
    place_ = Place::kAllowed;
    for (std::size_t i = 0; i < select.n_sort_clause; ++i) walk(select.sort_clause[i]);
    walk(select.limit_offset);
    walk(select.limit_count);
    for (std::size_t i = 0; i < select.n_locking_clause; ++i) walk(select.locking_clause[i]);
  }

  void join(const PgQuery__JoinExpr& join) {
    Place saved = place_;
    bool allowed = saved == Place::kAllowed;
    switch (join.jointype) {
      case PG_QUERY__JOIN_TYPE__JOIN_LEFT:
        walk(join.larg);
        if (allowed) place_ = Place::kOuterJoin;
        walk(join.rarg);
        break;
      case PG_QUERY__JOIN_TYPE__JOIN_FULL:
        if (allowed) place_ = Place::kOuterJoin;
        walk(join.larg);
        walk(join.rarg);
        break;
      case PG_QUERY__JOIN_TYPE__JOIN_RIGHT:
        if (allowed) place_ = Place::kOuterJoin;
        walk(join.larg);
        place_ = saved;
        walk(join.rarg);
        break;
      default:
        walk(join.larg);
        walk(join.rarg);
        break;
    }
    place_ = saved;
    walk(join.quals);
  }

  Place place_;
  Reference reference_;
  std::vector<std::vector<std::string>> inner_withs_;
};

[[noreturn]] void recursion_error(const std::string& message, int location, const char* sqlstate = "42P19") {
  throw SqlError(sqlstate, message, {}, {}, location >= 0 ? location + 1 : 0);
}

int node_location(const PgQuery__Node* node) {
  if (node == nullptr) return -1;
  if (node->node_case == PG_QUERY__NODE__NODE_SORT_BY) return node->sort_by->location;
  if (node->node_case == PG_QUERY__NODE__NODE_A_CONST) return node->a_const->location;
  return -1;
}

// parse_cte.c's checkWellFormedRecursion for one self-referring query.
void check_well_formed(const PgQuery__CommonTableExpr& common) {
  std::string name = common.ctename;
  if (common.ctequery == nullptr || common.ctequery->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
    recursion_error("recursive query \"" + name + "\" must not contain data-modifying statements", common.location);
  }
  const auto& select = *common.ctequery->select_stmt;
  if (select.op != PG_QUERY__SET_OPERATION__SETOP_UNION) {
    recursion_error("recursive query \"" + name +
                        "\" does not have the form non-recursive-term UNION [ALL] recursive-term",
                    common.location);
  }
  int references = 0;
  auto check = [&](const PgQuery__RangeVar& range, Place place) {
    if (name != range.relname) return;
    if (place != Place::kAllowed) {
      recursion_error("recursive reference to query \"" + name + "\" " + misplaced_message(place), range.location);
    }
    if (++references > 1) {
      recursion_error("recursive reference to query \"" + name + "\" must not appear more than once", range.location);
    }
  };
  ReferenceWalker(Place::kNonRecursiveTerm, check).walk(select.larg);
  references = 0;
  ReferenceWalker(Place::kAllowed, check).walk(select.rarg);
  if (select.with_clause != nullptr) {
    ReferenceWalker inner(Place::kSublink, check);
    for (std::size_t i = 0; i < select.with_clause->n_ctes; ++i) {
      inner.walk(select.with_clause->ctes[i]->common_table_expr->ctequery);
    }
  }
  auto not_implemented = [&](const char* what, const PgQuery__Node* node) {
    recursion_error(std::string(what) + " in a recursive query is not implemented", node_location(node),
                    sqlstate::kFeatureNotSupported);
  };
  if (select.n_sort_clause > 0) not_implemented("ORDER BY", select.sort_clause[0]);
  if (select.limit_offset != nullptr) not_implemented("OFFSET", select.limit_offset);
  if (select.limit_count != nullptr) not_implemented("LIMIT", select.limit_count);
  if (select.n_locking_clause > 0) not_implemented("FOR UPDATE/SHARE", nullptr);
}

std::string string_value(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

// The type a CYCLE mark constant has before resolution ("" for a string
// literal, which takes the other's type, or anything else).
std::string constant_type(const PgQuery__Node* node) {
  if (node == nullptr || node->node_case != PG_QUERY__NODE__NODE_A_CONST) return "";
  switch (node->a_const->val_case) {
    case PG_QUERY__A__CONST__VAL_BOOLVAL: return "boolean";
    case PG_QUERY__A__CONST__VAL_IVAL: return "integer";
    case PG_QUERY__A__CONST__VAL_FVAL: return "numeric";
    default: return "";
  }
}

// The SEARCH or CYCLE column list: each a column of the query, once.
void check_clause_columns(const char* clause, PgQuery__Node* const* list, std::size_t count,
                          const std::vector<std::string>& columns, int location) {
  std::vector<std::string> seen;
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = string_value(list[i]);
    if (std::find(columns.begin(), columns.end(), name) == columns.end()) {
      recursion_error(std::string(clause) + " column \"" + name + "\" not in WITH query column list", location,
                      sqlstate::kSyntaxError);
    }
    if (std::find(seen.begin(), seen.end(), name) != seen.end()) {
      recursion_error(std::string(clause) + " column \"" + name + "\" specified more than once", location, "42701");
    }
    seen.push_back(name);
  }
}

}  // namespace

void refuse_search_and_cycle(const PgQuery__CommonTableExpr& common, bool self_referring) {
  const auto* search = common.search_clause;
  const auto* cycle = common.cycle_clause;
  const char* what = search != nullptr ? "SEARCH clause of a WITH query" : "CYCLE clause of a WITH query";
  auto refuse = [&] { recursion_error(std::string(what) + " is not supported yet", common.location,
                                      sqlstate::kFeatureNotSupported); };
  if (!self_referring || common.ctequery->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) refuse();
  const auto& select = *common.ctequery->select_stmt;
  const char* sides[] = {"left", "right"};
  const PgQuery__SelectStmt* terms[] = {select.larg, select.rarg};
  for (int side = 0; side < 2; ++side) {
    if (terms[side] != nullptr && terms[side]->op != PG_QUERY__SET_OPERATION__SETOP_NONE) {
      recursion_error(std::string("with a SEARCH or CYCLE clause, the ") + sides[side] +
                          " side of the UNION must be a SELECT",
                      common.location, sqlstate::kSyntaxError);
    }
  }
  // The names are known here only from the column list (else from the planned term: not checked).
  if (common.n_aliascolnames == 0) refuse();
  std::vector<std::string> columns;
  for (std::size_t i = 0; i < common.n_aliascolnames; ++i) columns.push_back(string_value(common.aliascolnames[i]));
  auto listed = [&](const std::string& name) { return std::find(columns.begin(), columns.end(), name) != columns.end(); };
  if (search != nullptr) {
    check_clause_columns("search", search->search_col_list, search->n_search_col_list, columns, search->location);
    if (listed(search->search_seq_column)) {
      recursion_error("search sequence column name \"" + std::string(search->search_seq_column) +
                          "\" already used in WITH query column list",
                      search->location, sqlstate::kSyntaxError);
    }
  }
  if (cycle != nullptr) {
    check_clause_columns("cycle", cycle->cycle_col_list, cycle->n_cycle_col_list, columns, cycle->location);
    std::string mark = cycle->cycle_mark_column, path = cycle->cycle_path_column;
    if (listed(mark)) {
      recursion_error("cycle mark column name \"" + mark + "\" already used in WITH query column list",
                      cycle->location, sqlstate::kSyntaxError);
    }
    if (listed(path)) {
      recursion_error("cycle path column name \"" + path + "\" already used in WITH query column list",
                      cycle->location, sqlstate::kSyntaxError);
    }
    if (mark == path) {
      recursion_error("cycle mark column name and cycle path column name are the same", cycle->location,
                      sqlstate::kSyntaxError);
    }
    std::string value_type = constant_type(cycle->cycle_mark_value);
    std::string default_type = constant_type(cycle->cycle_mark_default);
    if (!value_type.empty() && !default_type.empty() && value_type != default_type) {
      recursion_error("CYCLE types " + value_type + " and " + default_type + " cannot be matched", cycle->location,
                      sqlstate::kDatatypeMismatch);
    }
  }
  if (search != nullptr && cycle != nullptr) {
    std::string sequence = search->search_seq_column;
    if (sequence == cycle->cycle_mark_column) {
      recursion_error("search sequence column name and cycle mark column name are the same", search->location,
                      sqlstate::kSyntaxError);
    }
    if (sequence == cycle->cycle_path_column) {
      recursion_error("search sequence column name and cycle path column name are the same", search->location,
                      sqlstate::kSyntaxError);
    }
  }
  refuse();
}

std::vector<const PgQuery__CommonTableExpr*> check_recursive_with(const PgQuery__WithClause& with) {
  std::vector<const PgQuery__CommonTableExpr*> items;
  for (std::size_t i = 0; i < with.n_ctes; ++i) items.push_back(with.ctes[i]->common_table_expr);
  for (std::size_t i = 0; i < items.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (std::string(items[i]->ctename) == items[j]->ctename) {
        recursion_error("WITH query name \"" + std::string(items[i]->ctename) + "\" specified more than once",
                        items[i]->location, "42712");
      }
    }
  }
  // Which items each item reads, and which read themselves.
  std::size_t count = items.size();
  std::vector<std::vector<bool>> reads(count, std::vector<bool>(count, false));
  std::vector<const PgQuery__CommonTableExpr*> self_referring;
  for (std::size_t i = 0; i < count; ++i) {
    ReferenceWalker(Place::kAllowed, [&](const PgQuery__RangeVar& range, Place) {
      for (std::size_t j = 0; j < count; ++j) {
        if (items[j]->ctename == std::string(range.relname)) reads[i][j] = true;
      }
    }).walk(items[i]->ctequery);
    if (reads[i][i]) self_referring.push_back(items[i]);
  }
  // Mutual recursion: items that remain when those reading only finished ones are taken away.
  std::vector<bool> done(count, false);
  for (std::size_t round = 0; round < count; ++round) {
    bool progress = false;
    for (std::size_t i = 0; i < count; ++i) {
      if (done[i]) continue;
      bool ready = true;
      for (std::size_t j = 0; j < count; ++j) ready = ready && (j == i || !reads[i][j] || done[j]);
      if (ready) {
        done[i] = true;
        progress = true;
      }
    }
    if (!progress) break;
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (!done[i]) {
      recursion_error("mutual recursion between WITH items is not implemented", items[i]->location,
                      sqlstate::kFeatureNotSupported);
    }
  }
  for (const auto* common : self_referring) check_well_formed(*common);
  return self_referring;
}

}  // namespace ptreedb::planner
