#include "planner/ddl_planner.h"

#include <algorithm>

#include "planner/catalog/catalog_oids.h"
#include "planner/check_constraint.h"
#include "planner/ddl_clauses.h"
#include "planner/parse/deparse.h"
#include "planner/parse/parse_sql.h"
#include "planner/privileges.h"
#include "planner/select_planner.h"
#include "planner/storage_parameters.h"
#include "planner/statement_planner.h"
#include "planner/view_query_text.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

using storage::RelationKind;

namespace {

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

[[noreturn]] void not_supported(const std::string& what, int location = -1) {
  throw SqlError(sqlstate::kFeatureNotSupported, what + " is not supported", {}, {}, location + 1);
}

bool cascades(PgQuery__DropBehavior behavior) { return behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE; }

// The relation kind an ALTER or RENAME statement names; others are not supported.
RelationKind relation_kind_of(PgQuery__ObjectType type) {
  switch (type) {
    case PG_QUERY__OBJECT_TYPE__OBJECT_TABLE: return RelationKind::kTable;
    case PG_QUERY__OBJECT_TYPE__OBJECT_VIEW: return RelationKind::kView;
    case PG_QUERY__OBJECT_TYPE__OBJECT_INDEX: return RelationKind::kIndex;
    case PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE: return RelationKind::kSequence;
    default: not_supported("this kind of object");
  }
}

std::string alter_tag(RelationKind kind) {
  switch (kind) {
    case RelationKind::kTable: return "ALTER TABLE";
    case RelationKind::kView: return "ALTER VIEW";
    case RelationKind::kIndex: return "ALTER INDEX";
    case RelationKind::kSequence: return "ALTER SEQUENCE";
  }
  return "ALTER TABLE";
}

AddColumn add_column(const PgQuery__ColumnDef& definition, bool if_not_exists, const std::string& table) {
  AddColumn action;
  action.if_not_exists = if_not_exists;
  if (definition.type_name == nullptr) not_supported("a column without a type", definition.location);
  action.column = storage::ColumnSchema(definition.colname, resolve_column_type(*definition.type_name),
                                        definition.is_not_null);
  check_column_clauses(definition, action.column.type);
  for (std::size_t c = 0; c < definition.n_constraints; ++c) {
    const auto& constraint = *definition.constraints[c]->constraint;
    switch (constraint.contype) {
      case PG_QUERY__CONSTR_TYPE__CONSTR_NOTNULL:
        action.column.not_null = true;
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_NULL:
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_DEFAULT:
        action.column.default_sql = deparse_expression(constraint.raw_expr);
        check_default(action.column);
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE:
        check_key_constraint_clauses(constraint);
        action.unique = constraint.conname != nullptr ? constraint.conname : "";
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN:
        action.reference = foreign_key_definition(constraint, definition.colname);
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY:
        check_key_constraint_clauses(constraint);
        check_primary_key_name(constraint, table);
        action.primary_key = true;
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_CHECK:
        check_check_constraint_clauses(constraint);
        action.checks.push_back(
            {constraint.conname != nullptr ? constraint.conname : "", deparse_expression(constraint.raw_expr)});
        break;
      default:
        if (is_default_constraint_timing(constraint)) break;
        refuse_constraint(constraint);
    }
  }
  return action;
}

AlterAction add_constraint(const PgQuery__Constraint& constraint, const std::string& table) {
  switch (constraint.contype) {
    case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE: {
      check_key_constraint_clauses(constraint);
      AddUnique unique;
      if (constraint.conname != nullptr) unique.name = constraint.conname;
      for (std::size_t i = 0; i < constraint.n_keys; ++i) unique.columns.push_back(string_of(constraint.keys[i]));
      return unique;
    }
    case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY: {
      check_key_constraint_clauses(constraint);
      check_primary_key_name(constraint, table);
      AddPrimaryKey primary_key;
      for (std::size_t i = 0; i < constraint.n_keys; ++i) primary_key.columns.push_back(string_of(constraint.keys[i]));
      return primary_key;
    }
    case PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN:
      return AddForeignKey{foreign_key_definition(constraint, nullptr)};
    case PG_QUERY__CONSTR_TYPE__CONSTR_CHECK:
      check_check_constraint_clauses(constraint);
      return AddCheck{constraint.conname != nullptr ? constraint.conname : "", deparse_expression(constraint.raw_expr)};
    default:
      refuse_constraint(constraint);
  }
}

// What an ALTER TABLE action is called in the statement, for its 0A000.
std::string alter_action_name(PgQuery__AlterTableType type) {
  switch (type) {
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AlterColumnType: return "ALTER COLUMN ... TYPE";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetStatistics: return "ALTER COLUMN ... SET STATISTICS";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetOptions:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ResetOptions: return "ALTER COLUMN ... SET/RESET (...)";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetStorage: return "ALTER COLUMN ... SET STORAGE";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetCompression: return "ALTER COLUMN ... SET COMPRESSION";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropExpression: return "ALTER COLUMN ... DROP EXPRESSION";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AlterConstraint: return "ALTER CONSTRAINT";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ValidateConstraint: return "VALIDATE CONSTRAINT";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ChangeOwner: return "OWNER TO";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ClusterOn: return "CLUSTER ON";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropCluster: return "SET WITHOUT CLUSTER";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetLogged: return "SET LOGGED";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetUnLogged: return "SET UNLOGGED";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropOids: return "SET WITHOUT OIDS";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetAccessMethod: return "SET ACCESS METHOD";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetRelOptions:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ResetRelOptions:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ReplaceRelOptions: return "SET/RESET (...)";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_EnableTrig:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_EnableAlwaysTrig:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_EnableReplicaTrig:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DisableTrig:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_EnableTrigAll:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DisableTrigAll:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_EnableTrigUser:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DisableTrigUser: return "ENABLE/DISABLE TRIGGER";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_EnableRule:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_EnableAlwaysRule:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_EnableReplicaRule:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DisableRule: return "ENABLE/DISABLE RULE";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AddInherit: return "INHERIT";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropInherit: return "NO INHERIT";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AddOf: return "OF type";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropOf: return "NOT OF";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ReplicaIdentity: return "REPLICA IDENTITY";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_EnableRowSecurity:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DisableRowSecurity:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ForceRowSecurity:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_NoForceRowSecurity: return "ROW LEVEL SECURITY";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_GenericOptions:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AlterColumnGenericOptions: return "OPTIONS (...)";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AttachPartition: return "ATTACH PARTITION";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DetachPartition:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DetachPartitionFinalize: return "DETACH PARTITION";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AddIdentity:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetIdentity:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropIdentity: return "identity columns";
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AddIndexConstraint: return "ADD CONSTRAINT ... USING INDEX";
    default: return "this action";
  }
}

// Actions that change nothing kept in memory once checked as PostgreSQL
// checks them: an index's SET (storage parameters) and RESET (...), SET
// TABLESPACE pg_default. A table's SET and RESET are kept (SetStorageParameters).
bool is_checked_no_op(const PgQuery__AlterTableCmd& command, RelationKind kind) {
  if (kind == RelationKind::kView) {
    if (command.subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_SetRelOptions ||
        command.subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_ResetRelOptions) {
      not_supported("ALTER VIEW ... SET/RESET (view options)");  // as CREATE VIEW's are
    }
    return false;
  }
  const auto* options = command.def != nullptr && command.def->node_case == PG_QUERY__NODE__NODE_LIST
                            ? command.def->list
                            : nullptr;
  switch (command.subtype) {
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetRelOptions:
      if (kind != RelationKind::kIndex) return false;  // a table keeps them
      if (options != nullptr) check_storage_parameters(options->items, options->n_items, StorageParameterTarget::kBtreeIndex);
      return true;
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ResetRelOptions:
      return kind == RelationKind::kIndex;  // PostgreSQL resets any name, known or not
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetTableSpace:
      check_tablespace(command.name);
      return true;
    default:
      return false;
  }
}

AlterAction alter_command(const PgQuery__AlterTableCmd& command, const std::string& table) {
  const std::string name = command.name != nullptr ? command.name : "";
  switch (command.subtype) {
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AddColumn:
      return add_column(*command.def->column_def, command.missing_ok, table);
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropColumn:
      return DropColumn{name, static_cast<bool>(command.missing_ok), cascades(command.behavior)};
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AddConstraint:
      return add_constraint(*command.def->constraint, table);
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropConstraint:
      return DropConstraint{name, static_cast<bool>(command.missing_ok), cascades(command.behavior)};
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ColumnDefault: {
      SetColumnDefault action{name, std::nullopt};
      if (command.def != nullptr) action.default_sql = deparse_expression(command.def);
      return action;
    }
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetRelOptions:
    case PG_QUERY__ALTER_TABLE_TYPE__AT_ResetRelOptions: {
      SetStorageParameters action;
      const PgQuery__List* list = command.def != nullptr && command.def->node_case == PG_QUERY__NODE__NODE_LIST
                                      ? command.def->list
                                      : nullptr;
      if (list == nullptr) return action;
      if (command.subtype == PG_QUERY__ALTER_TABLE_TYPE__AT_SetRelOptions) {
        action.set = check_storage_parameters(list->items, list->n_items, StorageParameterTarget::kTable);
        return action;
      }
      // PostgreSQL resets any name, known or not; toast.* ones are not kept.
      for (std::size_t i = 0; i < list->n_items; ++i) {
        if (list->items[i]->node_case != PG_QUERY__NODE__NODE_DEF_ELEM) continue;
        const PgQuery__DefElem* option = list->items[i]->def_elem;
        if (option->arg != nullptr) throw SqlError(sqlstate::kSyntaxError, "RESET must not include values for parameters");
        if (option->defname == nullptr) continue;
        if (option->defnamespace != nullptr && *option->defnamespace != '\0') continue;
        action.reset.emplace_back(option->defname);
      }
      return action;
    }
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetNotNull:
      return SetColumnNotNull{name, true};
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropNotNull:
      return SetColumnNotNull{name, false};
    case PG_QUERY__ALTER_TABLE_TYPE__AT_AddIdentity: {
      const PgQuery__Constraint& constraint = *command.def->constraint;
      AddIdentity action{name, 'a', read_sequence_options(constraint.options, constraint.n_options, true)};
      if (constraint.generated_when != nullptr && std::string(constraint.generated_when) == "d") action.generated = 'd';
      return action;
    }
    case PG_QUERY__ALTER_TABLE_TYPE__AT_SetIdentity: {
      SetIdentity action{name, std::nullopt, {}};
      std::vector<PgQuery__Node*> options;
      const PgQuery__List* list = command.def != nullptr && command.def->node_case == PG_QUERY__NODE__NODE_LIST
                                      ? command.def->list
                                      : nullptr;
      for (std::size_t i = 0; list != nullptr && i < list->n_items; ++i) {
        const PgQuery__DefElem& option = *list->items[i]->def_elem;
        if (std::string(option.defname) == "generated") {
          const int when = option.arg != nullptr && option.arg->node_case == PG_QUERY__NODE__NODE_INTEGER
                               ? option.arg->integer->ival
                               : 'a';
          action.generated = when == 'd' ? 'd' : 'a';
        } else {
          options.push_back(list->items[i]);
        }
      }
      action.options = read_sequence_options(options.data(), options.size(), true);
      return action;
    }
    case PG_QUERY__ALTER_TABLE_TYPE__AT_DropIdentity:
      return DropIdentity{name, static_cast<bool>(command.missing_ok)};
    default:
      not_supported("ALTER TABLE " + alter_action_name(command.subtype));
  }
}

}  // namespace

ViewColumns plan_view_columns(const std::string& query_sql, const std::vector<std::string>& aliases,
                              const storage::World& world) {
  ParseTree tree = parse_sql(query_sql);
  // Listing a view's columns reads nothing: privileges are checked when it is used.
  PrivilegeChecksOff no_checks;
  SelectPlan plan = plan_select_statement(*tree.statement(0).stmt->select_stmt, world);
  if (aliases.size() > plan.columns.size()) {
    throw SqlError(sqlstate::kSyntaxError, "CREATE VIEW specifies more column names than columns");
  }
  ViewColumns columns;
  for (std::size_t i = 0; i < plan.columns.size(); ++i) {
    columns.names.push_back(i < aliases.size() ? aliases[i] : plan.columns[i].name);
    columns.types.push_back(plan.columns[i].type);
  }
  return columns;
}

void check_distinct_names(const ViewColumns& columns) {
  for (std::size_t i = 0; i < columns.names.size(); ++i) {
    if (std::find(columns.names.begin(), columns.names.begin() + static_cast<std::ptrdiff_t>(i), columns.names[i]) !=
        columns.names.begin() + static_cast<std::ptrdiff_t>(i)) {
      throw SqlError("42701", "column \"" + columns.names[i] + "\" specified more than once");
    }
  }
}

DdlPlan plan_create_view(const PgQuery__ViewStmt& statement, const storage::World& world) {
  const auto& view = *statement.view;
  if (view.relpersistence != nullptr && std::string(view.relpersistence) == "t") {
    not_supported("CREATE TEMPORARY VIEW", view.location);
  }
  if (statement.with_check_option == PG_QUERY__VIEW_CHECK_OPTION__LOCAL_CHECK_OPTION ||
      statement.with_check_option == PG_QUERY__VIEW_CHECK_OPTION__CASCADED_CHECK_OPTION) {
    not_supported("WITH CHECK OPTION");
  }
  check_created_relation(view);
  if (statement.n_options > 0) not_supported("view options");
  if (statement.query == nullptr || statement.query->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
    not_supported("a view whose query is not a SELECT");
  }
  CreateViewPlan plan;
  plan.name = view.relname;
  plan.replace = statement.replace;
  std::vector<std::string> aliases;
  for (std::size_t i = 0; i < statement.n_aliases; ++i) aliases.push_back(string_of(statement.aliases[i]));
  // Plan the query as written first, so errors point into the statement. As in
  // PostgreSQL, the view's reads are checked when it is used, as its owner.
  check_create_in_public_schema(world, 0, statement.view->relname);
  PrivilegeChecksOff no_checks;
  plan_select_statement(*statement.query->select_stmt, world);
  plan.query_sql = view_query_text(*statement.query, world);
  ViewColumns columns = plan_view_columns(plan.query_sql, aliases, world);
  // OR REPLACE first compares with the old view's columns (at commit).
  if (!plan.replace) check_distinct_names(columns);
  plan.column_names = std::move(columns.names);
  plan.column_types = std::move(columns.types);
  return plan;
}

DdlPlan plan_create_index(const PgQuery__IndexStmt& statement) {
  check_create_index_clauses(statement);
  if (statement.where_clause != nullptr) not_supported("partial indexes");
  if (statement.n_index_including_params > 0) not_supported("INCLUDE columns");
  if (statement.nulls_not_distinct) not_supported("NULLS NOT DISTINCT");
  if (statement.n_exclude_op_names > 0) not_supported("exclusion constraints");
  const std::string method = statement.access_method != nullptr ? statement.access_method : "";
  if (!method.empty() && method != "btree" && method != "hash") not_supported("index access method \"" + method + "\"");
  CreateIndexPlan plan;
  if (statement.idxname != nullptr) plan.name = statement.idxname;
  plan.table = statement.relation->relname;
  plan.unique = statement.unique;
  plan.if_not_exists = statement.if_not_exists;
  for (std::size_t i = 0; i < statement.n_index_params; ++i) {
    const auto& element = *statement.index_params[i]->index_elem;
    if (element.expr != nullptr || element.name == nullptr) not_supported("index expressions");
    if (element.n_collation > 0 || element.n_opclass > 0) not_supported("index collations and operator classes");
    plan.columns.push_back(element.name);
  }
  return plan;
}

DdlPlan plan_drop(const PgQuery__DropStmt& statement) {
  DropPlan plan;
  switch (statement.remove_type) {
    case PG_QUERY__OBJECT_TYPE__OBJECT_TABLE: plan.kind = RelationKind::kTable; break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_VIEW: plan.kind = RelationKind::kView; break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_INDEX: plan.kind = RelationKind::kIndex; break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE: plan.kind = RelationKind::kSequence; break;
    default: not_supported("DROP of this kind of object");
  }
  plan.missing_ok = statement.missing_ok;
  plan.cascade = cascades(statement.behavior);
  for (std::size_t i = 0; i < statement.n_objects; ++i) {
    const auto& names = *statement.objects[i]->list;
    std::string qualified;
    for (std::size_t n = 0; n < names.n_items; ++n) qualified += (n == 0 ? "" : ".") + string_of(names.items[n]);
    if (names.n_items > 3) {
      throw SqlError(sqlstate::kSyntaxError, "improper relation name (too many dotted names): " + qualified);
    }
    if (names.n_items == 3 && string_of(names.items[0]) != catalog::kDatabaseName) {
      throw SqlError(sqlstate::kFeatureNotSupported,
                     "cross-database references are not implemented: \"" + qualified + "\"");
    }
    try {
      check_relation_schema_name(names.n_items >= 2 ? string_of(names.items[names.n_items - 2]) : "", -1);
    } catch (const SqlError& error) {
      // IF EXISTS: a schema that does not exist holds nothing to drop.
      if (plan.missing_ok && error.sqlstate() == std::string("3F000")) continue;
      throw;
    }
    plan.names.push_back(string_of(names.items[names.n_items - 1]));
  }
  return plan;
}

DdlPlan plan_alter_table(const PgQuery__AlterTableStmt& statement) {
  AlterTablePlan plan;
  check_named_relation_schema(*statement.relation);
  plan.relation = statement.relation->relname;
  plan.kind = relation_kind_of(statement.objtype);
  plan.missing_ok = statement.missing_ok;
  plan.command_tag = alter_tag(plan.kind);
  for (std::size_t i = 0; i < statement.n_cmds; ++i) {
    const auto& command = *statement.cmds[i]->alter_table_cmd;
    if (is_checked_no_op(command, plan.kind)) continue;
    plan.actions.push_back(alter_command(command, plan.relation));
  }
  return plan;
}

DdlPlan plan_rename(const PgQuery__RenameStmt& statement) {
  AlterTablePlan plan;
  if (statement.relation == nullptr) not_supported("renaming this kind of object");
  check_named_relation_schema(*statement.relation);
  plan.relation = statement.relation->relname;
  plan.missing_ok = statement.missing_ok;
  switch (statement.rename_type) {
    case PG_QUERY__OBJECT_TYPE__OBJECT_COLUMN:
      plan.kind = relation_kind_of(statement.relation_type);
      plan.actions.push_back(RenameColumn{statement.subname, statement.newname});
      break;
    case PG_QUERY__OBJECT_TYPE__OBJECT_TABLE:
    case PG_QUERY__OBJECT_TYPE__OBJECT_VIEW:
    case PG_QUERY__OBJECT_TYPE__OBJECT_INDEX:
    case PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE:
      plan.kind = relation_kind_of(statement.rename_type);
      plan.actions.push_back(RenameRelation{statement.newname});
      break;
    default:
      not_supported("renaming this kind of object");
  }
  plan.command_tag = alter_tag(plan.kind);
  return plan;
}

namespace {

void refuse_persistence(const PgQuery__RangeVar& relation) {
  const std::string persistence = relation.relpersistence != nullptr ? relation.relpersistence : "p";
  if (persistence == "u") not_supported("CREATE UNLOGGED SEQUENCE");
}

}  // namespace

DdlPlan plan_create_sequence(const PgQuery__CreateSeqStmt& statement) {
  check_named_relation_schema(*statement.sequence);
  refuse_persistence(*statement.sequence);
  CreateSequencePlan plan;
  plan.name = statement.sequence->relname;
  plan.if_not_exists = statement.if_not_exists;
  plan.changes = read_sequence_options(statement.options, statement.n_options, false);
  if (plan.changes.restart) plan.changes.restart.reset();  // CREATE ignores RESTART, as PostgreSQL does
  resolve_sequence_options(nullptr, 0, plan.changes);     // the options' errors before the name's
  return plan;
}

DdlPlan plan_alter_sequence(const PgQuery__AlterSeqStmt& statement) {
  check_named_relation_schema(*statement.sequence);
  AlterSequencePlan plan;
  plan.name = statement.sequence->relname;
  plan.missing_ok = statement.missing_ok;
  plan.changes = read_sequence_options(statement.options, statement.n_options, false);
  return plan;
}

}  // namespace ptreedb::planner
