#include "server/schema_commands.h"

#include <algorithm>
#include <memory>
#include <memory_resource>
#include <vector>

#include "exec/ddl_changes.h"
#include "exec/object_ownership.h"
#include "exec/statement_executor.h"
#include "planner/parse/parse_tree_copy.h"
#include "planner/privileges.h"
#include "planner/relation_names.h"
#include "planner/settings_access.h"
#include "planner/statement_planner.h"
#include "server/protocol/backend_messages.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"
#include "txn/statement_world.h"

namespace ptreedb::server {
namespace {

using storage::World;
using WorldPtr = std::shared_ptr<const World>;

constexpr const char* kInsufficientPrivilege = "42501";
constexpr const char* kDuplicateSchema = "42P06";
constexpr const char* kInvalidSchemaName = "3F000";

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

void notice(std::string& out, const char* sqlstate, const std::string& message, const std::string& detail = "") {
  protocol::encode_notice_response(out, SqlError(sqlstate, message, detail));
}

std::string string_of(const PgQuery__Node* node) {
  return node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING && node->string->sval != nullptr
             ? node->string->sval
             : "";
}

bool is_builtin_schema(const std::string& name) {
  return name == "public" || name == "pg_catalog" || name == "information_schema" || name == "pg_toast";
}

std::shared_ptr<const storage::Role> role_named(const World& world, const std::string& name) {
  auto role = world.find_role(name);
  if (role == nullptr) throw SqlError(sqlstate::kUndefinedObject, "role " + quoted(name) + " does not exist");
  return role;
}

std::shared_ptr<const storage::Role> role_of_spec(const World& world, const PgQuery__RoleSpec& spec) {
  switch (spec.roletype) {
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_CURRENT_ROLE:
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_CURRENT_USER:
      return role_named(world, planner::current_role_name());
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_SESSION_USER:
      return role_named(world, planner::current_session_user());
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_PUBLIC:
      throw SqlError(sqlstate::kUndefinedObject, "role \"public\" does not exist");
    default:
      return role_named(world, spec.rolename != nullptr ? spec.rolename : "");
  }
}

void check_schema_name(const std::string& name) {
  if (name.starts_with("pg_")) {
    throw SqlError("42939", "unacceptable schema name " + quoted(name),
                   "The prefix \"pg_\" is reserved for system schemas.");
  }
}

// While CREATE SCHEMA runs its elements, the new schema comes first on the
// search path (PostgreSQL's override path); other settings are the session's.
class SchemaFirstSearchPath : public planner::SettingsAccess {
 public:
  explicit SchemaFirstSearchPath(const std::string& schema)
      : session_(planner::current_settings_access()),
        search_path_(quoted(schema) + ", " + planner::current_setting_text("search_path").value_or("public")),
        scope_(this) {}
  std::optional<std::string> current(const std::string& name, bool missing_ok) override {
    if (name == "search_path") return search_path_;
    return session_ != nullptr ? session_->current(name, missing_ok) : std::nullopt;
  }
  std::string set(const std::string& name, const std::string& value, bool is_local) override {
    return session_ != nullptr ? session_->set(name, value, is_local) : value;
  }
  std::int32_t backend_pid() const override { return session_ != nullptr ? session_->backend_pid() : 0; }

 private:
  planner::SettingsAccess* session_;
  std::string search_path_;
  planner::SettingsAccessScope scope_;
};

// The element's created relation, put in `schema` (42P15 when it names another).
PgQuery__RangeVar* element_relation(PgQuery__Node& element) {
  switch (element.node_case) {
    case PG_QUERY__NODE__NODE_CREATE_STMT: return element.create_stmt->relation;
    case PG_QUERY__NODE__NODE_VIEW_STMT: return element.view_stmt->view;
    case PG_QUERY__NODE__NODE_CREATE_SEQ_STMT: return element.create_seq_stmt->sequence;
    case PG_QUERY__NODE__NODE_INDEX_STMT: return element.index_stmt->relation;
    case PG_QUERY__NODE__NODE_CREATE_TRIG_STMT: return element.create_trig_stmt->relation;
    default: return nullptr;
  }
}

int element_order(const PgQuery__Node& element) {
  switch (element.node_case) {
    case PG_QUERY__NODE__NODE_CREATE_SEQ_STMT: return 0;
    case PG_QUERY__NODE__NODE_CREATE_STMT: return 1;
    case PG_QUERY__NODE__NODE_VIEW_STMT: return 2;
    case PG_QUERY__NODE__NODE_INDEX_STMT: return 3;
    case PG_QUERY__NODE__NODE_CREATE_TRIG_STMT:
      throw SqlError(sqlstate::kFeatureNotSupported, "CREATE TRIGGER in CREATE SCHEMA is not supported");
    case PG_QUERY__NODE__NODE_GRANT_STMT:
      throw SqlError(sqlstate::kFeatureNotSupported, "GRANT in CREATE SCHEMA is not supported");
    default:
      throw SqlError("42601", "unrecognized node type in CREATE SCHEMA");
  }
}

// The schema's elements, planned and run in PostgreSQL's order (sequences,
// tables, views, indexes) on top of `world`, which already holds the schema.
WorldPtr with_schema_elements(const PgQuery__CreateSchemaStmt& statement, const std::string& schema, WorldPtr world) {
  std::vector<PgQuery__Node*> elements(statement.schema_elts, statement.schema_elts + statement.n_schema_elts);
  // Every element's schema is checked before any is refused or run, as PostgreSQL's transform does.
  for (PgQuery__Node* element : elements) {
    if (const PgQuery__RangeVar* relation = element_relation(*element)) {
      const std::string named = relation->schemaname != nullptr ? relation->schemaname : "";
      if (!named.empty() && named != schema) {
        throw SqlError("42P15", "CREATE specifies a schema (" + named + ") different from the one being created (" +
                                    schema + ")");
      }
    }
  }
  for (PgQuery__Node* element : elements) element_order(*element);  // refuses what is not run
  std::stable_sort(elements.begin(), elements.end(),
                   [](const PgQuery__Node* a, const PgQuery__Node* b) { return element_order(*a) < element_order(*b); });
  SchemaFirstSearchPath search_path(schema);
  std::pmr::monotonic_buffer_resource arena;
  for (const PgQuery__Node* original : elements) {
    PgQuery__Node* element = planner::copy_parse_node(*original, arena);
    if (PgQuery__RangeVar* relation = element_relation(*element)) {
      const std::string named = relation->schemaname != nullptr ? relation->schemaname : "";
      if (!named.empty() && named != schema) {
        throw SqlError("42P15", "CREATE specifies a schema (" + named + ") different from the one being created (" +
                                    schema + ")");
      }
      const std::size_t size = schema.size() + 1;
      auto* copy = static_cast<char*>(arena.allocate(size, 1));
      std::copy(schema.c_str(), schema.c_str() + size, copy);
      relation->schemaname = copy;
    }
    txn::StatementWorld target(world);
    exec::execute_statement(planner::plan_statement(*element, *world), target);
    world = target.snapshot();
  }
  return world;
}

std::string create_schema(const PgQuery__CreateSchemaStmt& statement, txn::WriteTarget& database, std::string& out) {
  std::string notices;
  database.write([&](const World& world) -> WorldPtr {
    notices.clear();
    const std::uint32_t current = planner::checking_role_oid(world);
    std::shared_ptr<const storage::Role> owner =
        statement.authrole != nullptr ? role_of_spec(world, *statement.authrole) : nullptr;
    std::string name = statement.schemaname != nullptr ? statement.schemaname : "";
    if (name.empty() && owner != nullptr) name = owner->name;
    if (owner == nullptr) owner = role_named(world, planner::current_role_name());
    // CREATE on the database: its owner (the bootstrap superuser) and superusers hold it.
    if (!planner::is_superuser(world, current)) {
      throw SqlError(kInsufficientPrivilege, "permission denied for database postgres");
    }
    if (!planner::is_member_of(world, current, owner->oid)) {
      throw SqlError(kInsufficientPrivilege, "must be member of role " + quoted(owner->name));
    }
    if (is_builtin_schema(name) || world.find_namespace(name)) {
      if (statement.if_not_exists) {
        notices.clear();
        notice(notices, kDuplicateSchema, "schema " + quoted(name) + " already exists, skipping");
        return nullptr;
      }
      throw SqlError(kDuplicateSchema, "schema " + quoted(name) + " already exists");
    }
    check_schema_name(name);
    auto schema = std::make_shared<storage::NamespaceDefinition>();
    schema->name = name;
    schema->oid = world.next_oid();
    auto acl = std::make_shared<storage::ObjectAcl>();
    acl->owner = owner->oid;
    const std::uint32_t oid = schema->oid;
    WorldPtr next = world.with_namespace(std::move(schema))->with_acl(oid, std::move(acl));
    return statement.n_schema_elts == 0 ? next : with_schema_elements(statement, name, std::move(next));
  });
  out += notices;
  return "CREATE SCHEMA";
}

// The relations kept under `schema`'s keys, as "kind key" lines of a detail.
struct SchemaMember {
  std::uint32_t oid = 0;
  std::string key;
  storage::RelationKind kind = storage::RelationKind::kTable;
};

std::vector<SchemaMember> members_of(const World& world, const std::string& schema) {
  std::vector<SchemaMember> members;
  auto in_schema = [&](const std::string& key) { return storage::split_relation_key(key).schema == schema; };
  for (auto it = world.tables().begin(); it != world.tables().end(); ++it) {
    if (in_schema((*it).key)) members.push_back({(*it).value->schema().oid(), (*it).key, storage::RelationKind::kTable});
  }
  for (auto it = world.views().begin(); it != world.views().end(); ++it) {
    if (in_schema((*it).key)) members.push_back({(*it).value->oid, (*it).key, storage::RelationKind::kView});
  }
  for (auto it = world.sequences().begin(); it != world.sequences().end(); ++it) {
    // A serial column's sequence goes with its table.
    if (in_schema((*it).key) && (*it).value->owner_table.empty()) {
      members.push_back({(*it).value->oid, (*it).key, storage::RelationKind::kSequence});
    }
  }
  std::sort(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.oid < b.oid; });
  return members;
}

const char* kind_word(storage::RelationKind kind) {
  switch (kind) {
    case storage::RelationKind::kView: return "view";
    case storage::RelationKind::kSequence: return "sequence";
    case storage::RelationKind::kIndex: return "index";
    default: return "table";
  }
}

std::string drop_schemas(const PgQuery__DropStmt& statement, txn::WriteTarget& database, std::string& out) {
  const bool cascade = statement.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
  std::string notices;
  database.write([&](const World& world) -> WorldPtr {
    notices.clear();
    WorldPtr next = std::make_shared<const World>(world);
    std::vector<std::string> names;
    for (std::size_t i = 0; i < statement.n_objects; ++i) {
      const std::string name = string_of(statement.objects[i]);
      if (name == "pg_catalog" || name == "information_schema" || name == "pg_toast") {
        throw SqlError("2BP01", "cannot drop schema " + name + " because it is required by the database system");
      }
      if (name == "public") throw SqlError(sqlstate::kFeatureNotSupported, "DROP SCHEMA public is not supported");
      if (!world.find_namespace(name)) {
        if (statement.missing_ok) {
          notice(notices, "00000", "schema " + quoted(name) + " does not exist, skipping");
          continue;
        }
        throw SqlError(kInvalidSchemaName, "schema " + quoted(name) + " does not exist");
      }
      planner::check_owner(world, world.find_namespace(name)->oid, "schema", name);
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    if (names.empty()) return nullptr;
    std::vector<SchemaMember> members;
    std::vector<std::string> lines;
    for (const auto& name : names) {
      for (auto& member : members_of(world, name)) {
        lines.push_back(std::string(kind_word(member.kind)) + " " + member.key + " depends on schema " + name);
        members.push_back(std::move(member));
      }
    }
    if (!members.empty() && !cascade) {
      std::string detail;
      for (const auto& line : lines) detail += (detail.empty() ? "" : "\n") + line;
      throw SqlError("2BP01",
                     names.size() == 1 ? "cannot drop schema " + names[0] + " because other objects depend on it"
                                       : "cannot drop desired object(s) because other objects depend on them",
                     detail, "Use DROP ... CASCADE to drop the dependent objects too.");
    }
    if (!members.empty()) {
      std::string detail;
      for (const auto& member : members) {
        detail += (detail.empty() ? "" : "\n") + std::string("drop cascades to ") + kind_word(member.kind) + " " +
                  member.key;
      }
      if (members.size() == 1) {
        notice(notices, "00000", detail);
      } else {
        notice(notices, "00000", "drop cascades to " + std::to_string(members.size()) + " other objects", detail);
      }
    }
    // Views first, then tables (their indexes, owned sequences and dependent
    // views outside the schema with them), then the remaining sequences.
    for (auto kind : {storage::RelationKind::kView, storage::RelationKind::kTable, storage::RelationKind::kSequence}) {
      planner::DropPlan plan;
      plan.kind = kind;
      plan.cascade = true;
      plan.missing_ok = true;  // an earlier drop may have taken it along
      for (const auto& member : members) {
        if (member.kind == kind) plan.names.push_back(member.key);
      }
      if (plan.names.empty()) continue;
      if (WorldPtr dropped = exec::drop_relations(*next, plan)) next = dropped;
    }
    for (const auto& name : names) {
      const std::uint32_t oid = next->find_namespace(name)->oid;
      next = next->without_namespace(name)->without_acl(oid);
    }
    return exec::without_orphan_acls(next);
  });
  out += notices;
  return "DROP SCHEMA";
}

std::string rename_schema(const PgQuery__RenameStmt& statement, txn::WriteTarget& database) {
  const std::string from = statement.subname != nullptr ? statement.subname : "";
  const std::string to = statement.newname != nullptr ? statement.newname : "";
  database.write([&](const World& world) -> WorldPtr {
    auto schema = world.find_namespace(from);
    if (is_builtin_schema(from) && !schema) {
      throw SqlError(sqlstate::kFeatureNotSupported, "ALTER SCHEMA " + from + " RENAME is not supported");
    }
    if (!schema) throw SqlError(kInvalidSchemaName, "schema " + quoted(from) + " does not exist");
    planner::check_owner(world, schema->oid, "schema", from);
    if (is_builtin_schema(to) || world.find_namespace(to)) {
      throw SqlError(kDuplicateSchema, "schema " + quoted(to) + " already exists");
    }
    check_schema_name(to);
    WorldPtr next = std::make_shared<const World>(world);
    // Each relation (and explicitly named index) moves to the new key, views'
    // texts following as they do for ALTER ... RENAME.
    std::vector<std::pair<std::string, storage::RelationKind>> renames;
    for (const auto& member : members_of(world, from)) renames.emplace_back(member.key, member.kind);
    for (auto it = world.sequences().begin(); it != world.sequences().end(); ++it) {
      if (storage::split_relation_key((*it).key).schema == from && !(*it).value->owner_table.empty()) {
        renames.emplace_back((*it).key, storage::RelationKind::kSequence);
      }
    }
    for (auto it = world.tables().begin(); it != world.tables().end(); ++it) {
      for (const auto& index : (*it).value->schema().indexes()) {
        if (storage::split_relation_key(index.name).schema == from) {
          renames.emplace_back(index.name, storage::RelationKind::kIndex);
        }
      }
    }
    for (const auto& [key, kind] : renames) {
      planner::AlterTablePlan plan;
      plan.relation = key;
      plan.kind = kind;
      plan.actions.push_back(
          planner::RenameRelation{storage::relation_key(to, storage::split_relation_key(key).relation)});
      next = exec::alter_relation(*next, plan);
    }
    auto renamed = std::make_shared<storage::NamespaceDefinition>(*schema);
    renamed->name = to;
    return next->without_namespace(from)->with_namespace(std::move(renamed));
  });
  return "ALTER SCHEMA";
}

}  // namespace

std::optional<std::string> run_schema_command(const PgQuery__Node& statement, txn::WriteTarget& database,
                                              std::string& out) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_CREATE_SCHEMA_STMT:
      return create_schema(*statement.create_schema_stmt, database, out);
    case PG_QUERY__NODE__NODE_DROP_STMT:
      if (statement.drop_stmt->remove_type != PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA) return std::nullopt;
      return drop_schemas(*statement.drop_stmt, database, out);
    case PG_QUERY__NODE__NODE_RENAME_STMT:
      if (statement.rename_stmt->rename_type != PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA) return std::nullopt;
      return rename_schema(*statement.rename_stmt, database);
    case PG_QUERY__NODE__NODE_ALTER_OBJECT_SCHEMA_STMT:
      throw SqlError(sqlstate::kFeatureNotSupported, "ALTER ... SET SCHEMA is not supported");
    default:
      return std::nullopt;
  }
}

}  // namespace ptreedb::server
