#include "planner/modifying_with.h"

#include <map>
#include <string>

#include "planner/dml_planner.h"
#include "planner/select_planner.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

namespace {

const PgQuery__WithClause* with_clause_of(const PgQuery__Node& statement) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_SELECT_STMT: return statement.select_stmt->with_clause;
    case PG_QUERY__NODE__NODE_INSERT_STMT: return statement.insert_stmt->with_clause;
    case PG_QUERY__NODE__NODE_UPDATE_STMT: return statement.update_stmt->with_clause;
    case PG_QUERY__NODE__NODE_DELETE_STMT: return statement.delete_stmt->with_clause;
    default: return nullptr;
  }
}

std::size_t returning_count(const PgQuery__Node& query) {
  switch (query.node_case) {
    case PG_QUERY__NODE__NODE_INSERT_STMT: return query.insert_stmt->n_returning_list;
    case PG_QUERY__NODE__NODE_UPDATE_STMT: return query.update_stmt->n_returning_list;
    case PG_QUERY__NODE__NODE_DELETE_STMT: return query.delete_stmt->n_returning_list;
    default: return 0;
  }
}

// The statement being planned: its WITH list and each part's state.
class ModifyingWithPlanning {
 public:
  ModifyingWithPlanning(const PgQuery__WithClause& with, const storage::World& world) : with_(with), world_(world) {
    for (std::size_t i = 0; i < with.n_ctes; ++i) {
      const auto* common = with.ctes[i]->common_table_expr;
      if (is_modifying(*common)) parts_[common];
    }
  }

  bool holds(const PgQuery__CommonTableExpr& common) const { return parts_.contains(&common); }

  // Plans every part not planned yet, in list order.
  void plan_all() {
    enter_with_clause(with_, list_);
    for (std::size_t i = 0; i < with_.n_ctes; ++i) {
      const auto* common = with_.ctes[i]->common_table_expr;
      if (holds(*common)) plan_part(*common);
    }
  }

  ReturnedRowsOf returned_rows_of(const PgQuery__CommonTableExpr& common) {
    const Part& part = plan_part(common);
    if (!part.returning) {
      throw SqlError(sqlstate::kFeatureNotSupported,
                     "WITH query \"" + std::string(common.ctename) + "\" does not have a RETURNING clause");
    }
    parts_.at(&common).read = true;
    ReturnedRowsOf rows{part.slot, *part.returning};
    if (common.n_aliascolnames > rows.columns.size()) {
      throw SqlError("42P10",
                     "WITH query \"" + std::string(common.ctename) + "\" has " + std::to_string(rows.columns.size()) +
                         " columns available but " + std::to_string(common.n_aliascolnames) + " columns specified",
                     {}, {}, common.location + 1);
    }
    for (std::size_t i = 0; i < common.n_aliascolnames; ++i) {
      rows.columns[i].name = common.aliascolnames[i]->string->sval;
    }
    return rows;
  }

  // The parts in the order they run: each after the parts it reads.
  std::vector<ModifyingWithPart> take_parts() {
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i].read = parts_.at(planned_[i]).read;
    return std::move(order_);
  }

 private:
  struct Part {
    bool planning = false;
    bool planned = false;
    bool read = false;  // some part or the main statement reads its rows
    std::shared_ptr<ReturnedRowsSlot> slot = std::make_shared<ReturnedRowsSlot>();
    std::optional<std::vector<OutputColumn>> returning;
  };

  const Part& plan_part(const PgQuery__CommonTableExpr& common) {
    Part& part = parts_.at(&common);
    if (part.planned) return part;
    if (part.planning) {
      throw SqlError(sqlstate::kFeatureNotSupported,
                     "recursive query \"" + std::string(common.ctename) + "\" must not contain data-modifying statements",
                     {}, {}, common.location + 1);
    }
    part.planning = true;
    const CommonTableScope visible = scope_seen_by(list_, common);
    ModifyingWithPart planned{.plan = {}, .slot = part.slot};
    const PgQuery__Node& query = *common.ctequery;
    if (query.node_case == PG_QUERY__NODE__NODE_INSERT_STMT) {
      InsertPlan insert = plan_insert(*query.insert_stmt, world_, &visible);
      part.returning = insert.returning;
      planned.plan = std::move(insert);
    } else if (query.node_case == PG_QUERY__NODE__NODE_UPDATE_STMT) {
      UpdatePlan update = plan_update(*query.update_stmt, world_, &visible);
      update.skip_rows_changed_by_statement = true;
      part.returning = update.returning;
      planned.plan = std::move(update);
    } else {
      DeletePlan del = plan_delete(*query.delete_stmt, world_, &visible);
      del.skip_rows_changed_by_statement = true;
      part.returning = del.returning;
      planned.plan = std::move(del);
    }
    if (returning_count(query) == 0) part.returning.reset();
    order_.push_back(std::move(planned));
    planned_.push_back(&common);
    part.planning = false;
    part.planned = true;
    return part;
  }

  const PgQuery__WithClause& with_;
  CommonTableScope list_;  // the WITH list as a scope (entered once parts may be planned)
  const storage::World& world_;
  std::map<const PgQuery__CommonTableExpr*, Part> parts_;
  std::vector<ModifyingWithPart> order_;
  std::vector<const PgQuery__CommonTableExpr*> planned_;  // order_'s queries
};

// The statement being planned on this thread, if it has data-modifying WITH queries.
thread_local ModifyingWithPlanning* current_planning = nullptr;

class PlanningScope {
 public:
  explicit PlanningScope(ModifyingWithPlanning& planning) : saved_(current_planning) { current_planning = &planning; }
  ~PlanningScope() { current_planning = saved_; }
  PlanningScope(const PlanningScope&) = delete;
  PlanningScope& operator=(const PlanningScope&) = delete;

 private:
  ModifyingWithPlanning* saved_;
};

}  // namespace

bool is_modifying(const PgQuery__CommonTableExpr& common) {
  return common.ctequery != nullptr && common.ctequery->node_case != PG_QUERY__NODE__NODE_SELECT_STMT;
}

bool has_modifying_with(const PgQuery__Node& statement) {
  const PgQuery__WithClause* with = with_clause_of(statement);
  if (with == nullptr) return false;
  for (std::size_t i = 0; i < with->n_ctes; ++i) {
    if (is_modifying(*with->ctes[i]->common_table_expr)) return true;
  }
  return false;
}

void check_modifying_allowed(const PgQuery__CommonTableExpr& common) {
  if (current_planning != nullptr && current_planning->holds(common)) return;
  if (common.ctequery != nullptr && common.ctequery->node_case == PG_QUERY__NODE__NODE_MERGE_STMT) {
    throw SqlError(sqlstate::kFeatureNotSupported, "MERGE not supported in WITH query", {}, {}, common.location + 1);
  }
  throw SqlError(sqlstate::kFeatureNotSupported,
                 "WITH clause containing a data-modifying statement must be at the top level", {}, {},
                 common.location + 1);
}

ReturnedRowsOf returned_rows_of(const PgQuery__CommonTableExpr& common) {
  check_modifying_allowed(common);
  return current_planning->returned_rows_of(common);
}

ModifyingWithPlan plan_modifying_with(const PgQuery__Node& statement, const storage::World& world) {
  ModifyingWithPlanning planning(*with_clause_of(statement), world);
  PlanningScope scope(planning);
  planning.plan_all();
  ModifyingWithPlan plan;
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_SELECT_STMT: plan.main = plan_select_statement(*statement.select_stmt, world); break;
    case PG_QUERY__NODE__NODE_INSERT_STMT: plan.main = plan_insert(*statement.insert_stmt, world); break;
    case PG_QUERY__NODE__NODE_UPDATE_STMT: {
      UpdatePlan update = plan_update(*statement.update_stmt, world);
      update.skip_rows_changed_by_statement = true;
      plan.main = std::move(update);
      break;
    }
    case PG_QUERY__NODE__NODE_DELETE_STMT: {
      DeletePlan del = plan_delete(*statement.delete_stmt, world);
      del.skip_rows_changed_by_statement = true;
      plan.main = std::move(del);
      break;
    }
    default: throw SqlError(sqlstate::kInternalError, "data-modifying WITH on an unexpected statement");
  }
  plan.parts = planning.take_parts();
  return plan;
}

}  // namespace ptreedb::planner
