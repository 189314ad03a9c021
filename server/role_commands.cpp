#include "server/role_commands.h"

#include <memory>
#include <memory_resource>
#include <vector>

#include "planner/relation_names.h"
#include "server/auth/password_secret.h"
#include "server/privilege_commands.h"
#include "server/protocol/backend_messages.h"
#include "server/schema_commands.h"
#include "storage/sql_error.h"

namespace ptreedb::server {
namespace {

constexpr const char* kDuplicateObject = "42710";
constexpr const char* kInsufficientPrivilege = "42501";
constexpr const char* kReservedName = "42939";
constexpr const char* kObjectInUse = "55006";
constexpr const char* kDependentObjectsStillExist = "2BP01";

std::string quoted(const std::string& name) { return "\"" + name + "\""; }

SqlError role_missing(const std::string& name) {
  return SqlError(sqlstate::kUndefinedObject, "role " + quoted(name) + " does not exist");
}

void notice(std::string& out, const std::string& message) {
  protocol::encode_notice_response(out, SqlError("00000", message));
}

// The attributes a CREATE or ALTER ROLE statement sets; unset ones keep their value.
struct RoleOptions {
  std::optional<bool> superuser;
  std::optional<bool> can_login;
  std::optional<bool> inherit;
  bool password_given = false;
  std::optional<std::string> password;  // nullopt: PASSWORD NULL
};

RoleOptions read_options(PgQuery__Node* const* options, std::size_t count) {
  RoleOptions result;
  for (std::size_t i = 0; i < count; ++i) {
    const PgQuery__DefElem* option = options[i]->def_elem;
    if (option == nullptr) continue;
    const std::string name = option->defname;
    const PgQuery__Node* arg = option->arg;
    auto flag = [&] {
      if (arg != nullptr && arg->node_case == PG_QUERY__NODE__NODE_BOOLEAN) return bool(arg->boolean->boolval);
      if (arg != nullptr && arg->node_case == PG_QUERY__NODE__NODE_INTEGER) return arg->integer->ival != 0;
      return true;
    };
    if (name == "superuser") {
      result.superuser = flag();
    } else if (name == "canlogin") {
      result.can_login = flag();
    } else if (name == "inherit") {
      result.inherit = flag();
    } else if (name == "password") {
      result.password_given = true;
      if (arg != nullptr && arg->node_case == PG_QUERY__NODE__NODE_STRING) {
        result.password = std::string(arg->string->sval);
      }
    } else if (name == "connectionlimit") {
      // A limit that is not enforced would be a promise broken: only "none".
      if (arg != nullptr && arg->node_case == PG_QUERY__NODE__NODE_INTEGER && arg->integer->ival != -1) {
        throw SqlError(sqlstate::kFeatureNotSupported, "CONNECTION LIMIT for roles is not supported yet");
      }
    } else if (name == "validUntil") {
      // Likewise an expiry that would not stop authentication.
      if (arg == nullptr || arg->node_case != PG_QUERY__NODE__NODE_STRING ||
          std::string_view(arg->string->sval) != "infinity") {
        throw SqlError(sqlstate::kFeatureNotSupported, "VALID UNTIL for roles is not supported yet");
      }
    }
    // CREATEDB, CREATEROLE, REPLICATION, BYPASSRLS are accepted and grant
    // nothing more: there is one database, and only superusers manage roles.
  }
  return result;
}

const std::string& password_encryption(const SessionState& state) {
  static const std::string kDefault = "scram-sha-256";
  auto found = state.settings.find("password_encryption");
  return found == state.settings.end() ? kDefault : found->second;
}

// The secret to store for the statement's PASSWORD, hashed before taking the
// write lock (SCRAM's key derivation takes milliseconds).
std::string encrypted_password(const RoleOptions& options, const std::string& role_name,
                               const SessionState& state) {
  if (!options.password || options.password->empty()) return {};
  return auth::encrypt_password(*options.password, role_name, password_encryption(state));
}

void apply_options(storage::Role& role, const RoleOptions& options, const std::string& secret,
                   std::string& out) {
  if (options.superuser) role.superuser = *options.superuser;
  if (options.can_login) role.can_login = *options.can_login;
  if (options.inherit) role.inherit = *options.inherit;
  if (options.password_given) {
    if (!options.password || options.password->empty()) {
      if (options.password && options.password->empty()) {
        notice(out, "empty string is not a valid password, clearing password");
      }
      role.password_secret.clear();
    } else {
      role.password_secret = secret;
    }
  }
}

std::string setting_of(const SessionState& state, const char* name) {
  auto found = state.settings.find(name);
  return found == state.settings.end() ? std::string() : found->second;
}

// session_user: SET SESSION AUTHORIZATION's role, else the one that logged in.
std::string session_user_of(const SessionState& state) {
  std::string session = setting_of(state, "session_authorization");
  return session.empty() ? state.user : session;
}

// current_user, whose rights role commands check as PostgreSQL's GetUserId():
// SET ROLE's role, else the session user.
std::string current_user_of(const SessionState& state) {
  std::string role = setting_of(state, "role");
  return role.empty() || role == "none" ? session_user_of(state) : role;
}

std::shared_ptr<const storage::Role> current_role(const storage::World& world, const SessionState& state) {
  return world.find_role(current_user_of(state));
}

void require_superuser(const storage::World& world, const SessionState& state, const char* action) {
  auto role = current_role(world, state);
  if (role == nullptr || !role->superuser) {
    throw SqlError(kInsufficientPrivilege, std::string("permission denied to ") + action);
  }
}

std::string role_spec_name(const PgQuery__RoleSpec& spec, const SessionState& state) {
  switch (spec.roletype) {
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_CURRENT_ROLE:
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_CURRENT_USER:
      return current_user_of(state);
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_SESSION_USER:
      return session_user_of(state);
    case PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_PUBLIC:
      throw SqlError(sqlstate::kUndefinedObject, "role \"public\" does not exist");
    default:
      return spec.rolename;
  }
}

std::string create_role(const PgQuery__CreateRoleStmt& statement, const SessionState& state,
                        txn::WriteTarget& database, std::string& out) {
  if (statement.stmt_type == PG_QUERY__ROLE_STMT_TYPE__ROLESTMT_GROUP) {
    throw SqlError(sqlstate::kFeatureNotSupported, "CREATE GROUP is not supported");
  }
  const std::string name = statement.role;
  const RoleOptions options = read_options(statement.options, statement.n_options);
  const std::string secret = encrypted_password(options, name, state);
  if (name.starts_with("pg_")) {
    throw SqlError(kReservedName, "role name " + quoted(name) + " is reserved",
                   "Role names starting with \"pg_\" are reserved.");
  }
  std::string notices;
  database.write([&](const storage::World& world) {
    require_superuser(world, state, "create role");
    if (world.find_role(name) != nullptr) throw SqlError(kDuplicateObject, "role " + quoted(name) + " already exists");
    auto role = std::make_shared<storage::Role>();
    role->name = name;
    role->oid = world.next_oid();
    role->can_login = statement.stmt_type == PG_QUERY__ROLE_STMT_TYPE__ROLESTMT_USER;
    notices.clear();
    apply_options(*role, options, secret, notices);
    return world.with_role(std::move(role));
  });
  out += notices;
  return "CREATE ROLE";
}

std::string alter_role(const PgQuery__AlterRoleStmt& statement, const SessionState& state,
                       txn::WriteTarget& database, std::string& out) {
  if (statement.role == nullptr) throw SqlError(sqlstate::kFeatureNotSupported, "ALTER ROLE ALL is not supported");
  const std::string name = role_spec_name(*statement.role, state);
  const RoleOptions options = read_options(statement.options, statement.n_options);
  const std::string secret = encrypted_password(options, name, state);
  std::string notices;
  database.write([&](const storage::World& world) {
    auto existing = world.find_role(name);
    if (existing == nullptr) throw role_missing(name);
    // A role may change its own password; anything else needs a superuser.
    const bool only_own_password =
        name == current_user_of(state) && !options.superuser && !options.can_login && !options.inherit;
    if (!only_own_password) {
      auto me = current_role(world, state);
      if ((me == nullptr || !me->superuser) && (existing->superuser || options.superuser)) {
        throw SqlError(kInsufficientPrivilege, "must be superuser to alter superuser roles or change superuser attribute");
      }
      require_superuser(world, state, "alter role");
    }
    if (name == storage::kBootstrapSuperuser && options.superuser && !*options.superuser) {
      throw SqlError(sqlstate::kFeatureNotSupported, "permission denied to alter role",
                     "The bootstrap user must have the SUPERUSER attribute.");
    }
    auto role = std::make_shared<storage::Role>(*existing);
    notices.clear();
    apply_options(*role, options, secret, notices);
    return world.with_role(std::move(role));
  });
  out += notices;
  return "ALTER ROLE";
}

std::string rename_role(const PgQuery__RenameStmt& statement, const SessionState& state,
                        txn::WriteTarget& database, std::string& out) {
  const std::string old_name = statement.subname;
  const std::string new_name = statement.newname;
  bool md5_cleared = false;
  database.write([&](const storage::World& world) {
    require_superuser(world, state, "rename role");
    auto existing = world.find_role(old_name);
    if (existing == nullptr) throw role_missing(old_name);
    if (old_name == state.user) throw SqlError(sqlstate::kFeatureNotSupported, "session user cannot be renamed");
    if (world.find_role(new_name) != nullptr) {
      throw SqlError(kDuplicateObject, "role " + quoted(new_name) + " already exists");
    }
    if (new_name.starts_with("pg_")) {
      throw SqlError(kReservedName, "role name " + quoted(new_name) + " is reserved",
                     "Role names starting with \"pg_\" are reserved.");
    }
    auto role = std::make_shared<storage::Role>(*existing);
    role->name = new_name;
    // An md5 hash is salted with the role name, so it no longer verifies anything.
    md5_cleared = auth::is_md5_secret(role->password_secret);
    if (md5_cleared) role->password_secret.clear();
    return world.without_role(old_name)->with_role(std::move(role));
  });
  if (md5_cleared) notice(out, "MD5 password cleared because of role rename");
  return "ALTER ROLE";
}

std::string drop_roles(const PgQuery__DropRoleStmt& statement, const SessionState& state,
                       txn::WriteTarget& database, std::string& out) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < statement.n_roles; ++i) {
    const PgQuery__RoleSpec* spec = statement.roles[i]->role_spec;
    if (spec == nullptr) continue;
    if (spec->roletype != PG_QUERY__ROLE_SPEC_TYPE__ROLESPEC_CSTRING) {
      throw SqlError(sqlstate::kSyntaxError, "cannot use special role specifier in DROP ROLE");
    }
    names.push_back(spec->rolename);
  }
  std::string notices;
  database.write([&](const storage::World& world) {
    require_superuser(world, state, "drop role");
    notices.clear();
    std::shared_ptr<const storage::World> next;
    for (const std::string& name : names) {
      const storage::World& current = next ? *next : world;
      if (current.find_role(name) == nullptr) {
        if (!statement.missing_ok) throw role_missing(name);
        notice(notices, "role " + quoted(name) + " does not exist, skipping");
        continue;
      }
      if (name == current_user_of(state)) throw SqlError(kObjectInUse, "current user cannot be dropped");
      if (name == session_user_of(state)) throw SqlError(kObjectInUse, "session user cannot be dropped");
      if (name == storage::kBootstrapSuperuser) {
        throw SqlError(kDependentObjectsStillExist,
                       "cannot drop role " + name + " because it is required by the database system");
      }
      check_role_unused(current, name);
      const std::uint32_t oid = current.find_role(name)->oid;
      next = without_memberships_in(current.without_role(name), oid);
    }
    return next;  // null: nothing dropped, nothing published
  });
  out += notices;
  return "DROP ROLE";
}

}  // namespace

std::optional<std::string> run_role_command(const PgQuery__Node& statement, const SessionState& state,
                                            txn::WriteTarget& database, std::string& out) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_CREATE_ROLE_STMT:
      return create_role(*statement.create_role_stmt, state, database, out);
    case PG_QUERY__NODE__NODE_ALTER_ROLE_STMT:
      return alter_role(*statement.alter_role_stmt, state, database, out);
    case PG_QUERY__NODE__NODE_DROP_ROLE_STMT:
      return drop_roles(*statement.drop_role_stmt, state, database, out);
    case PG_QUERY__NODE__NODE_RENAME_STMT:
      if (statement.rename_stmt->rename_type == PG_QUERY__OBJECT_TYPE__OBJECT_SCHEMA) {
        return run_schema_command(statement, database, out);
      }
      if (statement.rename_stmt->rename_type != PG_QUERY__OBJECT_TYPE__OBJECT_ROLE) return std::nullopt;
      return rename_role(*statement.rename_stmt, state, database, out);
    default: {
      if (auto tag = run_schema_command(statement, database, out)) return tag;
      // GRANT ... ON s.t, ALTER TABLE s.t OWNER TO: relation names as the world's keys.
      std::pmr::monotonic_buffer_resource arena;
      return run_privilege_command(planner::qualify_relation_names(statement, *database.snapshot(), arena), state,
                                   database, out);
    }
  }
}

}  // namespace ptreedb::server
