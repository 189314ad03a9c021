#include "planner/view_rewrite.h"

#include <deque>
#include <set>
#include <utility>
#include <vector>

#include "planner/parse/deparse.h"
#include "planner/parse/parse_sql.h"
#include "planner/parse/parse_tree_walk.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {
namespace {

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

// Pointer fields changed in a parse tree, put back before protobuf-c frees it.
class Patches {
 public:
  Patches() = default;
  Patches(const Patches&) = delete;
  Patches& operator=(const Patches&) = delete;
  ~Patches() {
    for (auto it = saved_.rbegin(); it != saved_.rend(); ++it) *it->first = it->second;
  }

  void set_string(char** slot, const std::string& text) { set(reinterpret_cast<void**>(slot), text_copy(text)); }

  void set_alias(PgQuery__Alias** slot, const std::string& name) {
    PgQuery__Alias& alias = aliases_.emplace_back(PgQuery__Alias(PG_QUERY__ALIAS__INIT));
    alias.aliasname = text_copy(name);
    set(reinterpret_cast<void**>(slot), &alias);
  }

 private:
  void set(void** slot, void* value) {
    saved_.emplace_back(slot, *slot);
    *slot = value;
  }
  char* text_copy(const std::string& text) { return strings_.emplace_back(text).data(); }

  std::vector<std::pair<void**, void*>> saved_;
  std::deque<std::string> strings_;
  std::deque<PgQuery__Alias> aliases_;
};

bool names_common_table(PgQuery__Node* root, const std::string& name) {
  bool found = false;
  walk_messages(reinterpret_cast<ProtobufCMessage*>(root), [&](ProtobufCMessage& message) {
    if (message.descriptor == &pg_query__common_table_expr__descriptor &&
        name == reinterpret_cast<PgQuery__CommonTableExpr&>(message).ctename) {
      found = true;
    }
    return !found;
  });
  return found;
}

bool unqualified_or_public(const PgQuery__RangeVar& range) {
  return range.schemaname == nullptr || *range.schemaname == '\0' || std::string(range.schemaname) == "public";
}

// The names under which a query block's FROM list (joins included, not
// subqueries) exposes relation `relation`.
void collect_refnames(const PgQuery__Node* item, const std::string& relation, std::set<std::string>& names) {
  check_stack_depth();
  if (item->node_case == PG_QUERY__NODE__NODE_RANGE_VAR) {
    const auto& range = *item->range_var;
    if (relation == range.relname && unqualified_or_public(range)) {
      names.insert(range.alias != nullptr ? range.alias->aliasname : range.relname);
    }
  } else if (item->node_case == PG_QUERY__NODE__NODE_JOIN_EXPR) {
    collect_refnames(item->join_expr->larg, relation, names);
    collect_refnames(item->join_expr->rarg, relation, names);
  }
}

// Renames column references to one relation's column inside one query block.
class ColumnRename {
 public:
  ColumnRename(PgQuery__SelectStmt& select, const std::string& relation, std::string from, std::string to,
               Patches& patches)
      : select_(select), from_(std::move(from)), to_(std::move(to)), patches_(patches) {
    for (std::size_t i = 0; i < select.n_from_clause; ++i) collect_refnames(select.from_clause[i], relation, refnames_);
  }

  void run() {
    if (refnames_.empty()) return;
    // ORDER BY and GROUP BY names may be output names, which stay as they are.
    std::set<std::string> output_names;
    for (std::size_t i = 0; i < select_.n_target_list; ++i) {
      const char* name = select_.target_list[i]->res_target->name;
      if (name != nullptr && *name) output_names.insert(name);
    }
    for (auto [list, count] : {std::pair{select_.sort_clause, select_.n_sort_clause},
                               std::pair{select_.group_clause, select_.n_group_clause}}) {
      for (std::size_t i = 0; i < count; ++i) {
        walk_block(reinterpret_cast<ProtobufCMessage*>(list[i]), [&](PgQuery__ColumnRef& ref) {
          if (ref.n_fields == 1 && output_names.contains(string_of(ref.fields[0]))) kept_.insert(&ref);
        });
      }
    }
    // A renamed column in the select list keeps its output name.
    for (std::size_t i = 0; i < select_.n_target_list; ++i) {
      auto& target = *select_.target_list[i]->res_target;
      bool unnamed = target.name == nullptr || *target.name == '\0';
      if (unnamed && target.val != nullptr && target.val->node_case == PG_QUERY__NODE__NODE_COLUMN_REF &&
          refers(*target.val->column_ref)) {
        patches_.set_string(&target.name, from_);
      }
    }
    walk_block(&select_.base, [&](PgQuery__ColumnRef& ref) {
      if (refers(ref)) patches_.set_string(&ref.fields[ref.n_fields - 1]->string->sval, to_);
    });
  }

 private:
  bool refers(const PgQuery__ColumnRef& ref) const {
    if (kept_.contains(&ref) || string_of(ref.fields[ref.n_fields - 1]) != from_) return false;
    if (ref.n_fields == 1) return true;
    return refnames_.contains(string_of(ref.fields[ref.n_fields - 2]));
  }

  // Visits the column references of this block, not of blocks nested in it.
  template <class Visit>
  void walk_block(ProtobufCMessage* start, const Visit& visit) {
    walk_messages(start, [&](ProtobufCMessage& message) {
      if (message.descriptor == &pg_query__select_stmt__descriptor && &message != &select_.base) return false;
      if (message.descriptor == &pg_query__column_ref__descriptor) {
        visit(reinterpret_cast<PgQuery__ColumnRef&>(message));
        return false;
      }
      return true;
    });
  }

  PgQuery__SelectStmt& select_;
  std::string from_, to_;
  Patches& patches_;
  std::set<std::string> refnames_;
  std::set<const PgQuery__ColumnRef*> kept_;
};

}  // namespace

std::optional<std::string> rename_relation_in_query(const std::string& query_sql, const std::string& from,
                                                    const std::string& to) {
  ParseTree tree = parse_sql(query_sql);
  PgQuery__Node* root = tree.statement(0).stmt;
  if (names_common_table(root, from)) return std::nullopt;
  Patches patches;
  walk_messages(reinterpret_cast<ProtobufCMessage*>(root), [&](ProtobufCMessage& message) {
    if (message.descriptor != &pg_query__range_var__descriptor) return true;
    auto& range = reinterpret_cast<PgQuery__RangeVar&>(message);
    if (from != range.relname || !unqualified_or_public(range)) return true;
    if (range.alias == nullptr) patches.set_alias(&range.alias, from);
    patches.set_string(&range.relname, to);
    return true;
  });
  return deparse_statement(root);
}

std::optional<std::string> rename_column_in_query(const std::string& query_sql, const std::string& relation,
                                                  const std::string& from, const std::string& to) {
  ParseTree tree = parse_sql(query_sql);
  PgQuery__Node* root = tree.statement(0).stmt;
  if (names_common_table(root, relation)) return std::nullopt;
  Patches patches;
  std::vector<PgQuery__SelectStmt*> blocks;
  walk_messages(reinterpret_cast<ProtobufCMessage*>(root), [&](ProtobufCMessage& message) {
    if (message.descriptor == &pg_query__select_stmt__descriptor) {
      blocks.push_back(reinterpret_cast<PgQuery__SelectStmt*>(&message));
    }
    return true;
  });
  for (PgQuery__SelectStmt* block : blocks) ColumnRename(*block, relation, from, to, patches).run();
  return deparse_statement(root);
}

}  // namespace ptreedb::planner
