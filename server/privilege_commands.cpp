#include "server/privilege_commands.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <memory>
#include <vector>

#include "exec/ddl_changes.h"
#include "exec/object_ownership.h"
#include "planner/privileges.h"
#include "planner/relation_names.h"
#include "planner/settings_access.h"
#include "server/protocol/backend_messages.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

namespace ptreedb::server {
namespace {

using storage::World;
using WorldPtr = std::shared_ptr<const World>;

constexpr const char* kInsufficientPrivilege = "42501";
constexpr const char* kInvalidGrantOperation = "0LP01";
constexpr const char* kDependentObjectsStillExist = "2BP01";

void warn(std::string& out, const char* sqlstate, const std::string& message) {
  protocol::encode_notice_response(out, SqlError(sqlstate, message), protocol::Severity::kWarning);
}

void notice(std::string& out, const std::string& message) {
  protocol::encode_notice_response(out, SqlError("00000", message));
}

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

std::shared_ptr<const storage::Role> role_named(const World& world, const std::string& name) {
  auto role = world.find_role(name);
  if (role == nullptr) throw SqlError(sqlstate::kUndefinedObject, "role " + quoted(name) + " does not exist");
  return role;
}

// A RoleSpec's role oid; PUBLIC is 0 where `public_ok`.
std::uint32_t role_of_spec(const World& world, const PgQuery__RoleSpec& spec, bool public_ok) {
  switch (spec.roletype) {
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_CURRENT_ROLE:
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_CURRENT_USER:
      return role_named(world, planner::current_role_name())->oid;
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_SESSION_USER:
      return role_named(world, planner::current_session_user())->oid;
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_PUBLIC:
      if (public_ok) return storage::kPublicGrantee;
      throw SqlError(sqlstate::kUndefinedObject, "role \"public\" does not exist");
    default:
      return role_named(world, spec.rolename)->oid;
  }
}

std::shared_ptr<const storage::Role> role_by_oid(const World& world, std::uint32_t oid) {
  for (auto it = world.roles().begin(); it != world.roles().end(); ++it) {
    if ((*it).value->oid == oid) return (*it).value;
  }
  return nullptr;
}

// ---- GRANT / REVOKE on objects ----

// The objects GRANT may name besides tables, sequences and schemas, as the refusal names them.
const char* object_kind_name(PgQuery__ObjectType type) {
  switch (type) {
    case PG_QUERY__OBJECT_TYPE__OBJECT_FUNCTION: return "functions";
    case PG_QUERY__OBJECT_TYPE__OBJECT_PROCEDURE: return "procedures";
    case PG_QUERY__OBJECT_TYPE__OBJECT_ROUTINE: return "routines";
    case PG_QUERY__OBJECT_TYPE__OBJECT_DATABASE: return "databases";
    case PG_QUERY__OBJECT_TYPE__OBJECT_DOMAIN: return "domains";
    case PG_QUERY__OBJECT_TYPE__OBJECT_TYPE: return "types";
    case PG_QUERY__OBJECT_TYPE__OBJECT_LANGUAGE: return "languages";
    case PG_QUERY__OBJECT_TYPE__OBJECT_LARGEOBJECT: return "large objects";
    case PG_QUERY__OBJECT_TYPE__OBJECT_TABLESPACE: return "tablespaces";
    case PG_QUERY__OBJECT_TYPE__OBJECT_FOREIGN_SERVER: return "foreign servers";
    case PG_QUERY__OBJECT_TYPE__OBJECT_FDW: return "foreign-data wrappers";
    case PG_QUERY__OBJECT_TYPE__OBJECT_PARAMETER_ACL: return "parameters";
    default: return "this kind of object";
  }
}

enum class TargetKind { kTable, kView, kSchema, kSequence };

struct GrantTarget {
  std::uint32_t oid = 0;
  std::string name;
  TargetKind kind = TargetKind::kTable;
  const storage::TableSchema* schema = nullptr;  // tables, for column names
  std::vector<std::string> view_columns;
};

const char* kind_word(TargetKind kind) {
  switch (kind) {
    case TargetKind::kTable: return "table";
    case TargetKind::kView: return "view";
    case TargetKind::kSchema: return "schema";
    case TargetKind::kSequence: return "sequence";
  }
  return "table";
}

std::vector<GrantTarget> grant_targets(const World& world, const PgQuery__GrantStmt& grant) {
  std::vector<GrantTarget> targets;
  const bool sequences_only = grant.objtype == PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE;
  auto add_relation = [&](const std::string& name, int location) {
    const std::string shown = storage::split_relation_key(name).relation;
    if (auto sequence = world.find_sequence(name)) {
      // GRANT ... ON seq without SEQUENCE names it as a table would.
      targets.push_back({sequence->oid, shown, TargetKind::kSequence, nullptr, {}});
    } else if (sequences_only && storage::relation_kind(world, name)) {
      throw SqlError("42809", quoted(shown) + " is not a sequence");
    } else if (auto table = world.find_table(name)) {
      targets.push_back({table->schema().oid(), name, TargetKind::kTable, &table->schema(), {}});
    } else if (auto view = world.find_view(name)) {
      targets.push_back({view->oid, name, TargetKind::kView, nullptr, view->column_names});
    } else {
      throw SqlError(sqlstate::kUndefinedTable, "relation " + quoted(name) + " does not exist", {}, {},
                     location >= 0 ? location + 1 : 0);
    }
  };
  auto check_schema = [&](const PgQuery__Node* node) {
    std::string name = node != nullptr && node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "";
    const std::uint32_t oid = name == "public" || world.find_namespace(name) ? planner::namespace_oid(world, name) : 0;
    if (oid == 0) throw SqlError("3F000", "schema " + quoted(name) + " does not exist");
    return std::pair{oid, name};
  };
  if (grant.targtype == PG_QUERY__GRANT_TARGET_TYPE__ACL_TARGET_ALL_IN_SCHEMA) {
    std::vector<std::string> schemas;
    for (std::size_t i = 0; i < grant.n_objects; ++i) schemas.push_back(check_schema(grant.objects[i]).second);
    auto in_schemas = [&](const std::string& key) {
      return std::find(schemas.begin(), schemas.end(), storage::split_relation_key(key).schema) != schemas.end();
    };
    if (sequences_only) {
      for (auto it = world.sequences().begin(); it != world.sequences().end(); ++it) {
        if (in_schemas((*it).key)) add_relation((*it).key, -1);
      }
    } else {
      for (auto it = world.tables().begin(); it != world.tables().end(); ++it) {
        if (in_schemas((*it).key)) add_relation((*it).key, -1);
      }
      for (auto it = world.views().begin(); it != world.views().end(); ++it) {
        if (in_schemas((*it).key)) add_relation((*it).key, -1);
      }
    }
    std::sort(targets.begin(), targets.end(), [](const auto& a, const auto& b) { return a.oid < b.oid; });
    return targets;
  }
  if (grant.objtype == PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA) {
    for (std::size_t i = 0; i < grant.n_objects; ++i) {
      auto [oid, name] = check_schema(grant.objects[i]);
      targets.push_back({oid, name, TargetKind::kSchema, nullptr, {}});
    }
    return targets;
  }
  for (std::size_t i = 0; i < grant.n_objects; ++i) {
    const PgQuery__Node* object = grant.objects[i];
    if (object->node_case != PG_QUERY__NODE__NODE_RANGE_VAR) continue;
    const PgQuery__RangeVar& range = *object->range_var;
    const std::string schema = range.schemaname != nullptr ? range.schemaname : "";
    if (!schema.empty() && schema != "public") {
      auto key = planner::relation_key_of(world, schema, range.relname);
      if (!key) throw SqlError("3F000", "schema " + quoted(schema) + " does not exist");
      add_relation(*key, range.location);
      continue;
    }
    auto key = planner::resolve_unqualified_relation(world, range.relname);
    add_relation(key.value_or(range.relname), range.location);
  }
  return targets;
}

struct PrivilegeSpec {
  std::uint32_t privileges = 0;
  std::vector<std::string> columns;  // empty: the object itself
};



std::uint32_t privilege_bit(const std::string& name) {
  if (name == "select") return storage::kPrivSelect;
  if (name == "insert") return storage::kPrivInsert;
  if (name == "update") return storage::kPrivUpdate;
  if (name == "delete") return storage::kPrivDelete;
  if (name == "truncate") return storage::kPrivTruncate;
  if (name == "references") return storage::kPrivReferences;
  if (name == "trigger") return storage::kPrivTrigger;
  if (name == "usage") return storage::kPrivUsage;
  if (name == "create") return storage::kPrivCreate;
  if (name == "execute" || name == "temporary" || name == "temp" || name == "connect" || name == "maintain") {
    return 1u << 30;  // a real privilege, never valid for the objects here
  }
  throw SqlError(sqlstate::kSyntaxError, "unrecognized privilege type \"" + name + "\"");
}

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

// The privileges of the statement: whole-object ones, then per column list.
struct StatementPrivileges {
  bool all = false;
  std::uint32_t object = 0;
  std::vector<PrivilegeSpec> columns;
};

// ON TABLE takes table and sequence privileges (each target keeps its own
// kind's: for_target), as PostgreSQL's GRANT does.
StatementPrivileges statement_privileges(const PgQuery__GrantStmt& grant, bool schema) {
  const bool sequence = grant.objtype == PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE;
  const std::uint32_t allowed = schema     ? storage::kSchemaPrivileges
                                : sequence ? storage::kSequencePrivileges
                                           : storage::kTablePrivileges | storage::kSequencePrivileges;
  const char* object_word = schema ? "schema" : sequence ? "sequence" : "relation";
  StatementPrivileges result;
  if (grant.n_privileges == 0) {
    result.all = true;
    result.object = allowed;
    return result;
  }
  for (std::size_t i = 0; i < grant.n_privileges; ++i) {
    const PgQuery__AccessPriv* access = grant.privileges[i]->access_priv;
    if (access == nullptr) continue;
    std::uint32_t bit = 0;
    if (access->priv_name == nullptr || access->priv_name[0] == '\0') {
      bit = access->n_cols > 0 ? storage::kColumnPrivileges : allowed;  // ALL [PRIVILEGES] (columns)
    } else {
      bit = privilege_bit(access->priv_name);
      if (access->n_cols > 0 && sequence) {
        throw SqlError(kInvalidGrantOperation, "column privileges are only valid for relations");
      }
      if (access->n_cols > 0 && (bit & storage::kColumnPrivileges) == 0) {
        throw SqlError(kInvalidGrantOperation, "invalid privilege type " + upper(access->priv_name) + " for column");
      }
      if ((bit & allowed) == 0) {
        throw SqlError(kInvalidGrantOperation,
                       "invalid privilege type " + upper(access->priv_name) + " for " + object_word);
      }
    }
    if (access->n_cols == 0) {
      result.object |= bit;
      continue;
    }
    PrivilegeSpec spec{bit, {}};
    for (std::size_t c = 0; c < access->n_cols; ++c) {
      const PgQuery__Node* column = access->cols[c];
      if (column->node_case == PG_QUERY__NODE__NODE_STRING) spec.columns.push_back(column->string->sval);
    }
    result.columns.push_back(std::move(spec));
  }
  return result;
}

// PostgreSQL's select_best_grantor: the owner's rights win; else the role (the
// current one or one it inherits) holding the most grant options wanted.
struct Grantor {
  std::uint32_t role = 0;
  std::uint32_t options = 0;
};

Grantor best_grantor(const World& world, std::uint32_t current, std::uint32_t owner, const storage::Acl& acl,
                     std::uint32_t wanted) {
  if (planner::has_privileges_of(world, current, owner)) return {owner, wanted};
  Grantor best{current, 0};
  for (std::uint32_t role : planner::inherited_roles(world, current)) {
    std::uint32_t options = 0;
    for (const auto& item : acl) {
      if (item.grantee == role) options |= item.grant_options;
    }
    options &= wanted;
    if (options == wanted) return {role, options};
    if (std::popcount(options) > std::popcount(best.options)) best = {role, options};
  }
  return best;
}

struct GrantContext {
  const World* world = nullptr;
  std::uint32_t current = 0;
  bool is_grant = true;
  bool grant_option = false;
  bool cascade = false;
  std::vector<std::uint32_t> grantees;
  std::string* out = nullptr;
};

// Applies the statement to one ACL (an object's or a column's) and warns as
// PostgreSQL does when fewer privileges than asked could be granted.
storage::Acl change_acl(const GrantContext& context, storage::Acl acl, std::uint32_t owner, std::uint32_t wanted,
                        bool all, const storage::Acl& grant_source, const std::string& what,
                        const GrantTarget& target) {
  storage::Acl source = grant_source;
  source.insert(source.end(), acl.begin(), acl.end());
  Grantor grantor = best_grantor(*context.world, context.current, owner, source, wanted);
  if (grantor.options == 0) {
    // Someone holding no privilege at all gets an error, not a warning.
    const auto held = storage::held_privileges(source, planner::inherited_roles(*context.world, context.current));
    if (held.privileges == 0 && held.grant_options == 0) {
      throw SqlError(kInsufficientPrivilege,
                     std::string("permission denied for ") + kind_word(target.kind) + " " + target.name);
    }
  }
  const std::uint32_t granting = wanted & grantor.options;
  if (context.is_grant) {
    if (granting == 0) {
      warn(*context.out, "01007", "no privileges were granted for " + what);
    } else if (!all && granting != wanted) {
      warn(*context.out, "01007", "not all privileges were granted for " + what);
    }
  } else {
    if (granting == 0) {
      warn(*context.out, "01006", "no privileges could be revoked for " + what);
    } else if (!all && granting != wanted) {
      warn(*context.out, "01006", "not all privileges could be revoked for " + what);
    }
  }
  if (granting == 0) return acl;
  for (std::uint32_t grantee : context.grantees) {
    if (context.is_grant) {
      if (context.grant_option && grantee == storage::kPublicGrantee) {
        throw SqlError(kInvalidGrantOperation, "grant options can only be granted to roles");
      }
      acl = storage::acl_grant(std::move(acl), grantee, grantor.role, granting, context.grant_option);
    } else {
      bool dependents = false;
      acl = storage::acl_revoke(std::move(acl), grantee, grantor.role, granting, context.grant_option,
                                context.cascade, dependents);
      if (dependents) {
        throw SqlError(kDependentObjectsStillExist, "dependent privileges exist", {},
                       "Use CASCADE to revoke them too.");
      }
    }
  }
  return acl;
}

bool column_exists(const GrantTarget& target, const std::string& column) {
  if (target.schema != nullptr) return target.schema->find_column(column).has_value();
  return std::find(target.view_columns.begin(), target.view_columns.end(), column) != target.view_columns.end();
}

// The statement's privileges as they apply to one target: ALL is the
// target kind's; a sequence named ON TABLE keeps its own kind's privileges
// with a warning, as PostgreSQL's ExecGrant_Relation does.
StatementPrivileges for_target(const StatementPrivileges& privileges, const GrantTarget& target,
                               std::string& warnings) {
  StatementPrivileges applied = privileges;
  switch (target.kind) {
    case TargetKind::kSchema:
      break;
    case TargetKind::kSequence:
      if (applied.all) {
        applied.object = storage::kSequencePrivileges;
      } else if ((applied.object & ~storage::kSequencePrivileges) != 0) {
        warn(warnings, kInvalidGrantOperation,
             "sequence " + quoted(target.name) + " only supports USAGE, SELECT, and UPDATE privileges");
        applied.object &= storage::kSequencePrivileges;
      }
      break;
    case TargetKind::kTable:
    case TargetKind::kView:
      if (applied.all) {
        applied.object = storage::kTablePrivileges;
      } else if ((applied.object & storage::kPrivUsage) != 0) {
        throw SqlError(kInvalidGrantOperation, "invalid privilege type USAGE for table");
      }
      break;
  }
  return applied;
}

WorldPtr grant_on(const GrantContext& context, const WorldPtr& world, const GrantTarget& target,
                  const StatementPrivileges& privileges) {
  const std::uint32_t owner = planner::owner_of(*world, target.oid);
  auto existing = world->find_acl(target.oid);
  auto next = std::make_shared<storage::ObjectAcl>(existing ? *existing : storage::ObjectAcl{owner, {}, {}});
  next->owner = owner;
  const storage::Acl current_acl = target.kind == TargetKind::kSchema ? planner::schema_acl(*world, target.oid)
                                                                      : planner::relation_acl(*world, target.oid);
  if (privileges.object != 0 || privileges.columns.empty()) {
    next->acl = change_acl(context, current_acl, owner, privileges.object, privileges.all, {},
                           quoted(target.name), target);
  }
  for (const PrivilegeSpec& spec : privileges.columns) {
    for (const std::string& column : spec.columns) {
      if (!column_exists(target, column)) {
        throw SqlError(sqlstate::kUndefinedColumn,
                       "column " + quoted(column) + " of relation " + quoted(target.name) + " does not exist");
      }
      storage::Acl column_acl = next->column_acls.contains(column) ? next->column_acls[column] : storage::Acl{};
      storage::Acl changed = change_acl(context, column_acl, owner, spec.privileges, false, current_acl,
                                        "column " + quoted(column) + " of relation " + quoted(target.name), target);
      if (changed.empty()) {
        next->column_acls.erase(column);
      } else {
        next->column_acls[column] = std::move(changed);
      }
    }
  }
  // Revoking every column privilege from a table REVOKE also clears its columns' grants.
  if (!context.is_grant && privileges.columns.empty() && target.kind != TargetKind::kSchema) {
    for (auto it = next->column_acls.begin(); it != next->column_acls.end();) {
      bool dependents = false;
      for (std::uint32_t grantee : context.grantees) {
        it->second = storage::acl_revoke(std::move(it->second), grantee, owner, privileges.object,
                                         context.grant_option, true, dependents);
      }
      it = it->second.empty() ? next->column_acls.erase(it) : std::next(it);
    }
  }
  if (existing && *existing == *next) return world;
  return world->with_acl(target.oid, std::move(next));
}

std::string grant(const PgQuery__GrantStmt& statement, txn::WriteTarget& database, std::string& out) {
  if (statement.targtype == PG_QUERY__GRANT_TARGET_TYPE__ACL_TARGET_DEFAULTS) {
    throw SqlError(sqlstate::kFeatureNotSupported, "ALTER DEFAULT PRIVILEGES is not supported");
  }
  if (statement.grantor != nullptr) throw SqlError(sqlstate::kFeatureNotSupported, "GRANTED BY is not supported");
  std::string warnings;
  database.write([&](const World& world) -> WorldPtr {
    warnings.clear();
    GrantContext context;
    context.world = &world;
    context.current = planner::checking_role_oid(world);
    context.is_grant = statement.is_grant;
    context.grant_option = statement.grant_option;
    context.cascade = statement.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
    context.out = &warnings;
    for (std::size_t i = 0; i < statement.n_grantees; ++i) {
      const PgQuery__RoleSpec* spec = statement.grantees[i]->role_spec;
      if (spec != nullptr) context.grantees.push_back(role_of_spec(world, *spec, true));
    }
    if (statement.objtype != PG_QUERY__OBJECT_TYPE__OBJECT_TABLE &&
        statement.objtype != PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE &&
        statement.objtype != PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA) {
      throw SqlError(sqlstate::kFeatureNotSupported,
                     statement.targtype == PG_QUERY__GRANT_TARGET_TYPE__ACL_TARGET_ALL_IN_SCHEMA
                         ? "GRANT ON ALL FUNCTIONS IN SCHEMA is not supported"
                         : std::string("GRANT and REVOKE on ") + object_kind_name(statement.objtype) +
                               " are not supported");
    }
    const bool schema = statement.objtype == PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA &&
                        statement.targtype == PG_QUERY__GRANT_TARGET_TYPE__ACL_TARGET_OBJECT;
    StatementPrivileges privileges = statement_privileges(statement, schema);
    WorldPtr next = std::make_shared<const World>(world);
    for (const GrantTarget& target : grant_targets(world, statement)) {
      context.world = next.get();
      next = grant_on(context, next, target, for_target(privileges, target, warnings));
    }
    return next;
  });
  out += warnings;
  return statement.is_grant ? "GRANT" : "REVOKE";
}

// ---- role membership ----

bool member_of(const storage::Role& role, std::uint32_t granted) {
  return std::any_of(role.member_of.begin(), role.member_of.end(),
                     [&](const auto& membership) { return membership.role == granted; });
}

std::string grant_role(const PgQuery__GrantRoleStmt& statement, txn::WriteTarget& database, std::string& out) {
  if (statement.grantor != nullptr) throw SqlError(sqlstate::kFeatureNotSupported, "GRANTED BY is not supported");
  std::string messages;
  database.write([&](const World& world) -> WorldPtr {
    messages.clear();
    WorldPtr next = std::make_shared<const World>(world);
    const std::uint32_t current = planner::checking_role_oid(world);
    for (std::size_t g = 0; g < statement.n_granted_roles; ++g) {
      const PgQuery__AccessPriv* access = statement.granted_roles[g]->access_priv;
      if (access == nullptr || access->priv_name == nullptr) continue;
      auto granted = role_named(*next, access->priv_name);
      // Superusers, and members holding the role WITH ADMIN OPTION, grant it.
      bool admin = planner::is_superuser(*next, current);
      if (!admin) {
        auto me = role_by_oid(*next, current);
        for (std::uint32_t role : planner::inherited_roles(*next, current)) {
          auto holder = role_by_oid(*next, role);
          if (holder == nullptr) continue;
          for (const auto& membership : holder->member_of) {
            if (membership.role == granted->oid && membership.admin_option) admin = true;
          }
        }
        (void)me;
      }
      if (granted->superuser && !planner::is_superuser(*next, current)) {
        throw SqlError(kInsufficientPrivilege, "must be superuser to alter superusers");
      }
      if (!admin) throw SqlError(kInsufficientPrivilege, "must have admin option on role " + quoted(granted->name));
      for (std::size_t m = 0; m < statement.n_grantee_roles; ++m) {
        const PgQuery__RoleSpec* spec = statement.grantee_roles[m]->role_spec;
        if (spec == nullptr) continue;
        auto member = role_by_oid(*next, role_of_spec(*next, *spec, false));
        auto changed = std::make_shared<storage::Role>(*member);
        if (statement.is_grant) {
          if (planner::is_member_of(*next, granted->oid, member->oid) &&
              !planner::is_superuser(*next, granted->oid)) {
            throw SqlError(kInvalidGrantOperation,
                           "role " + quoted(granted->name) + " is a member of role " + quoted(member->name));
          }
          if (granted->oid == member->oid) {
            throw SqlError(kInvalidGrantOperation,
                           "role " + quoted(granted->name) + " is a member of role " + quoted(member->name));
          }
          auto found = std::find_if(changed->member_of.begin(), changed->member_of.end(),
                                    [&](const auto& membership) { return membership.role == granted->oid; });
          if (found != changed->member_of.end()) {
            if (!statement.admin_opt || found->admin_option) {
              notice(messages, "role " + quoted(member->name) + " is already a member of role " +
                                   quoted(granted->name));
              continue;
            }
            found->admin_option = true;
          } else {
            changed->member_of.push_back({granted->oid, current, static_cast<bool>(statement.admin_opt)});
          }
        } else {
          auto found = std::find_if(changed->member_of.begin(), changed->member_of.end(),
                                    [&](const auto& membership) { return membership.role == granted->oid; });
          if (found == changed->member_of.end()) {
            warn(messages, "01000",
                 "role " + quoted(member->name) + " is not a member of role " + quoted(granted->name));
            continue;
          }
          if (statement.admin_opt) {
            found->admin_option = false;
          } else {
            changed->member_of.erase(found);
          }
        }
        next = next->with_role(std::move(changed));
      }
    }
    return next;
  });
  out += messages;
  return statement.is_grant ? "GRANT ROLE" : "REVOKE ROLE";
}

// ---- ownership ----

// The ACL with the old owner's entries moved to the new owner (aclnewowner).
storage::Acl acl_with_new_owner(storage::Acl acl, std::uint32_t from, std::uint32_t to) {
  storage::Acl merged;
  for (auto item : acl) {
    if (item.grantee == from) item.grantee = to;
    if (item.grantor == from) item.grantor = to;
    auto same = std::find_if(merged.begin(), merged.end(), [&](const storage::AclItem& other) {
      return other.grantee == item.grantee && other.grantor == item.grantor;
    });
    if (same != merged.end()) {
      same->privileges |= item.privileges;
      same->grant_options |= item.grant_options;
    } else {
      merged.push_back(item);
    }
  }
  return merged;
}

WorldPtr with_owner(const WorldPtr& world, std::uint32_t oid, std::uint32_t new_owner) {
  const std::uint32_t old_owner = planner::owner_of(*world, oid);
  if (old_owner == new_owner) return world;
  auto existing = world->find_acl(oid);
  auto next = std::make_shared<storage::ObjectAcl>(existing ? *existing : storage::ObjectAcl{old_owner, {}, {}});
  next->owner = new_owner;
  if (next->acl) next->acl = acl_with_new_owner(*next->acl, old_owner, new_owner);
  for (auto& [column, acl] : next->column_acls) acl = acl_with_new_owner(acl, old_owner, new_owner);
  return world->with_acl(oid, std::move(next));
}

// ALTER TABLE/VIEW name OWNER TO role; nullopt when the statement does more.
std::optional<std::string> alter_owner(const PgQuery__AlterTableStmt& statement, txn::WriteTarget& database) {
  if (statement.n_cmds == 0 || statement.relation == nullptr) return std::nullopt;
  const PgQuery__RoleSpec* new_owner_spec = nullptr;
  for (std::size_t i = 0; i < statement.n_cmds; ++i) {
    const PgQuery__AlterTableCmd* cmd = statement.cmds[i]->alter_table_cmd;
    if (cmd == nullptr || cmd->subtype != PG_QUERY__ALTER_TABLE_TYPE__AT_ChangeOwner) {
      if (new_owner_spec != nullptr) {
        throw SqlError(sqlstate::kFeatureNotSupported, "OWNER TO combined with other ALTER TABLE actions is not supported");
      }
      return std::nullopt;
    }
    new_owner_spec = cmd->newowner;
  }
  const bool view_statement = statement.objtype == PG_QUERY__OBJECT_TYPE__OBJECT_VIEW;
  const bool index_statement = statement.objtype == PG_QUERY__OBJECT_TYPE__OBJECT_INDEX;
  if (index_statement) throw SqlError(sqlstate::kFeatureNotSupported, "ALTER INDEX ... OWNER TO is not supported");
  const std::string name = statement.relation->relname;
  bool skipped = false;
  database.write([&](const World& world) -> WorldPtr {
    std::uint32_t oid = 0;
    std::string kind;
    if (auto table = world.find_table(name)) {
      oid = table->schema().oid();
      kind = "table";
    } else if (auto view = world.find_view(name)) {
      oid = view->oid;
      kind = "view";
    } else if (auto sequence = world.find_sequence(name)) {
      oid = sequence->oid;
      kind = "sequence";
    } else {
      if (statement.missing_ok) {
        skipped = true;
        return nullptr;
      }
      throw SqlError(sqlstate::kUndefinedTable, "relation " + quoted(name) + " does not exist");
    }
    const std::uint32_t new_owner = role_of_spec(world, *new_owner_spec, false);
    if (planner::owner_of(world, oid) == new_owner) return nullptr;
    const std::uint32_t current = planner::checking_role_oid(world);
    if (!planner::is_superuser(world, current)) {
      planner::check_owner(world, oid, kind, name);
      if (!planner::is_member_of(world, current, new_owner)) {
        throw SqlError(kInsufficientPrivilege, "must be member of role " + quoted(role_by_oid(world, new_owner)->name));
      }
      if (planner::schema_privileges(world, new_owner, storage::kPrivCreate) == 0) {
        throw SqlError(kInsufficientPrivilege, "permission denied for schema public");
      }
    }
    return with_owner(std::make_shared<const World>(world), oid, new_owner);
  });
  (void)skipped;
  return view_statement                                           ? "ALTER VIEW"
         : statement.objtype == PG_QUERY__OBJECT_TYPE__OBJECT_SEQUENCE ? "ALTER SEQUENCE"
                                                                        : "ALTER TABLE";
}

std::optional<std::string> alter_schema_owner(const PgQuery__AlterOwnerStmt& statement, txn::WriteTarget& database) {
  if (statement.object_type != PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA) return std::nullopt;
  std::string name = statement.object != nullptr && statement.object->node_case == PG_QUERY__NODE__NODE_STRING
                         ? statement.object->string->sval
                         : "";
  database.write([&](const World& world) -> WorldPtr {
    const std::uint32_t oid = name == "public" || world.find_namespace(name) ? planner::namespace_oid(world, name) : 0;
    if (oid == 0) throw SqlError("3F000", "schema " + quoted(name) + " does not exist");
    const std::uint32_t new_owner = role_of_spec(world, *statement.newowner, false);
    const std::uint32_t current = planner::checking_role_oid(world);
    if (!planner::is_superuser(world, current)) {
      planner::check_owner(world, oid, "schema", name);
      if (!planner::is_member_of(world, current, new_owner)) {
        throw SqlError(kInsufficientPrivilege, "must be member of role " + quoted(role_by_oid(world, new_owner)->name));
      }
    }
    auto with_acl = world.find_acl(oid);
    WorldPtr next = std::make_shared<const World>(world);
    if (with_acl == nullptr) {
      auto entry = std::make_shared<storage::ObjectAcl>();
      entry->owner = planner::owner_of(world, oid);
      entry->acl = planner::schema_acl(world, oid);
      next = next->with_acl(oid, std::move(entry));
    }
    return with_owner(next, oid, new_owner);
  });
  return "ALTER SCHEMA";
}

std::vector<std::uint32_t> roles_of_specs(const World& world, PgQuery__Node* const* specs, std::size_t count) {
  std::vector<std::uint32_t> roles;
  for (std::size_t i = 0; i < count; ++i) {
    if (specs[i]->role_spec != nullptr) roles.push_back(role_of_spec(world, *specs[i]->role_spec, false));
  }
  return roles;
}

// Relations (and the public schema) owned by `role`.
std::vector<std::uint32_t> owned_objects(const World& world, std::uint32_t role) {
  std::vector<std::uint32_t> owned;
  for (auto it = world.acls().begin(); it != world.acls().end(); ++it) {
    if (((*it).key & storage::kDefaultTableAclKeyBit) != 0) continue;  // default privileges are no object
    if ((*it).value->owner == role) owned.push_back((*it).key);
  }
  return owned;
}

std::string reassign_owned(const PgQuery__ReassignOwnedStmt& statement, txn::WriteTarget& database) {
  database.write([&](const World& world) -> WorldPtr {
    const std::uint32_t current = planner::checking_role_oid(world);
    const std::vector<std::uint32_t> from = roles_of_specs(world, statement.roles, statement.n_roles);
    const std::uint32_t to = role_of_spec(world, *statement.newrole, false);
    for (std::uint32_t role : from) {
      if (!planner::has_privileges_of(world, current, role)) {
        throw SqlError(kInsufficientPrivilege, "permission denied to reassign objects");
      }
    }
    if (!planner::has_privileges_of(world, current, to)) {
      throw SqlError(kInsufficientPrivilege, "permission denied to reassign objects");
    }
    WorldPtr next = std::make_shared<const World>(world);
    for (std::uint32_t role : from) {
      for (std::uint32_t oid : owned_objects(*next, role)) next = with_owner(next, oid, to);
    }
    return next;
  });
  return "REASSIGN OWNED";
}

std::string drop_owned(const PgQuery__DropOwnedStmt& statement, txn::WriteTarget& database) {
  database.write([&](const World& world) -> WorldPtr {
    const std::uint32_t current = planner::checking_role_oid(world);
    const std::vector<std::uint32_t> roles = roles_of_specs(world, statement.roles, statement.n_roles);
    for (std::uint32_t role : roles) {
      if (!planner::has_privileges_of(world, current, role)) {
        throw SqlError(kInsufficientPrivilege, "permission denied to drop objects");
      }
    }
    WorldPtr next = std::make_shared<const World>(world);
    // Owned views, then owned tables, go; then every grant to the roles.
    for (storage::RelationKind kind : {storage::RelationKind::kView, storage::RelationKind::kTable}) {
      planner::DropPlan plan;
      plan.kind = kind;
      plan.cascade = statement.behavior == PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE;
      plan.missing_ok = true;
      for (std::uint32_t role : roles) {
        for (std::uint32_t oid : owned_objects(*next, role)) {
          if (kind == storage::RelationKind::kView) {
            for (auto it = next->views().begin(); it != next->views().end(); ++it) {
              if ((*it).value->oid == oid) plan.names.push_back((*it).key);
            }
          } else {
            for (auto it = next->tables().begin(); it != next->tables().end(); ++it) {
              if ((*it).value->schema().oid() == oid) plan.names.push_back((*it).key);
            }
          }
        }
      }
      if (!plan.names.empty()) {
        if (WorldPtr dropped = exec::drop_relations(*next, plan)) next = exec::without_orphan_acls(dropped);
      }
    }
    // Owned schemas go too, once empty (CASCADE: with what is left in them).
    for (auto it = world.namespaces().begin(); it != world.namespaces().end(); ++it) {
      const auto& space = *(*it).value;
      if (std::find(roles.begin(), roles.end(), planner::owner_of(*next, space.oid)) == roles.end()) continue;
      planner::DropPlan plan;
      plan.cascade = true;
      plan.missing_ok = true;
      for (auto table = next->tables().begin(); table != next->tables().end(); ++table) {
        if (storage::split_relation_key((*table).key).schema == space.name) plan.names.push_back((*table).key);
      }
      for (auto view = next->views().begin(); view != next->views().end(); ++view) {
        if (storage::split_relation_key((*view).key).schema == space.name) plan.names.push_back((*view).key);
      }
      if (!plan.names.empty() && statement.behavior != PG_QUERY__DROP_BEHAVIOR__DROP_CASCADE) {
        throw SqlError(kDependentObjectsStillExist,
                       "cannot drop desired object(s) because other objects depend on them",
                       "table " + plan.names.front() + " depends on schema " + space.name,
                       "Use DROP ... CASCADE to drop the dependent objects too.");
      }
      for (auto kind : {storage::RelationKind::kView, storage::RelationKind::kTable}) {
        planner::DropPlan of_kind = plan;
        of_kind.kind = kind;
        std::erase_if(of_kind.names, [&](const std::string& key) {
          return storage::relation_kind(*next, key) != kind;
        });
        if (of_kind.names.empty()) continue;
        if (WorldPtr dropped = exec::drop_relations(*next, of_kind)) next = dropped;
      }
      next = exec::without_orphan_acls(next->without_namespace(space.name)->without_acl(space.oid));
    }
    // A handle of its own: the loop replaces `next`, which may hold the only one.
    const auto acls = next->acls();
    for (auto it = acls.begin(); it != acls.end(); ++it) {
      auto changed = std::make_shared<storage::ObjectAcl>(*(*it).value);
      auto drop_items = [&](storage::Acl& acl) {
        std::erase_if(acl, [&](const storage::AclItem& item) {
          return std::find(roles.begin(), roles.end(), item.grantee) != roles.end();
        });
      };
      if (changed->acl) drop_items(*changed->acl);
      for (auto& [column, acl] : changed->column_acls) drop_items(acl);
      std::erase_if(changed->column_acls, [](const auto& entry) { return entry.second.empty(); });
      if (!(*changed == *(*it).value)) next = next->with_acl((*it).key, std::move(changed));
    }
    for (std::uint32_t role : roles) {
      if (next->find_acl(storage::default_table_acl_key(role))) {
        next = next->without_acl(storage::default_table_acl_key(role));
      }
    }
    return next;
  });
  return "DROP OWNED";
}

// ALTER DEFAULT PRIVILEGES [FOR ROLE r, ...] GRANT/REVOKE ... ON TABLES: the
// ACL that relations those roles create start with (PostgreSQL's
// pg_default_acl, for the whole database; IN SCHEMA and other object kinds are refused).
std::string alter_default_privileges(const PgQuery__AlterDefaultPrivilegesStmt& statement,
                                     txn::WriteTarget& database) {
  const PgQuery__GrantStmt& action = *statement.action;
  if (action.objtype != PG_QUERY__OBJECT_TYPE__OBJECT_TABLE) {
    throw SqlError(sqlstate::kFeatureNotSupported, "ALTER DEFAULT PRIVILEGES is supported only ON TABLES");
  }
  std::vector<const PgQuery__RoleSpec*> for_roles;
  for (std::size_t i = 0; i < statement.n_options; ++i) {
    const PgQuery__DefElem* option = statement.options[i]->def_elem;
    if (option == nullptr) continue;
    if (std::string(option->defname) == "schemas") {
      throw SqlError(sqlstate::kFeatureNotSupported, "ALTER DEFAULT PRIVILEGES IN SCHEMA is not supported");
    }
    if (std::string(option->defname) == "roles" && option->arg != nullptr &&
        option->arg->node_case == PG_QUERY__NODE__NODE_LIST) {
      for (std::size_t r = 0; r < option->arg->list->n_items; ++r) {
        if (option->arg->list->items[r]->role_spec != nullptr) for_roles.push_back(option->arg->list->items[r]->role_spec);
      }
    }
  }
  if (action.grantor != nullptr) throw SqlError(sqlstate::kFeatureNotSupported, "GRANTED BY is not supported");
  database.write([&](const World& world) -> WorldPtr {
    const std::uint32_t current = planner::checking_role_oid(world);
    std::vector<std::uint32_t> roles;
    for (const PgQuery__RoleSpec* spec : for_roles) roles.push_back(role_of_spec(world, *spec, false));
    if (roles.empty()) roles.push_back(current);
    std::vector<std::uint32_t> grantees;
    for (std::size_t i = 0; i < action.n_grantees; ++i) {
      if (action.grantees[i]->role_spec != nullptr) {
        grantees.push_back(role_of_spec(world, *action.grantees[i]->role_spec, true));
      }
    }
    const std::uint32_t privileges = statement_privileges(action, false).object;
    WorldPtr next = std::make_shared<const World>(world);
    for (std::uint32_t role : roles) {
      if (!planner::is_member_of(world, current, role)) {
        throw SqlError(kInsufficientPrivilege, "permission denied to change default privileges");
      }
      const std::uint32_t key = storage::default_table_acl_key(role);
      auto existing = next->find_acl(key);
      storage::Acl acl = existing && existing->acl ? *existing->acl : storage::default_table_acl(role);
      for (std::uint32_t grantee : grantees) {
        if (action.is_grant) {
          acl = storage::acl_grant(std::move(acl), grantee, role, privileges, action.grant_option);
        } else {
          bool dependents = false;
          acl = storage::acl_revoke(std::move(acl), grantee, role, privileges, action.grant_option, true, dependents);
        }
      }
      if (acl == storage::default_table_acl(role)) {
        if (existing) next = next->without_acl(key);
        continue;
      }
      auto entry = std::make_shared<storage::ObjectAcl>();
      entry->owner = role;
      entry->acl = std::move(acl);
      next = next->with_acl(key, std::move(entry));
    }
    return next;
  });
  return "ALTER DEFAULT PRIVILEGES";
}

}  // namespace

std::optional<std::string> run_privilege_command(const PgQuery__Node& statement, const SessionState& state,
                                                 txn::WriteTarget& database, std::string& out) {
  (void)state;
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_GRANT_STMT:
      return grant(*statement.grant_stmt, database, out);
    case PG_QUERY__NODE__NODE_GRANT_ROLE_STMT:
      return grant_role(*statement.grant_role_stmt, database, out);
    case PG_QUERY__NODE__NODE_ALTER_TABLE_STMT:
      return alter_owner(*statement.alter_table_stmt, database);
    case PG_QUERY__NODE__NODE_ALTER_OWNER_STMT:
      return alter_schema_owner(*statement.alter_owner_stmt, database);
    case PG_QUERY__NODE__NODE_REASSIGN_OWNED_STMT:
      return reassign_owned(*statement.reassign_owned_stmt, database);
    case PG_QUERY__NODE__NODE_DROP_OWNED_STMT:
      return drop_owned(*statement.drop_owned_stmt, database);
    case PG_QUERY__NODE__NODE_ALTER_DEFAULT_PRIVILEGES_STMT:
      return alter_default_privileges(*statement.alter_default_privileges_stmt, database);
    default:
      return std::nullopt;
  }
}

void check_role_unused(const World& world, const std::string& name) {
  auto role = world.find_role(name);
  if (role == nullptr) return;
  // PostgreSQL lists the dependent objects by oid, each object before its columns.
  struct Dependent {
    std::uint32_t oid;
    std::int64_t column;
    std::string text;
    bool operator<(const Dependent& other) const {
      return oid != other.oid ? oid < other.oid : column < other.column;
    }
  };
  std::vector<Dependent> dependents;
  for (auto it = world.acls().begin(); it != world.acls().end(); ++it) {
    const std::uint32_t oid = (*it).key;
    const storage::ObjectAcl& acl = *(*it).value;
    std::string object;
    const storage::TableSchema* schema = nullptr;
    if ((oid & storage::kDefaultTableAclKeyBit) != 0) {
      if (acl.owner == role->oid) {
        dependents.push_back({oid, 0, "owner of default privileges on new relations belonging to role " + name});
      } else if (acl.acl && std::any_of(acl.acl->begin(), acl.acl->end(),
                                        [&](const auto& item) { return item.grantee == role->oid; })) {
        dependents.push_back({oid, 0, "privileges for default privileges on new relations belonging to role " +
                                          role_by_oid(world, acl.owner)->name});
      }
      continue;
    }
    if (oid == storage::kPublicNamespaceOid) object = "schema public";
    for (auto space = world.namespaces().begin(); object.empty() && space != world.namespaces().end(); ++space) {
      if ((*space).value->oid == oid) object = "schema " + (*space).key;
    }
    for (auto table = world.tables().begin(); object.empty() && table != world.tables().end(); ++table) {
      if ((*table).value->schema().oid() == oid) {
        object = "table " + (*table).key;
        schema = &(*table).value->schema();
      }
    }
    for (auto view = world.views().begin(); object.empty() && view != world.views().end(); ++view) {
      if ((*view).value->oid == oid) object = "view " + (*view).key;
    }
    if (object.empty()) continue;
    auto mentions = [&](const storage::Acl& items) {
      return std::any_of(items.begin(), items.end(), [&](const storage::AclItem& item) {
        return item.grantee == role->oid || item.grantor == role->oid;
      });
    };
    if (acl.owner == role->oid) {
      dependents.push_back({oid, 0, "owner of " + object});
      continue;
    }
    if (acl.acl && mentions(*acl.acl)) dependents.push_back({oid, 0, "privileges for " + object});
    for (const auto& [column, items] : acl.column_acls) {
      if (!mentions(items)) continue;
      std::int64_t number = 0;
      if (schema != nullptr) {
        if (auto position = schema->find_column(column)) number = static_cast<std::int64_t>(*position) + 1;
      }
      dependents.push_back({oid, number, "privileges for column " + column + " of " + object});
    }
  }
  if (dependents.empty()) return;
  std::sort(dependents.begin(), dependents.end());
  std::string detail;
  for (const Dependent& dependent : dependents) detail += (detail.empty() ? "" : "\n") + dependent.text;
  throw SqlError(kDependentObjectsStillExist,
                 "role " + quoted(name) + " cannot be dropped because some objects depend on it", detail);
}

WorldPtr without_memberships_in(const WorldPtr& world, std::uint32_t dropped) {
  WorldPtr next = world;
  for (auto it = world->roles().begin(); it != world->roles().end(); ++it) {
    const storage::Role& role = *(*it).value;
    if (!member_of(role, dropped)) continue;
    auto changed = std::make_shared<storage::Role>(role);
    std::erase_if(changed->member_of, [&](const auto& membership) { return membership.role == dropped; });
    next = next->with_role(std::move(changed));
  }
  return next;
}

RoleSettingScope::RoleSettingScope(const PgQuery__Node& statement, SessionState& state, const World& world)
    : state_(state) {
  if (statement.node_case != PG_QUERY__NODE__NODE_VARIABLE_SET_STMT) return;
  const PgQuery__VariableSetStmt& set = *statement.variable_set_stmt;
  const std::string name = set.name != nullptr ? set.name : "";
  if (name != "role" && name != "session_authorization") return;
  std::string value;
  if (set.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE && set.n_args == 1 &&
      set.args[0]->node_case == PG_QUERY__NODE__NODE_A_CONST && set.args[0]->a_const->val_case ==
                                                                 PG_QUERY__A__CONST__VAL_SVAL) {
    value = set.args[0]->a_const->sval->sval;
  } else if (set.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE) {
    return;  // let the settings code report the malformed value
  }
  auto authenticated = world.find_role(state.user);
  const bool authenticated_superuser = authenticated != nullptr && authenticated->superuser;
  std::string effective;
  if (name == "session_authorization") {
    if (!value.empty()) {
      auto target = role_named(world, value);
      if (value != state.user && !authenticated_superuser) {
        throw SqlError(kInsufficientPrivilege, "permission denied to set session authorization " + quoted(value));
      }
    }
    effective = value.empty() ? state.user : value;
    state.setting_defaults["session_authorization"] = state.user;
    // A new session user starts with no role set.
    state.settings["role"] = "none";
  } else {
    const std::string session_user = planner::current_session_user();
    effective = value.empty() || value == "none" ? session_user : value;
    if (!value.empty() && value != "none") {
      auto target = role_named(world, value);
      auto session_role = world.find_role(session_user);
      if (session_role == nullptr || !planner::is_member_of(world, session_role->oid, target->oid)) {
        throw SqlError(kInsufficientPrivilege, "permission denied to set role " + quoted(value));
      }
    }
  }
  auto effective_role = world.find_role(effective);
  const std::string superuser = effective_role != nullptr && effective_role->superuser ? "on" : "off";
  if (state.settings["is_superuser"] != superuser) {
    state.settings["is_superuser"] = superuser;
    state.changed_reported_settings.push_back("is_superuser");
  }
  state.role_checked = true;
}

RoleSettingScope::~RoleSettingScope() { state_.role_checked = false; }

}  // namespace ptreedb::server
