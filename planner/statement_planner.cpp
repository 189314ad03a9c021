#include "planner/statement_planner.h"

#include <algorithm>
#include <set>

#include "planner/copy_planner.h"
#include "planner/expression_binder.h"
#include "planner/parse/deparse.h"
#include "planner/parse/parse_sql.h"
#include "planner/select_planner.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

using storage::ColumnSchema;
using storage::IndexSchema;
using storage::TableSchema;
using value::SqlType;
using value::TypeId;

namespace {

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

std::shared_ptr<const storage::Table> lookup_table(const storage::World& world,
                                                   const PgQuery__RangeVar& range) {
  auto table = world.find_table(range.relname);
  if (!table) {
    throw SqlError(sqlstate::kUndefinedTable, "relation \"" + std::string(range.relname) + "\" does not exist",
                   {}, {}, range.location + 1);
  }
  return table;
}

}  // namespace

BoundExpression bind_default(const ColumnSchema& column) {
  if (!column.default_sql) {
    BoundExpression null;
    null.kind = ExprKind::kConstant;
    null.type = column.type;
    return null;
  }
  ParseTree tree = parse_sql("SELECT " + *column.default_sql);
  const auto& select = *tree.statement(0).stmt->select_stmt;
  Scope empty;
  return coerce(ExpressionBinder(empty).bind(select.target_list[0]->res_target->val), column.type, false);
}

namespace {

InsertPlan plan_insert(const PgQuery__InsertStmt& insert, const storage::World& world) {
  if (insert.n_returning_list > 0 || insert.on_conflict_clause != nullptr || insert.with_clause != nullptr) {
    throw SqlError(sqlstate::kFeatureNotSupported, "INSERT with RETURNING, ON CONFLICT or WITH is not supported yet");
  }
  auto table = lookup_table(world, *insert.relation);
  const TableSchema& schema = table->schema();
  InsertPlan plan;
  plan.table_name = schema.name();
  plan.schema = table->schema_ptr();

  // Target columns: those listed, else all in order.
  std::vector<std::size_t> targets;
  for (std::size_t i = 0; i < insert.n_cols; ++i) {
    const auto& target = *insert.cols[i]->res_target;
    auto position = schema.find_column(target.name);
    if (!position) {
      throw SqlError(sqlstate::kUndefinedColumn,
                     "column \"" + std::string(target.name) + "\" of relation \"" + schema.name() + "\" does not exist",
                     {}, {}, target.location + 1);
    }
    if (std::find(targets.begin(), targets.end(), *position) != targets.end()) {
      throw SqlError("42701", "column \"" + std::string(target.name) + "\" specified more than once", {}, {},
                     target.location + 1);
    }
    targets.push_back(*position);
  }
  if (insert.n_cols == 0) {
    for (std::size_t c = 0; c < schema.columns().size(); ++c) targets.push_back(c);
  }

  const PgQuery__Node* source = insert.select_stmt;
  if (source == nullptr || source->node_case != PG_QUERY__NODE__NODE_SELECT_STMT ||
      source->select_stmt->n_values_lists == 0) {
    throw SqlError(sqlstate::kFeatureNotSupported, "only INSERT ... VALUES is supported yet");
  }
  const auto& values = *source->select_stmt;
  Scope empty;
  ExpressionBinder binder(empty);
  std::vector<BoundExpression> defaults;
  for (const auto& column : schema.columns()) defaults.push_back(bind_default(column));
  for (std::size_t r = 0; r < values.n_values_lists; ++r) {
    const auto& list = *values.values_lists[r]->list;
    if (list.n_items > targets.size()) {
      throw SqlError(sqlstate::kSyntaxError, "INSERT has more expressions than target columns");
    }
    if (list.n_items < targets.size()) {
      throw SqlError(sqlstate::kSyntaxError, "INSERT has more target columns than expressions");
    }
    std::vector<BoundExpression> row = defaults;
    for (std::size_t i = 0; i < list.n_items; ++i) {
      const PgQuery__Node* item = list.items[i];
      if (item->node_case == PG_QUERY__NODE__NODE_SET_TO_DEFAULT) continue;
      const ColumnSchema& column = schema.column(targets[i]);
      BoundExpression bound = binder.bind(item);
      try {
        row[targets[i]] = coerce(std::move(bound), column.type, false);
      } catch (const SqlError& error) {
        if (error.sqlstate() != sqlstate::kDatatypeMismatch) throw;
        throw SqlError(sqlstate::kDatatypeMismatch,
                       "column \"" + column.name + "\" " + std::string(error.what()).substr(std::string("column ").size()),
                       {}, "You will need to rewrite or cast the expression.");
      }
    }
    plan.rows.push_back(std::move(row));
  }
  return plan;
}

SqlType resolve_column_type(const PgQuery__TypeName& type_name) {
  std::vector<std::int32_t> modifiers;
  for (std::size_t i = 0; i < type_name.n_typmods; ++i) {
    const PgQuery__Node* modifier = type_name.typmods[i];
    if (modifier->node_case != PG_QUERY__NODE__NODE_A_CONST ||
        modifier->a_const->val_case != PG_QUERY__A__CONST__VAL_IVAL) {
      throw SqlError(sqlstate::kSyntaxError, "type modifiers must be simple constants", {}, {},
                     type_name.location + 1);
    }
    modifiers.push_back(modifier->a_const->ival->ival);
  }
  if (type_name.n_array_bounds > 0) {
    throw SqlError(sqlstate::kFeatureNotSupported, "array types are not supported yet");
  }
  return value::resolve_type_name(string_of(type_name.names[type_name.n_names - 1]), modifiers);
}

std::vector<std::size_t> key_columns(const std::vector<ColumnSchema>& columns, PgQuery__Node** keys,
                                     std::size_t count, int location) {
  std::vector<std::size_t> positions;
  for (std::size_t i = 0; i < count; ++i) {
    std::string name = string_of(keys[i]);
    auto found = std::find_if(columns.begin(), columns.end(), [&](const ColumnSchema& c) { return c.name == name; });
    if (found == columns.end()) {
      throw SqlError(sqlstate::kUndefinedColumn, "column \"" + name + "\" named in key does not exist", {}, {},
                     location + 1);
    }
    positions.push_back(static_cast<std::size_t>(found - columns.begin()));
  }
  return positions;
}

CreateTablePlan plan_create_table(const PgQuery__CreateStmt& create, const storage::World& world) {
  std::string name = create.relation->relname;
  CreateTablePlan plan;
  plan.if_not_exists = create.if_not_exists;
  if (world.find_table(name)) {
    if (create.if_not_exists) return plan;  // schema stays null: nothing to do
    throw SqlError("42P07", "relation \"" + name + "\" already exists");
  }
  std::vector<ColumnSchema> columns;
  std::vector<std::size_t> primary_key;
  std::vector<IndexSchema> indexes;
  auto add_unique = [&](std::vector<std::size_t> keys, const char* constraint_name) {
    std::string index_name = constraint_name != nullptr && *constraint_name ? constraint_name : name;
    if (constraint_name == nullptr || !*constraint_name) {
      for (std::size_t key : keys) index_name += "_" + columns[key].name;
      index_name += "_key";
    }
    indexes.push_back({index_name, std::move(keys), true});
  };
  auto set_primary_key = [&](std::vector<std::size_t> keys, int location) {
    if (!primary_key.empty()) {
      throw SqlError("42P16", "multiple primary keys for table \"" + name + "\" are not allowed", {}, {}, location + 1);
    }
    primary_key = std::move(keys);
  };
  std::vector<const PgQuery__Constraint*> table_constraints;
  for (std::size_t i = 0; i < create.n_table_elts; ++i) {
    const PgQuery__Node* element = create.table_elts[i];
    if (element->node_case == PG_QUERY__NODE__NODE_CONSTRAINT) {
      table_constraints.push_back(element->constraint);
      continue;
    }
    if (element->node_case != PG_QUERY__NODE__NODE_COLUMN_DEF) {
      throw SqlError(sqlstate::kFeatureNotSupported, "this table element is not supported yet");
    }
    const auto& definition = *element->column_def;
    for (const auto& existing : columns) {
      if (existing.name == definition.colname) {
        throw SqlError("42701", "column \"" + existing.name + "\" specified more than once");
      }
    }
    ColumnSchema column(definition.colname, resolve_column_type(*definition.type_name), definition.is_not_null);
    std::size_t position = columns.size();
    columns.push_back(column);
    for (std::size_t c = 0; c < definition.n_constraints; ++c) {
      const auto& constraint = *definition.constraints[c]->constraint;
      switch (constraint.contype) {
        case PG_QUERY__CONSTR_TYPE__CONSTR_NOTNULL:
          columns[position].not_null = true;
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_NULL:
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY:
          set_primary_key({position}, constraint.location);
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE:
          add_unique({position}, constraint.conname);
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_DEFAULT: {
          columns[position].default_sql = deparse_expression(constraint.raw_expr);
          bind_default(columns[position]);  // type-check it now, as PostgreSQL does
          break;
        }
        default:
          throw SqlError(sqlstate::kFeatureNotSupported, "this column constraint is not supported yet", {}, {},
                         constraint.location + 1);
      }
    }
  }
  for (const PgQuery__Constraint* constraint : table_constraints) {
    switch (constraint->contype) {
      case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY:
        set_primary_key(key_columns(columns, constraint->keys, constraint->n_keys, constraint->location),
                        constraint->location);
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE:
        add_unique(key_columns(columns, constraint->keys, constraint->n_keys, constraint->location),
                   constraint->conname);
        break;
      default:
        throw SqlError(sqlstate::kFeatureNotSupported, "this table constraint is not supported yet", {}, {},
                       constraint->location + 1);
    }
  }
  plan.schema = std::make_shared<TableSchema>(world.next_oid(), name, std::move(columns),
                                              std::move(primary_key), std::move(indexes));
  return plan;
}

DropTablePlan plan_drop(const PgQuery__DropStmt& drop, const storage::World& world) {
  if (drop.remove_type != PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) {
    throw SqlError(sqlstate::kFeatureNotSupported, "only DROP TABLE is supported yet");
  }
  DropTablePlan plan;
  plan.missing_ok = drop.missing_ok;
  for (std::size_t i = 0; i < drop.n_objects; ++i) {
    const auto& names = *drop.objects[i]->list;
    std::string name = string_of(names.items[names.n_items - 1]);
    if (!world.find_table(name) && !drop.missing_ok) {
      throw SqlError(sqlstate::kUndefinedTable, "table \"" + name + "\" does not exist");
    }
    plan.names.push_back(name);
  }
  return plan;
}

}  // namespace

StatementPlan plan_statement(const PgQuery__Node& statement, const storage::World& world) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_SELECT_STMT:
      return plan_select_statement(*statement.select_stmt, world);
    case PG_QUERY__NODE__NODE_INSERT_STMT:
      return plan_insert(*statement.insert_stmt, world);
    case PG_QUERY__NODE__NODE_CREATE_STMT:
      return plan_create_table(*statement.create_stmt, world);
    case PG_QUERY__NODE__NODE_COPY_STMT:
      return plan_copy(*statement.copy_stmt, world);
    case PG_QUERY__NODE__NODE_DROP_STMT:
      return plan_drop(*statement.drop_stmt, world);
    default:
      throw SqlError(sqlstate::kFeatureNotSupported, "this statement is not supported yet");
  }
}

}  // namespace ptreedb::planner
