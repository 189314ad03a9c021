#include "planner/select_planner.h"

#include <algorithm>
#include <memory>

#include "planner/catalog/catalog_functions.h"
#include "planner/modifying_with.h"
#include "planner/primary_key_lookup.h"
#include "planner/query_block_planner.h"
#include "planner/recursive_with.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {

using block_planning::QueryBlockPlanner;

const PgQuery__CommonTableExpr* CommonTableScope::find(const std::string& name) const {
  for (const CommonTableScope* scope = this; scope != nullptr; scope = scope->parent) {
    for (const auto* table : scope->tables) {
      if (name == table->ctename) return table;
    }
  }
  return nullptr;
}

const WorkTableReference* CommonTableScope::work_table_for(const PgQuery__CommonTableExpr* common) const {
  for (const CommonTableScope* scope = this; scope != nullptr; scope = scope->parent) {
    if (scope->work_table_of == common) return scope->work_table;
  }
  return nullptr;
}

void enter_with_clause(const PgQuery__WithClause& with, CommonTableScope& scope) {
  if (with.recursive) {
    scope.recursive = true;
    scope.self_referring = check_recursive_with(with);
  } else {
    for (std::size_t i = 0; i < with.n_ctes; ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        const auto* common = with.ctes[i]->common_table_expr;
        if (std::string(common->ctename) == with.ctes[j]->common_table_expr->ctename) {
          throw SqlError("42712", "WITH query name \"" + std::string(common->ctename) + "\" specified more than once",
                         {}, {}, common->location + 1);
        }
      }
    }
  }
  for (std::size_t i = 0; i < with.n_ctes; ++i) {
    const auto* common = with.ctes[i]->common_table_expr;
    if (common->search_clause != nullptr || common->cycle_clause != nullptr) {
      bool self_referring = std::find(scope.self_referring.begin(), scope.self_referring.end(), common) !=
                            scope.self_referring.end();
      refuse_search_and_cycle(*common, self_referring);
    }
    // A data-modifying WITH query is one of the statement's parts (it runs
    // even when nothing reads it); anywhere but the top level it is refused.
    if (is_modifying(*common)) check_modifying_allowed(*common);
    scope.tables.push_back(common);
  }
}

CommonTableScope scope_seen_by(const CommonTableScope& home, const PgQuery__CommonTableExpr& common) {
  CommonTableScope visible;
  visible.parent = home.parent;
  visible.recursive = home.recursive;
  visible.self_referring = home.self_referring;
  for (const auto* table : home.tables) {
    if (table == &common && !home.recursive) break;
    visible.tables.push_back(table);
  }
  return visible;
}

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

BoundExpression bind_scoped_expression(const PgQuery__Node* node, const PlanningContext& context, const Scope& scope) {
  QueryBlockPlanner planner(context, nullptr);
  return planner.bind_standalone(node, scope);
}

QueryBlock plan_query_block(const PgQuery__SelectStmt& select, const PlanningContext& context, const Scope* outer) {
  check_stack_depth();
  catalog::PlanningWorld catalog_world(context.world);
  // On the heap: views expand by planning their query here again, and a long
  // chain of them should run out of max_stack_depth as late as it can.
  auto planner = std::make_unique<QueryBlockPlanner>(context, outer);
  return planner->plan(select);
}

SelectPlan plan_select_statement(const PgQuery__SelectStmt& select, const storage::World& world) {
  PlanningContext context{world};
  QueryBlock block = plan_query_block(select, context);
  choose_primary_key_lookups(*block.root);
  prune_columns(*block.root, std::vector<bool>(block.root->types.size(), true));
  return {block.root, block.columns};
}

}  // namespace ptreedb::planner
