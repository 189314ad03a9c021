#include "planner/dml_planner.h"

#include <algorithm>
#include <optional>
#include <span>

#include "planner/assignment_coercion.h"
#include "planner/ddl_clauses.h"
#include "planner/expression_binder.h"
#include "planner/on_conflict_planner.h"
#include "planner/privileges.h"
#include "planner/select_planner.h"
#include "planner/statement_planner.h"
#include "planner/view_updatability.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner {

using storage::ColumnSchema;
using storage::TableSchema;
using value::SqlType;
using value::TypeId;

namespace {

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

[[noreturn]] void not_supported(const std::string& what, int location = -1) {
  throw SqlError(sqlstate::kFeatureNotSupported, what + " is not supported yet", {}, {},
                 location >= 0 ? location + 1 : 0);
}

std::span<PgQuery__Node* const> items(PgQuery__Node** nodes, std::size_t count) {
  return count == 0 ? std::span<PgQuery__Node* const>() : std::span<PgQuery__Node* const>(nodes, count);
}

// The table a statement writes to; views are not writable here.
std::shared_ptr<const storage::Table> target_table(const storage::World& world, const PgQuery__RangeVar& range,
                                                   const char* statement) {
  std::string name = range.relname;
  check_relation_database(range);
  if (range.schemaname != nullptr && *range.schemaname != '\0' && std::string(range.schemaname) != "public") {
    // Only schema public holds tables; PostgreSQL names the relation as written.
    throw SqlError(sqlstate::kUndefinedTable, "relation \"" + std::string(range.schemaname) + "." + name +
                                                  "\" does not exist", {}, {}, range.location + 1);
  }
  if (auto table = world.find_table(name)) return table;
  if (auto view = world.find_view(name)) {
    if (auto reason = view_not_auto_updatable_reason(view->query_sql)) {
      const std::string_view command = statement;
      const char* verb = command == "INSERT" ? "insert into" : command == "UPDATE" ? "update" : "delete from";
      const char* doing = command == "INSERT" ? "inserting into" : command == "UPDATE" ? "updating" : "deleting from";
      throw SqlError("55000", std::string("cannot ") + verb + " view \"" + name + "\"", *reason,
                     std::string("To enable ") + doing + " the view, provide an INSTEAD OF " + statement +
                         " trigger or an unconditional ON " + statement + " DO INSTEAD rule.");
    }
    not_supported(std::string(statement) + " on a view", range.location);
  }
  throw SqlError(sqlstate::kUndefinedTable, "relation \"" + name + "\" does not exist", {}, {}, range.location + 1);
}

std::string alias_of(const PgQuery__RangeVar& range) {
  return range.alias != nullptr ? range.alias->aliasname : range.relname;
}

// The target table's columns as its FROM entry names them.
std::vector<ScopeColumn> table_columns(const TableSchema& schema, const std::string& alias) {
  std::vector<ScopeColumn> columns;
  for (std::size_t c = 0; c < schema.columns().size(); ++c) {
    const ColumnSchema& column = schema.column(c);
    columns.push_back({alias, column.name, column.type, schema.oid(), static_cast<std::int16_t>(c + 1)});
  }
  return columns;
}

// UPDATE's and DELETE's target: a scan that also emits row positions, the
// last column, which has no name, so no query text can refer to it and `*`
// never shows it.
PlannedRelation scan_with_row_positions(const std::shared_ptr<const storage::Table>& table, const std::string& alias) {
  const TableSchema& schema = table->schema();
  std::vector<ScopeColumn> columns = table_columns(schema, alias);
  columns.push_back({"", "", SqlType::of(TypeId::kBigint)});
  std::vector<SqlType> types;
  for (const auto& column : columns) types.push_back(column.type);
  ScanNode scan;
  scan.table = table;
  scan.row_positions = true;
  scan.index_use = current_planner_methods().index_use;
  return {make_node(std::move(scan), std::move(types), static_cast<double>(table->row_count())), std::move(columns)};
}

// Names the FROM items give their relations (aliases, else table names).
void collect_relation_names(const PgQuery__Node* item, std::vector<std::string>& names) {
  check_stack_depth();
  switch (item->node_case) {
    case PG_QUERY__NODE__NODE_RANGE_VAR:
      names.push_back(alias_of(*item->range_var));
      break;
    case PG_QUERY__NODE__NODE_RANGE_SUBSELECT:
      if (item->range_subselect->alias != nullptr) names.push_back(item->range_subselect->alias->aliasname);
      break;
    case PG_QUERY__NODE__NODE_JOIN_EXPR:
      collect_relation_names(item->join_expr->larg, names);
      collect_relation_names(item->join_expr->rarg, names);
      break;
    default:
      break;
  }
}

// UPDATE ... FROM and DELETE ... USING may not name the target again, as in PostgreSQL.
void check_target_named_once(const std::string& target, std::span<PgQuery__Node* const> from_items) {
  std::vector<std::string> names;
  for (const PgQuery__Node* item : from_items) collect_relation_names(item, names);
  if (std::find(names.begin(), names.end(), target) != names.end()) {
    throw SqlError("42712", "table name \"" + target + "\" specified more than once");
  }
}

// WHERE CURRENT OF names a cursor, and there are no cursors.
void check_no_cursor(const PgQuery__Node* where) {
  if (where != nullptr && where->node_case == PG_QUERY__NODE__NODE_CURRENT_OF_EXPR) {
    throw SqlError("34000", "cursor \"" + std::string(where->current_of_expr->cursor_name) + "\" does not exist");
  }
}

// The WITH queries of a DML statement, visible to all of it.
PlanningContext context_with(const storage::World& world, const PgQuery__WithClause* with, CommonTableScope& scope,
                             const CommonTableScope* outer) {
  PlanningContext context{world, outer};
  if (with == nullptr) return context;
  scope.parent = outer;
  enter_with_clause(*with, scope);
  context.common_tables = &scope;
  return context;
}

// RETURNING's expressions over the binder's scope and the columns they make.
std::vector<BoundExpression> bind_returning(std::span<PgQuery__Node* const> list, const ExpressionBinder& binder,
                                            std::vector<OutputColumn>& columns) {
  const Scope& scope = binder.scope();
  std::vector<BoundExpression> values;
  for (const PgQuery__Node* item : list) {
    const auto& target = *item->res_target;
    const PgQuery__Node* value = target.val;
    if (value->node_case == PG_QUERY__NODE__NODE_COLUMN_REF) {
      const auto& ref = *value->column_ref;
      if (ref.fields[ref.n_fields - 1]->node_case == PG_QUERY__NODE__NODE_A_STAR) {
        std::string table = ref.n_fields > 1 ? string_of(ref.fields[ref.n_fields - 2]) : "";
        bool any = false;
        for (std::size_t c = 0; c < scope.columns.size(); ++c) {
          const ScopeColumn& column = scope.columns[c];
          if (column.name.empty() || (table.empty() ? column.qualified_only : column.table != table)) continue;
          any = true;
          note_column_read(column.table_oid, column.column_number);  // RETURNING * reads every column
          values.push_back(column_reference(c, column.type));
          columns.push_back({column.name, column.type, column.table_oid, column.column_number});
        }
        if (!any && !table.empty()) {
          throw SqlError(sqlstate::kUndefinedTable, "missing FROM-clause entry for table \"" + table + "\"", {}, {},
                         ref.location + 1);
        }
        continue;
      }
    }
    BoundExpression bound = binder.bind(value);
    if (bound.contains_aggregate()) {
      throw SqlError("42803", "aggregate functions are not allowed in RETURNING", {}, {}, target.location + 1);
    }
    bound = resolve_unknown(std::move(bound), SqlType::of(TypeId::kText));
    OutputColumn column{target.name != nullptr && *target.name ? target.name : default_column_name(value), bound.type};
    if (bound.kind == ExprKind::kColumn && bound.column < scope.columns.size()) {
      column.table_oid = scope.columns[bound.column].table_oid;
      column.column_number = scope.columns[bound.column].column_number;
    }
    values.push_back(std::move(bound));
    columns.push_back(std::move(column));
  }
  return values;
}

// `expr` with every reference to target column c (c < new_values.size())
// replaced by that column's new value: RETURNING sees the row as written.
BoundExpression with_new_values(BoundExpression expr, const std::vector<BoundExpression>& new_values) {
  check_stack_depth();
  if (expr.kind == ExprKind::kColumn && expr.column < new_values.size()) return new_values[expr.column];
  for (auto& arg : expr.args) arg = with_new_values(std::move(arg), new_values);
  return expr;
}

// A string literal or NULL as a plain SELECT's select-list item `index`: its
// type stays open until the INSERT gives it the column's, as in PostgreSQL.
const PgQuery__Node* untyped_literal_item(const PgQuery__SelectStmt& select, std::size_t index) {
  if (select.op != PG_QUERY__SET_OPERATION__SETOP_NONE || select.n_values_lists > 0 ||
      select.n_target_list <= index) {
    return nullptr;
  }
  for (std::size_t i = 0; i < select.n_target_list; ++i) {
    const PgQuery__Node* value = select.target_list[i]->res_target->val;
    bool star = value->node_case == PG_QUERY__NODE__NODE_COLUMN_REF &&
                value->column_ref->fields[value->column_ref->n_fields - 1]->node_case == PG_QUERY__NODE__NODE_A_STAR;
    if (star) return nullptr;  // items no longer line up with output columns
  }
  const PgQuery__Node* value = select.target_list[index]->res_target->val;
  if (value->node_case != PG_QUERY__NODE__NODE_A_CONST) return nullptr;
  const auto& constant = *value->a_const;
  return constant.isnull || constant.val_case == PG_QUERY__A__CONST__VAL_SVAL ? value : nullptr;
}

// The table positions INSERT's column list names, or every column in order.
std::vector<std::size_t> insert_targets(const PgQuery__InsertStmt& insert, const TableSchema& schema) {
  std::vector<std::size_t> targets;
  for (std::size_t i = 0; i < insert.n_cols; ++i) {
    const auto& target = *insert.cols[i]->res_target;
    auto position = schema.find_column(target.name);
    if (!position) {
      throw SqlError(sqlstate::kUndefinedColumn,
                     "column \"" + std::string(target.name) + "\" of relation \"" + storage::split_relation_key(schema.name()).relation + "\" does not exist",
                     {}, {}, target.location + 1);
    }
    if (target.n_indirection > 0) not_supported("INSERT into a field or array element", target.location);
    if (std::find(targets.begin(), targets.end(), *position) != targets.end()) {
      throw SqlError("42701", "column \"" + std::string(target.name) + "\" specified more than once", {}, {},
                     target.location + 1);
    }
    targets.push_back(*position);
  }
  if (insert.n_cols == 0) {
    for (std::size_t c = 0; c < schema.columns().size(); ++c) targets.push_back(c);
  }
  return targets;
}

// Without a column list, fewer expressions than columns is fine: the rest
// get their defaults.
void check_expression_count(std::size_t expressions, std::size_t targets, bool column_list) {
  if (expressions > targets) throw SqlError(sqlstate::kSyntaxError, "INSERT has more expressions than target columns");
  if (expressions < targets && column_list) {
    throw SqlError(sqlstate::kSyntaxError, "INSERT has more target columns than expressions");
  }
}

std::vector<SqlType> column_types(const TableSchema& schema) {
  std::vector<SqlType> types;
  for (const auto& column : schema.columns()) types.push_back(column.type);
  return types;
}

bool draws_sequence_value(const BoundExpression& expr) {
  if (expr.kind == ExprKind::kFunction && expr.function == FunctionId::kSequenceCall) return true;
  for (const auto& arg : expr.args) {
    if (draws_sequence_value(arg)) return true;
  }
  return false;
}

// A value given for an identity column: GENERATED ALWAYS refuses it unless
// OVERRIDING SYSTEM VALUE (428C9); OVERRIDING USER VALUE replaces it with
// the sequence's next value. True when the column keeps its default.
bool identity_keeps_default(const ColumnSchema& column, PgQuery__OverridingKind overriding) {
  if (column.identity == 0) return false;
  if (overriding == PG_QUERY__OVERRIDING_KIND__OVERRIDING_USER_VALUE) return true;
  if (column.identity == 'a' && overriding != PG_QUERY__OVERRIDING_KIND__OVERRIDING_SYSTEM_VALUE) {
    throw SqlError("428C9", "cannot insert a non-DEFAULT value into column \"" + column.name + "\"",
                   "Column \"" + column.name + "\" is an identity column defined as GENERATED ALWAYS.",
                   "Use OVERRIDING SYSTEM VALUE to override.");
  }
  return false;
}

// INSERT ... VALUES (and DEFAULT VALUES): each item coerced to its column on
// its own, as PostgreSQL does for VALUES directly under INSERT.
// The columns' defaults, each bound the first time a row takes it: a
// default no row uses is never bound, so its nextval needs no privilege (as
// PostgreSQL adds defaults only for the columns left out or given DEFAULT).
class LazyDefaults {
 public:
  explicit LazyDefaults(const TableSchema& schema) : schema_(schema), bound_(schema.columns().size()) {}
  // `values` with the unset columns given their defaults.
  std::vector<BoundExpression> complete(std::vector<std::optional<BoundExpression>> values) {
    std::vector<BoundExpression> row;
    row.reserve(values.size());
    for (std::size_t c = 0; c < values.size(); ++c) row.push_back(values[c] ? std::move(*values[c]) : bound(c));
    return row;
  }

 private:
  const BoundExpression& bound(std::size_t column) {
    if (!bound_[column]) bound_[column] = bind_default(schema_.column(column));
    return *bound_[column];
  }

  const TableSchema& schema_;
  std::vector<std::optional<BoundExpression>> bound_;
};

PlanPtr plan_insert_values(const PgQuery__SelectStmt* values, const std::vector<std::size_t>& targets,
                           bool column_list, const TableSchema& schema, const PlanningContext& context,
                           PgQuery__OverridingKind overriding) {
  LazyDefaults defaults(schema);
  const std::size_t width = schema.columns().size();
  std::vector<std::vector<BoundExpression>> rows;
  if (values == nullptr) rows.push_back(defaults.complete(std::vector<std::optional<BoundExpression>>(width)));
  for (std::size_t r = 0; values != nullptr && r < values->n_values_lists; ++r) {
    const auto& list = *values->values_lists[r]->list;
    if (list.n_items != values->values_lists[0]->list->n_items) {
      throw SqlError(sqlstate::kSyntaxError, "VALUES lists must all be the same length");
    }
    check_expression_count(list.n_items, targets.size(), column_list);
    std::vector<std::optional<BoundExpression>> row(width);
    for (std::size_t i = 0; i < list.n_items; ++i) {
      const PgQuery__Node* item = list.items[i];
      if (item->node_case == PG_QUERY__NODE__NODE_SET_TO_DEFAULT) continue;
      if (identity_keeps_default(schema.column(targets[i]), overriding)) continue;
      BoundExpression bound = bind_standalone_expression(item, context);
      if (bound.contains_aggregate()) throw SqlError("42803", "aggregate functions are not allowed in VALUES");
      row[targets[i]] = coerce_for_assignment(std::move(bound), schema.column(targets[i]));
    }
    rows.push_back(defaults.complete(std::move(row)));
  }
  double count = static_cast<double>(rows.size());
  return make_node(ValuesNode{std::move(rows)}, column_types(schema), count);
}

// INSERT ... SELECT: the query's columns coerced to the target columns, the
// other columns their defaults.
PlanPtr plan_insert_select(const PgQuery__SelectStmt& select, const std::vector<std::size_t>& targets,
                           bool column_list, const TableSchema& schema, const PlanningContext& context,
                           PgQuery__OverridingKind overriding) {
  QueryBlock block = plan_query_block(select, context);
  check_expression_count(block.columns.size(), targets.size(), column_list);
  std::vector<std::optional<BoundExpression>> given(schema.columns().size());
  Scope empty;
  for (std::size_t i = 0; i < block.columns.size(); ++i) {
    if (identity_keeps_default(schema.column(targets[i]), overriding)) continue;
    const PgQuery__Node* literal = untyped_literal_item(select, i);
    BoundExpression value = literal != nullptr ? ExpressionBinder(empty).bind(literal)
                                               : column_reference(i, block.columns[i].type);
    given[targets[i]] = coerce_for_assignment(std::move(value), schema.column(targets[i]));
  }
  std::vector<BoundExpression> row = LazyDefaults(schema).complete(std::move(given));
  double rows = block.root->estimated_rows;
  return make_node(ProjectNode{block.root, std::move(row)}, column_types(schema), rows);
}

}  // namespace

// The value of one `SET (a, b) = (x, y)` column: its item of the row.
const PgQuery__Node* multi_assigned_value(const PgQuery__MultiAssignRef& ref) {
  const PgQuery__Node* source = ref.source;
  if (source != nullptr && source->node_case == PG_QUERY__NODE__NODE_SUB_LINK) {
    not_supported("UPDATE SET (...) = (SELECT ...)", source->sub_link->location);
  }
  if (source == nullptr || source->node_case != PG_QUERY__NODE__NODE_ROW_EXPR) {
    throw SqlError(sqlstate::kSyntaxError,
                   "source for a multiple-column UPDATE item must be a sub-SELECT or ROW() expression");
  }
  const auto& row = *source->row_expr;
  if (row.n_args != static_cast<std::size_t>(ref.ncolumns)) {
    throw SqlError(sqlstate::kSyntaxError, "number of columns does not match number of values", {}, {},
                   row.location + 1);
  }
  return row.args[ref.colno - 1];
}

InsertPlan plan_insert(const PgQuery__InsertStmt& insert, const storage::World& world, const CommonTableScope* outer) {
  CommonTableScope common_tables;
  PlanningContext context = context_with(world, insert.with_clause, common_tables, outer);
  auto table = target_table(world, *insert.relation, "INSERT");
  const TableSchema& schema = table->schema();
  std::vector<std::size_t> targets = insert_targets(insert, schema);
  {
    std::vector<std::string> insert_columns;
    for (std::size_t position : targets) insert_columns.push_back(schema.column(position).name);
    check_column_privileges(world, schema.oid(), schema.name(), storage::kPrivInsert, insert_columns);
    if (insert.n_returning_list > 0) check_table_select(world, schema.oid(), schema.name(), false);
  }

  const PgQuery__SelectStmt* select =
      insert.select_stmt != nullptr && insert.select_stmt->node_case == PG_QUERY__NODE__NODE_SELECT_STMT
          ? insert.select_stmt->select_stmt
          : nullptr;
  if (insert.select_stmt != nullptr && select == nullptr) not_supported("this INSERT source");
  bool plain_values = select != nullptr && select->n_values_lists > 0 && select->n_sort_clause == 0 &&
                      select->limit_count == nullptr && select->limit_offset == nullptr &&
                      select->with_clause == nullptr;
  bool column_list = insert.n_cols > 0;
  PlanPtr rows = select == nullptr || plain_values
                     ? plan_insert_values(select, targets, column_list, schema, context, insert.override)
                     : plan_insert_select(*select, targets, column_list, schema, context, insert.override);

  InsertPlan plan;
  plan.table_name = schema.name();
  plan.schema = table->schema_ptr();
  plan.checks = bind_table_checks(schema);
  plan.source = std::move(rows);
  if (insert.on_conflict_clause != nullptr) {
    plan.on_conflict = plan_on_conflict(*insert.on_conflict_clause, schema, alias_of(*insert.relation), context);
    if (insert.n_returning_list > 0) {
      // RETURNING reads each row inserted or updated, evaluated by the executor.
      Scope scope{table_columns(schema, alias_of(*insert.relation))};
      plan.returning.emplace();
      plan.returning_values =
          bind_returning(items(insert.returning_list, insert.n_returning_list), ExpressionBinder(scope), *plan.returning);
    }
  } else if (insert.n_returning_list > 0) {
    // RETURNING reads the new rows, under the target's name (or alias).
    std::size_t width = schema.columns().size();
    PlannedRelation relation{plan.source, table_columns(schema, alias_of(*insert.relation))};
    plan.returning.emplace();
    plan.source = plan_dml_rows(context, std::move(relation), {}, nullptr, [&](const ExpressionBinder& binder) {
      std::vector<BoundExpression> outputs;
      for (std::size_t c = 0; c < width; ++c) outputs.push_back(column_reference(c, schema.column(c).type));
      for (auto& value : bind_returning(items(insert.returning_list, insert.n_returning_list), binder,
                                        *plan.returning)) {
        outputs.push_back(std::move(value));
      }
      return outputs;
    });
  }
  prune_columns(*plan.source, std::vector<bool>(plan.source->types.size(), true));
  return plan;
}

UpdatePlan plan_update(const PgQuery__UpdateStmt& update, const storage::World& world, const CommonTableScope* outer) {
  CommonTableScope common_tables;
  PlanningContext context = context_with(world, update.with_clause, common_tables, outer);
  auto table = target_table(world, *update.relation, "UPDATE");
  const TableSchema& schema = table->schema();
  std::size_t width = schema.columns().size();

  // SET: the expression each assigned column gets.
  std::vector<const PgQuery__Node*> assigned(width, nullptr);
  for (std::size_t i = 0; i < update.n_target_list; ++i) {
    const auto& target = *update.target_list[i]->res_target;
    auto position = schema.find_column(target.name);
    if (!position) {
      throw SqlError(sqlstate::kUndefinedColumn,
                     "column \"" + std::string(target.name) + "\" of relation \"" + schema.name() + "\" does not exist",
                     {}, {}, target.location + 1);
    }
    if (target.n_indirection > 0) not_supported("assigning to a field or array element", target.location);
    if (assigned[*position] != nullptr) {
      throw SqlError(sqlstate::kSyntaxError, "multiple assignments to same column \"" + std::string(target.name) + "\"");
    }
    const PgQuery__Node* value = target.val;
    if (value->node_case == PG_QUERY__NODE__NODE_MULTI_ASSIGN_REF) value = multi_assigned_value(*value->multi_assign_ref);
    assigned[*position] = value;
  }  // UPDATE on each SET column (or the table); reading rows (WHERE, RETURNING) needs SELECT too.
  {
    std::vector<std::string> set_columns;
    for (std::size_t c = 0; c < width; ++c) {
      if (assigned[c] != nullptr) set_columns.push_back(schema.column(c).name);
    }
    check_column_privileges(world, schema.oid(), schema.name(), storage::kPrivUpdate, set_columns);
    // Reading columns (WHERE, SET expressions, RETURNING) needs their SELECT.
    check_table_select(world, schema.oid(), schema.name(), false);
  }


  std::span<PgQuery__Node* const> from_items = items(update.from_clause, update.n_from_clause);
  check_target_named_once(alias_of(*update.relation), from_items);
  check_no_cursor(update.where_clause);

  UpdatePlan plan;
  plan.table_name = schema.name();
  plan.table = table;
  plan.checks = bind_table_checks(schema);
  plan.source = plan_dml_rows(
      context, scan_with_row_positions(table, alias_of(*update.relation)), from_items, update.where_clause,
      [&](const ExpressionBinder& binder) {
        std::vector<BoundExpression> new_values;
        for (std::size_t c = 0; c < width; ++c) {
          const ColumnSchema& column = schema.column(c);
          const PgQuery__Node* value = assigned[c];
          if (value == nullptr) {
            new_values.push_back(column_reference(c, column.type));
          } else if (value->node_case == PG_QUERY__NODE__NODE_SET_TO_DEFAULT) {
            new_values.push_back(bind_default(column));
          } else if (column.identity == 'a') {
            throw SqlError("428C9", "column \"" + column.name + "\" can only be updated to DEFAULT",
                           "Column \"" + column.name + "\" is an identity column defined as GENERATED ALWAYS.");
          } else {
            BoundExpression bound = binder.bind(value);
            if (bound.contains_aggregate()) throw SqlError("42803", "aggregate functions are not allowed in UPDATE");
            new_values.push_back(coerce_for_assignment(std::move(bound), column));
          }
        }
        std::vector<BoundExpression> outputs{column_reference(width, SqlType::of(TypeId::kBigint))};
        outputs.insert(outputs.end(), new_values.begin(), new_values.end());
        if (update.n_returning_list > 0) {
          // RETURNING re-evaluates the new values' expressions: a nextval there would draw twice.
          for (const auto& value : new_values) {
            if (draws_sequence_value(value)) {
              throw SqlError(sqlstate::kFeatureNotSupported,
                             "UPDATE ... RETURNING with a column set from a sequence (nextval, DEFAULT of a serial "
                             "or identity column) is not supported");
            }
          }
          plan.returning.emplace();
          for (auto& value : bind_returning(items(update.returning_list, update.n_returning_list), binder,
                                            *plan.returning)) {
            outputs.push_back(with_new_values(std::move(value), new_values));
          }
        }
        return outputs;
      });
  prune_columns(*plan.source, std::vector<bool>(plan.source->types.size(), true));
  return plan;
}

DeletePlan plan_delete(const PgQuery__DeleteStmt& del, const storage::World& world, const CommonTableScope* outer) {
  CommonTableScope common_tables;
  PlanningContext context = context_with(world, del.with_clause, common_tables, outer);
  auto table = target_table(world, *del.relation, "DELETE");
  check_relation_privilege(world, table->schema().oid(), table->schema().name(), false, storage::kPrivDelete);
  check_table_select(world, table->schema().oid(), table->schema().name(), false);  // columns read, if any
  std::size_t width = table->schema().columns().size();

  std::span<PgQuery__Node* const> using_items = items(del.using_clause, del.n_using_clause);
  check_target_named_once(alias_of(*del.relation), using_items);
  check_no_cursor(del.where_clause);

  DeletePlan plan;
  plan.table_name = table->schema().name();
  plan.table = table;
  plan.source = plan_dml_rows(
      context, scan_with_row_positions(table, alias_of(*del.relation)), using_items, del.where_clause,
      [&](const ExpressionBinder& binder) {
        std::vector<BoundExpression> outputs{column_reference(width, SqlType::of(TypeId::kBigint))};
        if (del.n_returning_list > 0) {
          plan.returning.emplace();
          for (auto& value : bind_returning(items(del.returning_list, del.n_returning_list), binder,
                                            *plan.returning)) {
            outputs.push_back(std::move(value));
          }
        }
        return outputs;
      });
  prune_columns(*plan.source, std::vector<bool>(plan.source->types.size(), true));
  return plan;
}

TruncatePlan plan_truncate(const PgQuery__TruncateStmt& truncate, const storage::World& world) {
  if (truncate.restart_seqs) not_supported("TRUNCATE ... RESTART IDENTITY");
  TruncatePlan plan;
  plan.cascade = truncate.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
  for (std::size_t i = 0; i < truncate.n_relations; ++i) {
    const auto& range = *truncate.relations[i]->range_var;
    check_named_relation_schema(range);
    std::string name = range.relname;
    if (!world.find_table(name)) {
      if (world.find_view(name)) throw SqlError("42809", "\"" + name + "\" is not a table");
      throw SqlError(sqlstate::kUndefinedTable, "relation \"" + name + "\" does not exist", {}, {},
                     range.location + 1);
    }
    check_relation_privilege(world, world.find_table(name)->schema().oid(), name, false, storage::kPrivTruncate);
    if (std::find(plan.names.begin(), plan.names.end(), name) == plan.names.end()) plan.names.push_back(name);
  }
  return plan;
}

}  // namespace ptreedb::planner
