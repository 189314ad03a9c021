#include "planner/on_conflict_planner.h"

#include <algorithm>
#include <set>

#include "planner/assignment_coercion.h"
#include "planner/dml_planner.h"
#include "planner/expression_binder.h"
#include "planner/privileges.h"
#include "planner/statement_planner.h"
#include "storage/sql_error.h"
#include "storage/table/table_keys.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner {

using storage::ColumnSchema;
using storage::IndexSchema;
using storage::TableSchema;
using value::SqlType;
using value::TypeId;

namespace {

[[noreturn]] void no_matching_constraint() {
  throw SqlError("42P10", "there is no unique or exclusion constraint matching the ON CONFLICT specification");
}

// ON CONFLICT (col, ...): every unique constraint whose columns are exactly
// the listed ones (in any order, as PostgreSQL infers arbiter indexes).
void infer_arbiters(const PgQuery__InferClause& infer, const TableSchema& schema, OnConflictPlan& plan) {
  if (infer.where_clause != nullptr) {
    // The predicate only admits partial unique indexes as arbiters; there are
    // none (CREATE INDEX ... WHERE is refused), and an index over the whole
    // table arbitrates whatever it says, as in PostgreSQL. It must still be
    // an expression over the table's columns.
    Scope scope;
    for (const auto& column : schema.columns()) scope.columns.push_back({schema.name(), column.name, column.type});
    // (Its type is not checked either, as PostgreSQL does not.)
    ExpressionBinder(scope).bind(infer.where_clause);
  }
  std::set<std::size_t> columns;
  for (std::size_t i = 0; i < infer.n_index_elems; ++i) {
    const PgQuery__Node* node = infer.index_elems[i];
    if (node->node_case != PG_QUERY__NODE__NODE_INDEX_ELEM) no_matching_constraint();
    const PgQuery__IndexElem& element = *node->index_elem;
    // Our indexes have neither expressions nor other collations or operator classes.
    if (element.expr != nullptr || element.n_collation > 0 || element.n_opclass > 0) no_matching_constraint();
    auto position = schema.find_column(element.name);
    if (!position) {
      throw SqlError(sqlstate::kUndefinedColumn, "column \"" + std::string(element.name) + "\" does not exist", {},
                     {}, infer.location + 1);
    }
    columns.insert(*position);
  }
  auto matches = [&](const std::vector<std::size_t>& index_columns) {
    return std::set<std::size_t>(index_columns.begin(), index_columns.end()) == columns;
  };
  plan.primary_key = schema.has_primary_key() && matches(schema.primary_key());
  for (std::size_t i = 0; i < schema.indexes().size(); ++i) {
    const IndexSchema& index = schema.indexes()[i];
    if (index.unique && matches(index.columns)) plan.unique_indexes.push_back(i);
  }
  if (!plan.primary_key && plan.unique_indexes.empty()) no_matching_constraint();
}

// ON CONFLICT ON CONSTRAINT name: the primary key or a UNIQUE constraint
// (a standalone unique index is no constraint, as in PostgreSQL).
void constraint_arbiter(const std::string& name, const TableSchema& schema, OnConflictPlan& plan) {
  if (schema.has_primary_key() && storage::primary_key_index_name(schema) == name) {
    plan.primary_key = true;
    return;
  }
  for (std::size_t i = 0; i < schema.indexes().size(); ++i) {
    const IndexSchema& index = schema.indexes()[i];
    if (index.name == name && !index.standalone) {
      if (!index.unique) no_matching_constraint();
      plan.unique_indexes.push_back(i);
      return;
    }
  }
  throw SqlError(sqlstate::kUndefinedObject,
                 "constraint \"" + name + "\" for table \"" + schema.name() + "\" does not exist");
}

// No target (DO NOTHING only): every unique constraint arbitrates.
void every_arbiter(const TableSchema& schema, OnConflictPlan& plan) {
  plan.without_target = true;
  plan.primary_key = schema.has_primary_key();
  for (std::size_t i = 0; i < schema.indexes().size(); ++i) {
    if (schema.indexes()[i].unique) plan.unique_indexes.push_back(i);
  }
}

// The SET list of DO UPDATE: each assigned column's expression.
std::vector<const PgQuery__Node*> assignments(const PgQuery__OnConflictClause& clause, const TableSchema& schema) {
  std::vector<const PgQuery__Node*> assigned(schema.columns().size(), nullptr);
  for (std::size_t i = 0; i < clause.n_target_list; ++i) {
    const auto& target = *clause.target_list[i]->res_target;
    auto position = schema.find_column(target.name);
    if (!position) {
      throw SqlError(sqlstate::kUndefinedColumn,
                     "column \"" + std::string(target.name) + "\" of relation \"" + storage::split_relation_key(schema.name()).relation + "\" does not exist",
                     {}, {}, target.location + 1);
    }
    if (target.n_indirection > 0) {
      throw SqlError(sqlstate::kFeatureNotSupported, "assigning to a field or array element is not supported yet", {},
                     {}, target.location + 1);
    }
    if (assigned[*position] != nullptr) {
      throw SqlError(sqlstate::kSyntaxError, "multiple assignments to same column \"" + std::string(target.name) + "\"");
    }
    const PgQuery__Node* value = target.val;
    if (value->node_case == PG_QUERY__NODE__NODE_MULTI_ASSIGN_REF) value = multi_assigned_value(*value->multi_assign_ref);
    assigned[*position] = value;
  }
  return assigned;
}

void bind_update(const PgQuery__OnConflictClause& clause, const TableSchema& schema, const std::string& alias,
                 const PlanningContext& context, OnConflictPlan& plan) {
  const storage::World& world = context.world;
  std::vector<const PgQuery__Node*> assigned = assignments(clause, schema);
  std::vector<std::string> set_columns;
  for (std::size_t c = 0; c < assigned.size(); ++c) {
    if (assigned[c] != nullptr) set_columns.push_back(schema.column(c).name);
  }
  check_column_privileges(world, schema.oid(), schema.name(), storage::kPrivUpdate, set_columns);
  check_table_select(world, schema.oid(), schema.name(), false);

  // The existing row under the target's name (or alias), then the proposed one as EXCLUDED.
  Scope scope;
  std::size_t width = schema.columns().size();
  for (const std::string& table : {alias, std::string("excluded")}) {
    for (std::size_t c = 0; c < width; ++c) {
      const ColumnSchema& column = schema.column(c);
      scope.columns.push_back({table, column.name, column.type, table == alias ? schema.oid() : 0,
                               static_cast<std::int16_t>(c + 1)});
    }
  }
  auto bind = [&](const PgQuery__Node* node) { return bind_scoped_expression(node, context, scope); };
  for (std::size_t c = 0; c < width; ++c) {
    const ColumnSchema& column = schema.column(c);
    const PgQuery__Node* value = assigned[c];
    if (value == nullptr) {
      plan.new_values.push_back(column_reference(c, column.type));
    } else if (value->node_case == PG_QUERY__NODE__NODE_SET_TO_DEFAULT) {
      plan.new_values.push_back(bind_default(column));
    } else if (column.identity == 'a') {
      throw SqlError("428C9", "column \"" + column.name + "\" can only be updated to DEFAULT",
                     "Column \"" + column.name + "\" is an identity column defined as GENERATED ALWAYS.");
    } else {
      BoundExpression bound = bind(value);
      if (bound.contains_aggregate()) throw SqlError("42803", "aggregate functions are not allowed in UPDATE");
      plan.new_values.push_back(coerce_for_assignment(std::move(bound), column));
    }
  }
  if (clause.where_clause != nullptr) {
    BoundExpression where = coerce(bind(clause.where_clause), SqlType::of(TypeId::kBoolean), false);
    if (where.type.id != TypeId::kBoolean) {
      throw SqlError(sqlstate::kDatatypeMismatch,
                     "argument of WHERE must be type boolean, not type " + value::format_type(where.type));
    }
    if (where.contains_aggregate()) throw SqlError("42803", "aggregate functions are not allowed in WHERE");
    plan.where = std::move(where);
  }
}

}  // namespace

OnConflictPlan plan_on_conflict(const PgQuery__OnConflictClause& clause, const TableSchema& schema,
                                const std::string& alias, const PlanningContext& context) {
  OnConflictPlan plan;
  plan.do_update = clause.action == PG_QUERY__ON_CONFLICT_ACTION__ONCONFLICT_UPDATE;
  const PgQuery__InferClause* infer = clause.infer;
  if (infer == nullptr) {
    if (plan.do_update) {
      throw SqlError(sqlstate::kSyntaxError, "ON CONFLICT DO UPDATE requires inference specification or constraint name",
                     {}, "For example, ON CONFLICT (column_name).", clause.location + 1);
    }
    every_arbiter(schema, plan);
  } else if (infer->conname != nullptr && *infer->conname != '\0') {
    constraint_arbiter(infer->conname, schema, plan);
  } else {
    infer_arbiters(*infer, schema, plan);
  }
  if (plan.do_update) bind_update(clause, schema, alias, context, plan);
  plan.target_alias = alias;
  return plan;
}

}  // namespace ptreedb::planner
