#include "planner/privileges.h"

#include <algorithm>
#include <set>

#include "planner/settings_access.h"
#include "storage/sql_error.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner {
namespace {

constexpr const char* kInsufficientPrivilege = "42501";

thread_local bool checking_as_set = false;
thread_local std::uint32_t checking_as = 0;
thread_local bool checks_off = false;

// The statement being planned: tables whose SELECT depends on columns, and the columns read.
struct PendingColumnCheck {
  std::uint32_t table_oid;
  std::string name;
  std::uint32_t role;
  bool whole_rows;
};
struct ColumnLedger {
  std::vector<PendingColumnCheck> pending;
  std::set<std::pair<std::uint32_t, std::int16_t>> read;
};
thread_local ColumnLedger statement_ledger;
thread_local ColumnLedger* ledger = nullptr;  // &statement_ledger while a statement is planned

std::shared_ptr<const storage::Role> role_by_oid(const storage::World& world, std::uint32_t oid) {
  for (auto it = world.roles().begin(); it != world.roles().end(); ++it) {
    if ((*it).value->oid == oid) return (*it).value;
  }
  return nullptr;
}

// Roles `role_oid` belongs to, directly or not; only through INHERIT roles when `inheriting`.
std::vector<std::uint32_t> membership_closure(const storage::World& world, std::uint32_t role_oid, bool inheriting) {
  std::vector<std::uint32_t> found{role_oid};
  for (std::size_t i = 0; i < found.size(); ++i) {
    auto role = role_by_oid(world, found[i]);
    if (role == nullptr) continue;
    // The database owner is the (implicit) member of pg_database_owner.
    if (role->oid == storage::kBootstrapSuperuserOid &&
        std::find(found.begin(), found.end(), storage::kDatabaseOwnerRoleOid) == found.end()) {
      found.push_back(storage::kDatabaseOwnerRoleOid);
    }
    if (inheriting && !role->inherit) continue;
    for (const auto& membership : role->member_of) {
      if (std::find(found.begin(), found.end(), membership.role) == found.end()) found.push_back(membership.role);
    }
  }
  return found;
}

}  // namespace

std::string current_role_name() { return current_role_setting(); }

std::uint32_t checking_role_oid(const storage::World& world) {
  if (checking_as_set) return checking_as;
  auto role = world.find_role(current_role_name());
  return role == nullptr ? 0 : role->oid;
}

CheckAsRoleScope::CheckAsRoleScope(std::uint32_t role_oid) : previous_(checking_as), previous_set_(checking_as_set) {
  checking_as = role_oid;
  checking_as_set = true;
}

CheckAsRoleScope::~CheckAsRoleScope() {
  checking_as = previous_;
  checking_as_set = previous_set_;
}

PrivilegeChecksOff::PrivilegeChecksOff() : previous_(checks_off) { checks_off = true; }
PrivilegeChecksOff::~PrivilegeChecksOff() { checks_off = previous_; }

bool is_superuser(const storage::World& world, std::uint32_t role_oid) {
  auto role = role_by_oid(world, role_oid);
  return role != nullptr && role->superuser;
}

std::vector<std::uint32_t> inherited_roles(const storage::World& world, std::uint32_t role_oid) {
  return membership_closure(world, role_oid, true);
}

bool is_member_of(const storage::World& world, std::uint32_t role_oid, std::uint32_t target) {
  if (is_superuser(world, role_oid)) return true;
  auto roles = membership_closure(world, role_oid, false);
  return std::find(roles.begin(), roles.end(), target) != roles.end();
}

bool has_privileges_of(const storage::World& world, std::uint32_t role_oid, std::uint32_t target) {
  if (is_superuser(world, role_oid)) return true;
  auto roles = inherited_roles(world, role_oid);
  return std::find(roles.begin(), roles.end(), target) != roles.end();
}

std::uint32_t owner_of(const storage::World& world, std::uint32_t object_oid) {
  auto acl = world.find_acl(object_oid);
  if (acl != nullptr) return acl->owner;
  return object_oid == storage::kPublicNamespaceOid ? storage::kDatabaseOwnerRoleOid
                                                    : storage::kBootstrapSuperuserOid;
}

storage::Acl relation_acl(const storage::World& world, std::uint32_t object_oid) {
  auto acl = world.find_acl(object_oid);
  if (acl != nullptr && acl->acl) return *acl->acl;
  if (world.find_sequence(object_oid) != nullptr) return storage::default_sequence_acl(owner_of(world, object_oid));
  return storage::default_table_acl(owner_of(world, object_oid));
}

storage::Acl public_schema_acl(const storage::World& world) { return schema_acl(world, storage::kPublicNamespaceOid); }

storage::Acl schema_acl(const storage::World& world, std::uint32_t schema_oid) {
  auto acl = world.find_acl(schema_oid);
  if (acl != nullptr && acl->acl) return *acl->acl;
  if (schema_oid == storage::kPublicNamespaceOid) return storage::default_public_schema_acl();
  const std::uint32_t owner = owner_of(world, schema_oid);
  return {storage::AclItem{owner, owner, storage::kSchemaPrivileges, 0}};
}

std::uint32_t relation_privileges(const storage::World& world, std::uint32_t role_oid, std::uint32_t relation_oid,
                                  std::uint32_t wanted, const std::string& column) {
  if (is_superuser(world, role_oid)) return wanted;
  auto roles = inherited_roles(world, role_oid);
  std::uint32_t held = storage::held_privileges(relation_acl(world, relation_oid), roles).privileges;
  if (!column.empty()) {
    auto acl = world.find_acl(relation_oid);
    if (acl != nullptr) {
      auto found = acl->column_acls.find(column);
      if (found != acl->column_acls.end()) held |= storage::held_privileges(found->second, roles).privileges;
    }
  }
  return held & wanted;
}

std::uint32_t schema_privileges(const storage::World& world, std::uint32_t role_oid, std::uint32_t wanted,
                                std::uint32_t schema_oid) {
  if (is_superuser(world, role_oid)) return wanted;
  return storage::held_privileges(schema_acl(world, schema_oid), inherited_roles(world, role_oid)).privileges & wanted;
}

bool has_schema_usage(const storage::World& world, std::uint32_t schema_oid) {
  if (checks_off) return true;
  return schema_privileges(world, checking_role_oid(world), storage::kPrivUsage, schema_oid) != 0;
}

std::uint32_t namespace_oid(const storage::World& world, const std::string& schema) {
  if (schema.empty() || schema == storage::kPublicSchema) return storage::kPublicNamespaceOid;
  if (schema == "pg_catalog") return 11;
  if (schema == "information_schema") return 13207;
  if (auto found = world.find_namespace(schema)) return found->oid;
  if (storage::is_temp_schema(schema)) {
    // No catalog row: a number of its own above the oids handed out, per session.
    return 0x7f000000u + static_cast<std::uint32_t>(std::stoul(schema.substr(8)) & 0xffffffu);
  }
  return 0;
}

void check_relation_privilege(const storage::World& world, std::uint32_t relation_oid, const std::string& name,
                              bool is_view, std::uint32_t wanted) {
  if (checks_off) return;
  const std::uint32_t role = checking_role_oid(world);
  if (relation_privileges(world, role, relation_oid, wanted) == wanted) return;
  throw SqlError(kInsufficientPrivilege,
                 std::string("permission denied for ") + (is_view ? "view " : "table ") + name);
}

void check_sequence_privilege(const storage::World& world, std::uint32_t sequence_oid, const std::string& name,
                              std::uint32_t any_of, bool as_invoker) {
  if (checks_off) return;
  std::uint32_t role = checking_role_oid(world);
  if (as_invoker) {
    auto invoker = world.find_role(current_role_name());
    role = invoker == nullptr ? 0 : invoker->oid;
  }
  if (relation_privileges(world, role, sequence_oid, any_of) != 0) return;
  throw SqlError(kInsufficientPrivilege, "permission denied for sequence " + name);
}

void check_column_privileges(const storage::World& world, std::uint32_t relation_oid, const std::string& name,
                             std::uint32_t wanted, const std::vector<std::string>& columns) {
  if (checks_off) return;
  const std::uint32_t role = checking_role_oid(world);
  if (relation_privileges(world, role, relation_oid, wanted) == wanted) return;
  bool all_columns = true;
  for (const std::string& column : columns) {
    if (relation_privileges(world, role, relation_oid, wanted, column) != wanted) all_columns = false;
  }
  // No columns at all (INSERT DEFAULT VALUES) still needs some column's privilege.
  if (columns.empty()) all_columns = false;
  if (all_columns) return;
  throw SqlError(kInsufficientPrivilege, "permission denied for table " + name);
}

ColumnReadChecks::ColumnReadChecks(const storage::World& world) : outermost_(ledger == nullptr), world_(world) {
  if (outermost_) ledger = &statement_ledger;
}

ColumnReadChecks::~ColumnReadChecks() {
  if (!outermost_) return;
  statement_ledger.pending.clear();
  statement_ledger.read.clear();
  ledger = nullptr;
}

void ColumnReadChecks::verify() {
  if (!outermost_ || ledger == nullptr) return;
  for (const PendingColumnCheck& check : ledger->pending) {
    std::shared_ptr<const storage::Table> table;
    for (auto it = world_.tables().begin(); it != world_.tables().end(); ++it) {
      if ((*it).value->schema().oid() == check.table_oid) table = (*it).value;
    }
    if (table == nullptr) continue;
    const storage::TableSchema& schema = table->schema();
    bool any_read = false;
    bool all_allowed = true;
    bool some_allowed = false;
    for (std::size_t c = 0; c < schema.columns().size(); ++c) {
      const bool allowed = relation_privileges(world_, check.role, check.table_oid, storage::kPrivSelect,
                                               schema.column(c).name) != 0;
      some_allowed = some_allowed || allowed;
      if (ledger->read.contains({check.table_oid, static_cast<std::int16_t>(c + 1)})) {
        any_read = true;
        all_allowed = all_allowed && allowed;
      }
    }
    if (any_read ? !all_allowed : (check.whole_rows && !some_allowed)) {
      throw SqlError(kInsufficientPrivilege, "permission denied for table " + check.name);
    }
  }
}

void note_column_read(std::uint32_t table_oid, std::int16_t column_number) {
  // Only statements with a column-decided table pay for the bookkeeping.
  if (ledger != nullptr && table_oid != 0 && !ledger->pending.empty()) ledger->read.insert({table_oid, column_number});
}

void check_table_select(const storage::World& world, std::uint32_t relation_oid, const std::string& name,
                        bool whole_rows) {
  if (checks_off) return;
  const std::uint32_t role = checking_role_oid(world);
  if (relation_privileges(world, role, relation_oid, storage::kPrivSelect) != 0) return;
  if (ledger == nullptr) throw SqlError(kInsufficientPrivilege, "permission denied for table " + name);
  ledger->pending.push_back({relation_oid, name, role, whole_rows});
}

void check_superuser_only_relation(const storage::World& world, const std::string& name) {
  if (checks_off || is_superuser(world, checking_role_oid(world))) return;
  throw SqlError(kInsufficientPrivilege, "permission denied for table " + name);
}

void check_owner(const storage::World& world, std::uint32_t object_oid, const std::string& kind,
                 const std::string& name) {
  if (checks_off) return;
  if (has_privileges_of(world, checking_role_oid(world), owner_of(world, object_oid))) return;
  throw SqlError(kInsufficientPrivilege, "must be owner of " + kind + " " + name);
}

void check_create_in_public_schema(const storage::World& world, int position, const std::string& relation_key) {
  if (checks_off) return;
  const std::string schema = storage::split_relation_key(relation_key).schema;
  if (storage::is_temp_schema(schema)) return;  // PUBLIC holds TEMPORARY on the database
  const std::uint32_t oid = namespace_oid(world, schema);
  if (oid != 0 && schema_privileges(world, checking_role_oid(world), storage::kPrivCreate, oid) != 0) return;
  throw SqlError(kInsufficientPrivilege, "permission denied for schema " + schema, {}, {}, position);
}

std::string role_name_of(const storage::World& world, std::uint32_t role_oid) {
  if (role_oid == storage::kDatabaseOwnerRoleOid) return "pg_database_owner";
  auto role = role_by_oid(world, role_oid);
  return role == nullptr ? std::to_string(role_oid) : role->name;
}

std::string acl_text(const storage::World& world, const storage::Acl& acl) {
  std::string out = "{";
  for (std::size_t i = 0; i < acl.size(); ++i) {
    if (i > 0) out += ',';
    if (acl[i].grantee != storage::kPublicGrantee) out += role_name_of(world, acl[i].grantee);
    out += '=' + storage::privilege_letters(acl[i].privileges, acl[i].grant_options) + '/' +
           role_name_of(world, acl[i].grantor);
  }
  return out + "}";
}

}  // namespace ptreedb::planner
