#include "planner/view_query_text.h"

#include <deque>
#include <optional>
#include <utility>
#include <vector>

#include "planner/expression_binder.h"
#include "planner/parse/deparse.h"

namespace ptreedb::planner {
namespace {

struct NamedColumn {
  std::string relation;  // the FROM item's name or alias
  std::string name;
};
using Columns = std::vector<NamedColumn>;

// The WITH queries visible at a point of the query, innermost first.
struct WithScope {
  const PgQuery__WithClause* clause = nullptr;
  const WithScope* parent = nullptr;

  const PgQuery__CommonTableExpr* find(const std::string& name) const {
    for (const WithScope* scope = this; scope != nullptr; scope = scope->parent) {
      if (scope->clause == nullptr) continue;
      for (std::size_t i = 0; i < scope->clause->n_ctes; ++i) {
        const auto* common = scope->clause->ctes[i]->common_table_expr;
        if (name == common->ctename) return common;
      }
    }
    return nullptr;
  }
};

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

bool is_star(const PgQuery__Node* target, std::string* relation) {
  const PgQuery__Node* value = target->res_target->val;
  if (value == nullptr || value->node_case != PG_QUERY__NODE__NODE_COLUMN_REF) return false;
  const auto& ref = *value->column_ref;
  if (ref.fields[ref.n_fields - 1]->node_case != PG_QUERY__NODE__NODE_A_STAR) return false;
  *relation = ref.n_fields > 1 ? string_of(ref.fields[ref.n_fields - 2]) : "";
  return true;
}

// Works out the column names PostgreSQL's parser would see, without planning.
class ColumnNamer {
 public:
  explicit ColumnNamer(const storage::World& world) : world_(world) {}

  // The output column names of a SELECT; none if some name cannot be known.
  std::optional<std::vector<std::string>> output_names(const PgQuery__SelectStmt& select, const WithScope* outer) {
    WithScope scope{select.with_clause, outer};
    if (select.op != PG_QUERY__SET_OPERATION__SETOP_NONE) return output_names(*select.larg, &scope);
    if (select.n_values_lists > 0) {
      std::vector<std::string> names;
      for (std::size_t i = 0; i < select.values_lists[0]->list->n_items; ++i) names.push_back("column" + std::to_string(i + 1));
      return names;
    }
    std::optional<Columns> from;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < select.n_target_list; ++i) {
      std::string relation;
      if (is_star(select.target_list[i], &relation)) {
        if (!from && !(from = from_columns(select, &scope))) return std::nullopt;
        for (const auto& column : *from) {
          if (relation.empty() || column.relation == relation) names.push_back(column.name);
        }
        continue;
      }
      const auto& target = *select.target_list[i]->res_target;
      names.push_back(target.name != nullptr && *target.name ? target.name : default_column_name(target.val));
    }
    return names;
  }

  // The columns of a SELECT's FROM items in order, as "*" expands them.
  std::optional<Columns> from_columns(const PgQuery__SelectStmt& select, const WithScope* scope) {
    Columns columns;
    for (std::size_t i = 0; i < select.n_from_clause; ++i) {
      if (!add_item(select.from_clause[i], scope, columns)) return std::nullopt;
    }
    return columns;
  }

 private:
  static void name_columns(const std::string& relation, std::vector<std::string> names, const PgQuery__Alias* alias,
                           Columns& out) {
    for (std::size_t c = 0; c < names.size(); ++c) {
      if (alias != nullptr && c < alias->n_colnames) names[c] = string_of(alias->colnames[c]);
      out.push_back({relation, names[c]});
    }
  }

  bool add_item(const PgQuery__Node* item, const WithScope* scope, Columns& out) {
    switch (item->node_case) {
      case PG_QUERY__NODE__NODE_RANGE_VAR: {
        const auto& range = *item->range_var;
        const std::string name = range.relname;
        const std::string relation = range.alias != nullptr ? range.alias->aliasname : name;
        bool unqualified = range.schemaname == nullptr || *range.schemaname == '\0';
        if (const auto* common = unqualified && scope != nullptr ? scope->find(name) : nullptr) {
          if (common->ctequery == nullptr || common->ctequery->node_case != PG_QUERY__NODE__NODE_SELECT_STMT ||
              common->cterecursive) {
            return false;
          }
          auto names = output_names(*common->ctequery->select_stmt, scope);
          if (!names) return false;
          for (std::size_t c = 0; c < common->n_aliascolnames && c < names->size(); ++c) {
            (*names)[c] = string_of(common->aliascolnames[c]);
          }
          name_columns(relation, std::move(*names), range.alias, out);
          return true;
        }
        if (auto view = world_.find_view(name)) {
          name_columns(relation, view->column_names, range.alias, out);
          return true;
        }
        if (auto table = world_.find_table(name)) {
          std::vector<std::string> names;
          for (const auto& column : table->schema().columns()) names.push_back(column.name);
          name_columns(relation, std::move(names), range.alias, out);
          return true;
        }
        return false;
      }
      case PG_QUERY__NODE__NODE_RANGE_SUBSELECT: {
        const auto& sub = *item->range_subselect;
        if (sub.alias == nullptr || sub.subquery->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) return false;
        auto names = output_names(*sub.subquery->select_stmt, scope);
        if (!names) return false;
        name_columns(sub.alias->aliasname, std::move(*names), sub.alias, out);
        return true;
      }
      case PG_QUERY__NODE__NODE_JOIN_EXPR: {
        const auto& join = *item->join_expr;
        if (join.is_natural || join.n_using_clause > 0 || join.alias != nullptr) return false;
        return add_item(join.larg, scope, out) && add_item(join.rarg, scope, out);
      }
      default:
        return false;
    }
  }

  const storage::World& world_;
};

// Nodes made for the rewritten select lists; they live until the text is made.
struct Arena {
  std::deque<std::string> strings;
  std::deque<PgQuery__String> string_values;
  std::deque<PgQuery__ColumnRef> refs;
  std::deque<PgQuery__ResTarget> targets;
  std::deque<PgQuery__Node> nodes;
  std::deque<std::vector<PgQuery__Node*>> lists;

  PgQuery__Node* node() { return &nodes.emplace_back(PgQuery__Node(PG_QUERY__NODE__INIT)); }

  PgQuery__Node* string_node(const std::string& text) {
    PgQuery__String& value = string_values.emplace_back(PgQuery__String(PG_QUERY__STRING__INIT));
    value.sval = strings.emplace_back(text).data();
    PgQuery__Node* wrapper = node();
    wrapper->node_case = PG_QUERY__NODE__NODE_STRING;
    wrapper->string = &value;
    return wrapper;
  }

  // The select list item "relation.column".
  PgQuery__Node* column_target(const NamedColumn& column) {
    std::vector<PgQuery__Node*>& fields = lists.emplace_back();
    fields.push_back(string_node(column.relation));
    fields.push_back(string_node(column.name));
    PgQuery__ColumnRef& ref = refs.emplace_back(PgQuery__ColumnRef(PG_QUERY__COLUMN_REF__INIT));
    ref.n_fields = fields.size();
    ref.fields = fields.data();
    ref.location = -1;
    PgQuery__Node* value = node();
    value->node_case = PG_QUERY__NODE__NODE_COLUMN_REF;
    value->column_ref = &ref;
    PgQuery__ResTarget& target = targets.emplace_back(PgQuery__ResTarget(PG_QUERY__RES_TARGET__INIT));
    target.val = value;
    target.location = -1;
    PgQuery__Node* wrapper = node();
    wrapper->node_case = PG_QUERY__NODE__NODE_RES_TARGET;
    wrapper->res_target = &target;
    return wrapper;
  }
};

// Points select lists at expanded copies, and back at the originals when done:
// the parse tree belongs to the caller and is freed by protobuf-c.
class StarExpansion {
 public:
  StarExpansion(const storage::World& world) : namer_(world) {}
  ~StarExpansion() {
    for (auto& [select, original] : replaced_) {
      select->n_target_list = original.first;
      select->target_list = original.second;
    }
  }
  StarExpansion(const StarExpansion&) = delete;
  StarExpansion& operator=(const StarExpansion&) = delete;

  void expand(PgQuery__SelectStmt& select, const WithScope* outer) {
    WithScope scope{select.with_clause, outer};
    if (select.op != PG_QUERY__SET_OPERATION__SETOP_NONE) {
      expand(*select.larg, &scope);
      expand(*select.rarg, &scope);
      return;
    }
    std::optional<Columns> from;
    std::vector<PgQuery__Node*>& items = arena_.lists.emplace_back();
    bool expanded = false;
    for (std::size_t i = 0; i < select.n_target_list; ++i) {
      std::string relation;
      if (!is_star(select.target_list[i], &relation)) {
        items.push_back(select.target_list[i]);
        continue;
      }
      if (!from && !(from = namer_.from_columns(select, &scope))) return;  // keep every "*"
      for (const auto& column : *from) {
        if (relation.empty() || column.relation == relation) items.push_back(arena_.column_target(column));
      }
      expanded = true;
    }
    if (!expanded) return;
    replaced_.emplace_back(&select, std::make_pair(select.n_target_list, select.target_list));
    select.n_target_list = items.size();
    select.target_list = items.data();
  }

 private:
  ColumnNamer namer_;
  Arena arena_;
  std::vector<std::pair<PgQuery__SelectStmt*, std::pair<std::size_t, PgQuery__Node**>>> replaced_;
};

}  // namespace

std::string view_query_text(const PgQuery__Node& query, const storage::World& world) {
  StarExpansion expansion(world);
  expansion.expand(*query.select_stmt, nullptr);
  return deparse_statement(&query);
}

}  // namespace ptreedb::planner
