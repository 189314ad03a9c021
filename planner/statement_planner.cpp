#include "planner/statement_planner.h"

#include <algorithm>
#include <memory_resource>
#include <set>

#include "planner/assignment_coercion.h"
#include "planner/catalog/catalog_functions.h"
#include "planner/check_constraint.h"
#include "planner/copy_planner.h"
#include "planner/ddl_clauses.h"
#include "planner/current_time.h"
#include "planner/explain_planner.h"
#include "planner/ddl_planner.h"
#include "planner/domain_ddl_planner.h"
#include "planner/domain_constraints.h"
#include "planner/user_type_names.h"
#include "storage/world/world_user_types.h"
#include "planner/dml_planner.h"
#include "planner/modifying_with.h"
#include "planner/table_like_clause.h"
#include "planner/expression_binder.h"
#include "planner/foreign_key_planner.h"
#include "planner/parse/deparse.h"
#include "planner/type_ddl_planner.h"
#include "planner/parse/parse_sql.h"
#include "planner/privileges.h"
#include "planner/relation_names.h"
#include "planner/select_planner.h"
#include "planner/sequence_options_clause.h"
#include "planner/storage_parameters.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

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

}  // namespace

BoundExpression bind_default(const ColumnSchema& column) {
  if (!column.default_sql && column.type.domain_oid != 0) {
    // A domain column without a default of its own takes the domain's, else
    // NULL, either checked against the domain (NOT NULL raises 23502).
    auto domain = domain_of(column.type);
    ColumnSchema with_default = column;
    with_default.default_sql = domain && domain->default_sql ? *domain->default_sql : std::string("NULL");
    return bind_default(with_default);
  }
  if (!column.default_sql) {
    BoundExpression null;
    null.kind = ExprKind::kConstant;
    null.type = column.type;
    return null;
  }
  ParseTree tree = parse_sql("SELECT " + *column.default_sql);
  const auto& select = *tree.statement(0).stmt->select_stmt;
  Scope empty;
  // An identity column draws from its sequence with no privilege on it, as in PostgreSQL.
  std::optional<PrivilegeChecksOff> internal;
  if (column.identity != 0) internal.emplace();
  // PostgreSQL coerces a default as an assignment (nextval's bigint into an integer column).
  return coerce_for_assignment(ExpressionBinder(empty).bind(select.target_list[0]->res_target->val), column);
}

void check_default(const ColumnSchema& column) {
  PrivilegeChecksOff not_run_yet;  // privileges are checked where the default is used
  bind_default(column);
}

SqlType resolve_column_type(const PgQuery__TypeName& type_name) {
  check_type_name_qualification(type_name);
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
  SqlType type = resolve_type(string_of(type_name.names[type_name.n_names - 1]), modifiers);
  if (type_name.n_array_bounds == 0) return type;
  if (type.id == value::TypeId::kEnum || type.domain_oid != 0) {
    throw SqlError(sqlstate::kFeatureNotSupported, "arrays of enum types and domains are not supported");
  }
  // int[], int[3] and int[][] are one type: PostgreSQL ignores the bounds.
  return SqlType::array_of(type);
}

namespace {

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

// serial, bigserial, smallserial (and serial4/8/2): the integer type they
// stand for, when `type_name` is one of them, as PostgreSQL's transformColumnDefinition.
std::optional<value::TypeId> serial_type(const PgQuery__TypeName& type_name) {
  if (type_name.n_names != 1 || type_name.n_typmods > 0 || type_name.n_array_bounds > 0) return std::nullopt;
  const std::string name = string_of(type_name.names[0]);
  if (name == "smallserial" || name == "serial2") return TypeId::kSmallint;
  if (name == "serial" || name == "serial4") return TypeId::kInteger;
  if (name == "bigserial" || name == "serial8") return TypeId::kBigint;
  return std::nullopt;
}

// The sequence a serial or identity column owns, named as PostgreSQL's
// ChooseRelationName names it unless SEQUENCE NAME says otherwise.
storage::SequenceDefinition owned_sequence(const storage::World& world, const std::string& table,
                                           const ColumnSchema& column, const SequenceOptionChanges& given,
                                           const std::vector<storage::SequenceDefinition>& earlier) {
  SequenceOptionChanges changes = given;
  changes.type = column.type.id;  // the column's type, whatever AS says
  changes.restart.reset();
  storage::SequenceDefinition sequence;
  sequence.options = resolve_sequence_options(nullptr, 0, changes).options;
  sequence.owner_table = table;
  sequence.owner_column = column.name;
  if (changes.sequence_name) {
    sequence.name = *changes.sequence_name;
  } else {
    sequence.name = storage::make_object_name(table, column.name, "seq");
    auto taken = [&](const std::string& name) {
      if (storage::relation_kind(world, name)) return true;
      for (const auto& other : earlier) {
        if (other.name == name) return true;
      }
      return false;
    };
    for (int number = 1; taken(sequence.name); ++number) {
      sequence.name = storage::make_object_name(table, column.name, "seq" + std::to_string(number));
    }
  }
  return sequence;
}

CreateTablePlan plan_create_table(const PgQuery__CreateStmt& create, const storage::World& world) {
  std::vector<std::string> options = check_create_table_clauses(create);
  std::string name = create.relation->relname;
  CreateTablePlan plan;
  plan.if_not_exists = create.if_not_exists;
  // As in PostgreSQL, the schema is checked before the name (again at commit).
  check_create_in_public_schema(world, create.relation->location + 1, name);
  if (storage::relation_kind(world, name)) {
    if (create.if_not_exists) return plan;  // schema stays null: nothing to do
    throw SqlError("42P07", "relation \"" + storage::split_relation_key(name).relation + "\" already exists");
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
  std::vector<const PgQuery__Constraint*> check_constraints;  // column and table level, in the order written
  std::vector<ForeignKeyDefinition> references;  // resolved once every column and key is known
  std::vector<storage::CheckConstraintSchema> copied_checks;  // LIKE ... INCLUDING CONSTRAINTS
  std::vector<IndexSchema> copied_indexes;                    // LIKE ... INCLUDING INDEXES: plain ones
  for (std::size_t i = 0; i < create.n_table_elts; ++i) {
    const PgQuery__Node* element = create.table_elts[i];
    if (element->node_case == PG_QUERY__NODE__NODE_CONSTRAINT) {
      if (element->constraint->contype == PG_QUERY__CONSTR_TYPE__CONSTR_CHECK) {
        check_constraints.push_back(element->constraint);
      } else {
        table_constraints.push_back(element->constraint);
      }
      continue;
    }
    if (element->node_case == PG_QUERY__NODE__NODE_TABLE_LIKE_CLAUSE) {
      CopiedTableParts copied = copy_table_like(*element->table_like_clause, world);
      const std::size_t first = columns.size();
      auto shifted = [first](std::vector<std::size_t> positions) {
        for (auto& position : positions) position += first;
        return positions;
      };
      for (std::size_t c = 0; c < copied.columns.size(); ++c) {
        for (const auto& existing : columns) {
          if (existing.name == copied.columns[c].name) {
            throw SqlError("42701", "column \"" + existing.name + "\" specified more than once");
          }
        }
        columns.push_back(copied.columns[c]);
        if (copied.identity_sequences[c]) {
          plan.sequences.push_back(
              owned_sequence(world, name, columns.back(), *copied.identity_sequences[c], plan.sequences));
          columns.back().default_sql = nextval_default_sql(plan.sequences.back().name);
        }
      }
      for (auto& check : copied.checks) {
        check.columns = shifted(std::move(check.columns));
        copied_checks.push_back(std::move(check));
      }
      if (!copied.primary_key.empty()) {
        set_primary_key(shifted(std::move(copied.primary_key)), element->table_like_clause->relation->location);
      }
      for (auto& index : copied.indexes) {
        if (index.unique) {
          add_unique(shifted(std::move(index.columns)), nullptr);
        } else {
          copied_indexes.push_back(std::move(index));
          copied_indexes.back().columns = shifted(std::move(copied_indexes.back().columns));
        }
      }
      continue;
    }
    if (element->node_case != PG_QUERY__NODE__NODE_COLUMN_DEF) {
      throw SqlError(sqlstate::kFeatureNotSupported, "this table element is not supported yet");
    }
    const auto& definition = *element->column_def;
    if (definition.type_name == nullptr) {
      // Only PARTITION OF and OF type (refused above) leave a column's type out.
      throw SqlError(sqlstate::kSyntaxError, "column \"" + std::string(definition.colname) + "\" has no type", {}, {},
                     definition.location + 1);
    }
    for (const auto& existing : columns) {
      if (existing.name == definition.colname) {
        throw SqlError("42701", "column \"" + existing.name + "\" specified more than once");
      }
    }
    const std::optional<TypeId> serial = serial_type(*definition.type_name);
    ColumnSchema column(definition.colname,
                        serial ? SqlType::of(*serial) : resolve_column_type(*definition.type_name),
                        definition.is_not_null);
    check_column_clauses(definition, column.type);
    std::size_t position = columns.size();
    columns.push_back(column);
    std::optional<SequenceOptionChanges> sequence_options;  // serial or identity
    if (serial) {
      sequence_options.emplace();
      columns[position].not_null = true;
    }
    bool explicit_null = false;
    auto conflicting = [&](const std::string& message) {
      throw SqlError(sqlstate::kSyntaxError,
                     message + " for column \"" + std::string(definition.colname) + "\" of table \"" + name + "\"");
    };
    for (std::size_t c = 0; c < definition.n_constraints; ++c) {
      const auto& constraint = *definition.constraints[c]->constraint;
      switch (constraint.contype) {
        case PG_QUERY__CONSTR_TYPE__CONSTR_NOTNULL:
          if (explicit_null) conflicting("conflicting NULL/NOT NULL declarations");
          columns[position].not_null = true;
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_NULL:
          if (columns[position].not_null && (!serial || columns[position].identity != 0)) {
            conflicting("conflicting NULL/NOT NULL declarations");
          }
          explicit_null = true;
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_IDENTITY: {
          if (columns[position].identity != 0) conflicting("multiple identity specifications");
          if (serial || columns[position].default_sql) conflicting("both default and identity specified");
          if (explicit_null) conflicting("conflicting NULL/NOT NULL declarations");
          const TypeId type = columns[position].type.id;
          if (type != TypeId::kSmallint && type != TypeId::kInteger && type != TypeId::kBigint) {
            throw SqlError(sqlstate::kInvalidParameterValue,
                           "identity column type must be smallint, integer, or bigint");
          }
          sequence_options = read_sequence_options(constraint.options, constraint.n_options, true);
          const std::string when = constraint.generated_when != nullptr ? constraint.generated_when : "a";
          columns[position].identity = when == "d" ? 'd' : 'a';
          columns[position].not_null = true;
          break;
        }
        case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY:
          check_key_constraint_clauses(constraint);
          check_primary_key_name(constraint, name);
          set_primary_key({position}, constraint.location);
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE:
          check_key_constraint_clauses(constraint);
          add_unique({position}, constraint.conname);
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_DEFAULT: {
          if (serial) conflicting("multiple default values specified");
          if (columns[position].identity != 0) conflicting("both default and identity specified");
          if (columns[position].default_sql) conflicting("multiple default values specified");
          columns[position].default_sql = deparse_expression(constraint.raw_expr);
          check_default(columns[position]);
          break;
        }
        case PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN:
          references.push_back(foreign_key_definition(constraint, definition.colname));
          break;
        case PG_QUERY__CONSTR_TYPE__CONSTR_CHECK:
          check_check_constraint_clauses(constraint);
          check_constraints.push_back(&constraint);
          break;
        default:
          if (is_default_constraint_timing(constraint)) break;
          refuse_constraint(constraint);
      }
    }
    if (sequence_options) {
      plan.sequences.push_back(owned_sequence(world, name, columns[position], *sequence_options, plan.sequences));
      columns[position].default_sql = nextval_default_sql(plan.sequences.back().name);
    }
  }
  for (const PgQuery__Constraint* constraint : table_constraints) {
    switch (constraint->contype) {
      case PG_QUERY__CONSTR_TYPE__CONSTR_PRIMARY:
        check_key_constraint_clauses(*constraint);
        check_primary_key_name(*constraint, name);
        set_primary_key(key_columns(columns, constraint->keys, constraint->n_keys, constraint->location),
                        constraint->location);
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_UNIQUE:
        check_key_constraint_clauses(*constraint);
        add_unique(key_columns(columns, constraint->keys, constraint->n_keys, constraint->location),
                   constraint->conname);
        break;
      case PG_QUERY__CONSTR_TYPE__CONSTR_FOREIGN:
        references.push_back(foreign_key_definition(*constraint, nullptr));
        break;
      default:
        refuse_constraint(*constraint);
    }
  }
  // Plain indexes copied by LIKE are named as CREATE INDEX names them.
  for (auto& index : copied_indexes) {
    std::string joined;
    for (std::size_t key : index.columns) joined += (joined.empty() ? "" : "_") + columns[key].name;
    index.name = storage::make_object_name(storage::split_relation_key(name).relation, joined, "idx");
    index.standalone = true;
    indexes.push_back(std::move(index));
  }
  // Checks may read any column, so they are bound once all are known.
  std::vector<storage::CheckConstraintSchema> checks = std::move(copied_checks);
  std::set<std::string> taken = constraint_names(world), own;
  for (const auto& check : checks) {
    taken.insert(check.name);
    own.insert(check.name);
  }
  for (const PgQuery__Constraint* constraint : check_constraints) {
    if (constraint->conname != nullptr && *constraint->conname && own.contains(constraint->conname)) {
      throw SqlError("42710", "check constraint \"" + std::string(constraint->conname) + "\" already exists");
    }
    check_check_constraint_clauses(*constraint);
    checks.push_back(make_check_constraint(columns, name, constraint->raw_expr,
                                           constraint->conname != nullptr ? constraint->conname : "", taken, {}));
    taken.insert(checks.back().name);
    own.insert(checks.back().name);
  }
  std::vector<storage::ForeignKeySchema> foreign_keys;
  if (!references.empty()) {
    TableSchema draft(world.next_oid(), name, columns, primary_key, indexes);
    for (const auto& reference : references) {
      foreign_keys.push_back(resolve_foreign_key(reference, draft, world, foreign_keys));
    }
  }
  plan.schema = std::make_shared<TableSchema>(world.next_oid(), name, std::move(columns),
                                              std::move(primary_key), std::move(indexes), std::move(foreign_keys),
                                              std::move(checks), std::move(options));
  return plan;
}

// CREATE TABLE name [(columns)] AS query [WITH [NO] DATA] and SELECT ... INTO
// name: the columns are the query's, named by the list where it names them,
// typed as the query types them (an unknown literal becomes text).
CreateTablePlan plan_create_table_as(const PgQuery__IntoClause& into, const PgQuery__SelectStmt& query,
                                     bool if_not_exists, const storage::World& world) {
  const PgQuery__RangeVar& relation = *into.rel;
  check_created_relation(relation);
  std::vector<std::string> options = check_storage_parameters(into.options, into.n_options, StorageParameterTarget::kTable);
  check_tablespace(into.table_space_name);
  const std::string method = into.access_method != nullptr ? into.access_method : "";
  if (!method.empty() && method != "heap") {
    throw SqlError(sqlstate::kUndefinedObject, "access method \"" + method + "\" does not exist");
  }
  if (into.on_commit != PG_QUERY__ON_COMMIT_ACTION__ON_COMMIT_ACTION_UNDEFINED &&
      into.on_commit != PG_QUERY__ON_COMMIT_ACTION__ONCOMMIT_NOOP) {
    throw SqlError("42P16", "ON COMMIT can only be used on temporary tables");
  }
  const std::string name = relation.relname;
  CreateTablePlan plan;
  plan.if_not_exists = if_not_exists;
  plan.as_query = true;
  check_create_in_public_schema(world, relation.location + 1, name);
  if (storage::relation_kind(world, name)) {
    if (if_not_exists) return plan;  // schema stays null: nothing to do
    throw SqlError("42P07", "relation \"" + storage::split_relation_key(name).relation + "\" already exists");
  }
  SelectPlan select = plan_select_statement(query, world);
  if (into.n_col_names > select.columns.size()) {
    throw SqlError(sqlstate::kSyntaxError, "too many column names were specified");
  }
  std::vector<ColumnSchema> columns;
  for (std::size_t i = 0; i < select.columns.size(); ++i) {
    const OutputColumn& output = select.columns[i];
    std::string column_name = i < into.n_col_names ? string_of(into.col_names[i]) : output.name;
    for (const auto& existing : columns) {
      if (existing.name == column_name) {
        throw SqlError("42701", "column \"" + column_name + "\" specified more than once");
      }
    }
    columns.emplace_back(std::move(column_name), output.unknown_literal ? SqlType::of(TypeId::kText) : output.type);
  }
  plan.schema = std::make_shared<TableSchema>(world.next_oid(), name, std::move(columns), std::vector<std::size_t>{},
                                              std::vector<storage::IndexSchema>{}, std::vector<storage::ForeignKeySchema>{},
                                              std::vector<storage::CheckConstraintSchema>{}, std::move(options));
  if (!into.skip_data) plan.query = std::make_shared<SelectPlan>(std::move(select));
  return plan;
}

CreateTablePlan plan_create_table_as(const PgQuery__CreateTableAsStmt& statement, const storage::World& world) {
  if (statement.objtype == PG_QUERY__OBJECT_TYPE__OBJECT_MATVIEW) {
    throw SqlError(sqlstate::kFeatureNotSupported, "CREATE MATERIALIZED VIEW is not supported");
  }
  if (statement.query == nullptr || statement.query->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
    throw SqlError(sqlstate::kFeatureNotSupported, "CREATE TABLE AS EXECUTE is not supported");
  }
  return plan_create_table_as(*statement.into, *statement.query->select_stmt, statement.if_not_exists, world);
}

}  // namespace

StatementPlan plan_statement_kind(const PgQuery__Node& statement, const storage::World& world);

StatementPlan plan_statement(const PgQuery__Node& statement, const storage::World& world) {
  catalog::PlanningWorld catalog_world(world);  // sequences and regclass names, defaults included
  storage::WorldUserTypes user_types(world);     // enum types and domains by oid
  ColumnReadChecks column_checks(world);
  // Relation names become the world's keys (schemas, search_path, pg_temp).
  std::pmr::monotonic_buffer_resource arena;
  StatementPlan plan = plan_statement_kind(qualify_relation_names(statement, world, arena), world);
  column_checks.verify();
  return plan;
}

StatementPlan plan_statement_kind(const PgQuery__Node& statement, const storage::World& world) {
  StatementClock clock;  // one current time for the whole statement
  refuse_unsupported_type_statement(statement);
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_EXPLAIN_STMT:
      return plan_explain(*statement.explain_stmt, world);
    case PG_QUERY__NODE__NODE_SELECT_STMT:
      if (statement.select_stmt->into_clause != nullptr) {
        // SELECT ... INTO t: the query without its INTO fills a new table.
        PgQuery__SelectStmt query = *statement.select_stmt;
        query.into_clause = nullptr;
        return plan_create_table_as(*statement.select_stmt->into_clause, query, false, world);
      }
      if (has_modifying_with(statement)) return plan_modifying_with(statement, world);
      return plan_select_statement(*statement.select_stmt, world);
    case PG_QUERY__NODE__NODE_CREATE_TABLE_AS_STMT:
      return plan_create_table_as(*statement.create_table_as_stmt, world);
    case PG_QUERY__NODE__NODE_INSERT_STMT:
      if (has_modifying_with(statement)) return plan_modifying_with(statement, world);
      return plan_insert(*statement.insert_stmt, world);
    case PG_QUERY__NODE__NODE_UPDATE_STMT:
      if (has_modifying_with(statement)) return plan_modifying_with(statement, world);
      return plan_update(*statement.update_stmt, world);
    case PG_QUERY__NODE__NODE_DELETE_STMT:
      if (has_modifying_with(statement)) return plan_modifying_with(statement, world);
      return plan_delete(*statement.delete_stmt, world);
    case PG_QUERY__NODE__NODE_TRUNCATE_STMT:
      return plan_truncate(*statement.truncate_stmt, world);
    case PG_QUERY__NODE__NODE_CREATE_STMT:
      return plan_create_table(*statement.create_stmt, world);
    case PG_QUERY__NODE__NODE_COPY_STMT:
      return plan_copy(*statement.copy_stmt, world);
    case PG_QUERY__NODE__NODE_DROP_STMT:
      if (statement.drop_stmt->remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_TYPE) return plan_drop_type(*statement.drop_stmt);
      if (statement.drop_stmt->remove_type == PG_QUERY__OBJECT_TYPE__OBJECT_DOMAIN) {
        return plan_drop_domain(*statement.drop_stmt);
      }
      return plan_drop(*statement.drop_stmt);
    case PG_QUERY__NODE__NODE_VIEW_STMT:
      return plan_create_view(*statement.view_stmt, world);
    case PG_QUERY__NODE__NODE_INDEX_STMT:
      return plan_create_index(*statement.index_stmt);
    case PG_QUERY__NODE__NODE_ALTER_TABLE_STMT:
      return plan_alter_table(*statement.alter_table_stmt);
    case PG_QUERY__NODE__NODE_RENAME_STMT:
      if (statement.rename_stmt->rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_TYPE) return plan_rename_type(*statement.rename_stmt);
      if (statement.rename_stmt->rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_DOMAIN ||
          statement.rename_stmt->rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_DOMCONSTRAINT) {
        return plan_rename_domain(*statement.rename_stmt);
      }
      return plan_rename(*statement.rename_stmt);
    case PG_QUERY__NODE__NODE_CREATE_ENUM_STMT:
      return plan_create_enum_type(*statement.create_enum_stmt);
    case PG_QUERY__NODE__NODE_ALTER_ENUM_STMT:
      return plan_alter_enum_type(*statement.alter_enum_stmt);
    case PG_QUERY__NODE__NODE_CREATE_DOMAIN_STMT:
      return plan_create_domain(*statement.create_domain_stmt);
    case PG_QUERY__NODE__NODE_ALTER_DOMAIN_STMT:
      return plan_alter_domain(*statement.alter_domain_stmt);
    case PG_QUERY__NODE__NODE_CREATE_SEQ_STMT:
      return plan_create_sequence(*statement.create_seq_stmt);
    case PG_QUERY__NODE__NODE_ALTER_SEQ_STMT:
      return plan_alter_sequence(*statement.alter_seq_stmt);
    default:
      throw SqlError(sqlstate::kFeatureNotSupported, "this statement is not supported yet");
  }
}

}  // namespace ptreedb::planner
