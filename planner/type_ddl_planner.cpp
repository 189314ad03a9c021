#include "planner/type_ddl_planner.h"

#include <string>

#include "planner/ddl_clauses.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

namespace {

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
}

[[noreturn]] void not_supported(const std::string& what) {
  throw SqlError(sqlstate::kFeatureNotSupported, what + " is not supported yet");
}

// A type's possibly qualified name: only schema public holds user types.
std::string type_name(PgQuery__Node* const* names, std::size_t count) {
  if (count == 0) not_supported("a type without a name");
  std::string qualified;
  for (std::size_t i = 0; i < count; ++i) qualified += (i == 0 ? "" : ".") + string_of(names[i]);
  if (count > 3) {
    throw SqlError(sqlstate::kSyntaxError, "improper qualified name (too many dotted names): " + qualified);
  }
  if (count >= 2) check_relation_schema_name(string_of(names[count - 2]), -1);
  return string_of(names[count - 1]);
}

}  // namespace

DdlPlan plan_create_enum_type(const PgQuery__CreateEnumStmt& statement) {
  CreateEnumTypePlan plan;
  plan.name = type_name(statement.type_name, statement.n_type_name);
  for (std::size_t i = 0; i < statement.n_vals; ++i) plan.labels.push_back(string_of(statement.vals[i]));
  return plan;
}

DdlPlan plan_alter_enum_type(const PgQuery__AlterEnumStmt& statement) {
  AlterEnumTypePlan plan;
  plan.name = type_name(statement.type_name, statement.n_type_name);
  const std::string old_value = statement.old_val != nullptr ? statement.old_val : "";
  if (!old_value.empty()) {
    plan.action = AlterEnumTypePlan::Action::kRenameValue;
    plan.value = old_value;
    plan.new_value = statement.new_val;
    return plan;
  }
  plan.action = AlterEnumTypePlan::Action::kAddValue;
  plan.value = statement.new_val;
  if (statement.new_val_neighbor != nullptr && statement.new_val_neighbor[0] != '\0') {
    plan.neighbor = statement.new_val_neighbor;
  }
  plan.after = statement.new_val_is_after;
  plan.if_not_exists = statement.skip_if_new_val_exists;
  return plan;
}

DdlPlan plan_drop_type(const PgQuery__DropStmt& statement) {
  DropTypePlan plan;
  plan.missing_ok = statement.missing_ok;
  plan.cascade = statement.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
  for (std::size_t i = 0; i < statement.n_objects; ++i) {
    const PgQuery__Node* object = statement.objects[i];
    if (object->node_case != PG_QUERY__NODE__NODE_TYPE_NAME) not_supported("DROP TYPE of this name");
    const PgQuery__TypeName& name = *object->type_name;
    if (name.n_array_bounds > 0) not_supported("DROP TYPE of an array type");
    plan.names.push_back(type_name(name.names, name.n_names));
  }
  return plan;
}

DdlPlan plan_rename_type(const PgQuery__RenameStmt& statement) {
  AlterEnumTypePlan plan;
  plan.action = AlterEnumTypePlan::Action::kRename;
  const PgQuery__Node* object = statement.object;
  if (object == nullptr || object->node_case != PG_QUERY__NODE__NODE_LIST) not_supported("ALTER TYPE of this name");
  plan.name = type_name(object->list->items, object->list->n_items);
  plan.new_value = statement.newname;
  return plan;
}

void refuse_unsupported_type_statement(const PgQuery__Node& statement) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_COMPOSITE_TYPE_STMT: not_supported("CREATE TYPE ... AS (composite type)");
    case PG_QUERY__NODE__NODE_CREATE_RANGE_STMT: not_supported("CREATE TYPE ... AS RANGE");
    case PG_QUERY__NODE__NODE_DEFINE_STMT:
      if (statement.define_stmt->kind == PG_QUERY__OBJECT_TYPE__OBJECT_TYPE) not_supported("CREATE TYPE (base type)");
      return;
    case PG_QUERY__NODE__NODE_ALTER_TABLE_STMT:
      if (statement.alter_table_stmt->objtype == PG_QUERY__OBJECT_TYPE__OBJECT_TYPE) {
        not_supported("ALTER TYPE ... ADD/DROP/ALTER ATTRIBUTE");
      }
      return;
    case PG_QUERY__NODE__NODE_ALTER_OWNER_STMT:
      if (statement.alter_owner_stmt->object_type == PG_QUERY__OBJECT_TYPE__OBJECT_TYPE) not_supported("ALTER TYPE ... OWNER TO");
      if (statement.alter_owner_stmt->object_type == PG_QUERY__OBJECT_TYPE__OBJECT_DOMAIN) not_supported("ALTER DOMAIN ... OWNER TO");
      return;
    case PG_QUERY__NODE__NODE_ALTER_OBJECT_SCHEMA_STMT:
      if (statement.alter_object_schema_stmt->object_type == PG_QUERY__OBJECT_TYPE__OBJECT_TYPE) {
        not_supported("ALTER TYPE ... SET SCHEMA");
      }
      if (statement.alter_object_schema_stmt->object_type == PG_QUERY__OBJECT_TYPE__OBJECT_DOMAIN) {
        not_supported("ALTER DOMAIN ... SET SCHEMA");
      }
      return;
    case PG_QUERY__NODE__NODE_RENAME_STMT:
      if (statement.rename_stmt->rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_ATTRIBUTE) not_supported("ALTER TYPE ... RENAME ATTRIBUTE");
      return;
    default:
      return;
  }
}

}  // namespace ptreedb::planner
