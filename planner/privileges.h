// Object privileges as PostgreSQL checks them: ownership, ACLs with PUBLIC and
// inherited role memberships, superusers bypassing everything. The role
// checked is SET ROLE's (else the session user's); inside a view, its owner.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "storage/world/world.h"

namespace ptreedb::planner {

// The current role's name (current_user): SET ROLE's role, else the session user.
std::string current_role_name();
// The oid of the role checks run as (0 when it no longer exists).
std::uint32_t checking_role_oid(const storage::World& world);

// Checks run as `role_oid` (a view's owner) while it lives.
class CheckAsRoleScope {
 public:
  explicit CheckAsRoleScope(std::uint32_t role_oid);
  ~CheckAsRoleScope();
  CheckAsRoleScope(const CheckAsRoleScope&) = delete;
  CheckAsRoleScope& operator=(const CheckAsRoleScope&) = delete;

 private:
  std::uint32_t previous_;
  bool previous_set_;
};

// No checks while it lives: the catalog planning a view to list its columns,
// CREATE VIEW checking its query (PostgreSQL checks views when they are used).
class PrivilegeChecksOff {
 public:
  PrivilegeChecksOff();
  ~PrivilegeChecksOff();
  PrivilegeChecksOff(const PrivilegeChecksOff&) = delete;
  PrivilegeChecksOff& operator=(const PrivilegeChecksOff&) = delete;

 private:
  bool previous_;
};

bool is_superuser(const storage::World& world, std::uint32_t role_oid);
// The role and every role it inherits the rights of (through INHERIT memberships).
std::vector<std::uint32_t> inherited_roles(const storage::World& world, std::uint32_t role_oid);
// Whether `role_oid` is `target` or a member of it, directly or not (pg_has_role MEMBER).
bool is_member_of(const storage::World& world, std::uint32_t role_oid, std::uint32_t target);
// Whether `role_oid` has the rights of `target` (the owner's, for ownership checks).
bool has_privileges_of(const storage::World& world, std::uint32_t role_oid, std::uint32_t target);

std::uint32_t owner_of(const storage::World& world, std::uint32_t object_oid);
// The object's ACL, the owner's default when none was set.
storage::Acl relation_acl(const storage::World& world, std::uint32_t object_oid);
storage::Acl public_schema_acl(const storage::World& world);
// A schema's ACL: its entry's, else the default (public: PostgreSQL 15's; others: the owner's).
storage::Acl schema_acl(const storage::World& world, std::uint32_t schema_oid);

// The privileges among `wanted` that `role_oid` holds on the relation (all of
// them for a superuser); `column` empty: at table level, else on that column
// (its own grants or the table's).
std::uint32_t relation_privileges(const storage::World& world, std::uint32_t role_oid, std::uint32_t relation_oid,
                                  std::uint32_t wanted, const std::string& column = {});
std::uint32_t schema_privileges(const storage::World& world, std::uint32_t role_oid, std::uint32_t wanted,
                                std::uint32_t schema_oid = storage::kPublicNamespaceOid);

// While it lives (around planning one statement), SELECT on a table without
// table-level SELECT is decided by columns, as in PostgreSQL: every column the
// statement reads from it needs its column SELECT (or any column, when it reads
// none, as count(*) does). The binder notes the columns read; `verify` checks.
class ColumnReadChecks {
 public:
  explicit ColumnReadChecks(const storage::World& world);
  ~ColumnReadChecks();
  ColumnReadChecks(const ColumnReadChecks&) = delete;
  ColumnReadChecks& operator=(const ColumnReadChecks&) = delete;
  void verify();

 private:
  bool outermost_;
  const storage::World& world_;
};
// The binder read column `column_number` (from 1) of table `table_oid`.
void note_column_read(std::uint32_t table_oid, std::int16_t column_number);
// SELECT on a table a query reads: table-level, else deferred to its columns.
// `whole_rows`: a FROM item, which needs some column even when none is named;
// false for an INSERT/UPDATE/DELETE target, which needs SELECT only for columns it reads.
void check_table_select(const storage::World& world, std::uint32_t relation_oid, const std::string& name,
                        bool whole_rows = true);

// 42501 "permission denied for table t" (or view) unless the checking role holds `wanted`.
void check_relation_privilege(const storage::World& world, std::uint32_t relation_oid, const std::string& name,
                              bool is_view, std::uint32_t wanted);
// 42501 "permission denied for sequence s" unless the checking role holds
// one of `any_of` on it (nextval: USAGE or UPDATE; currval: SELECT or USAGE).
// `as_invoker`: the current role's even inside a view (PostgreSQL checks the
// sequence functions against the user calling them, relations against the
// view's owner).
void check_sequence_privilege(const storage::World& world, std::uint32_t sequence_oid, const std::string& name,
                              std::uint32_t any_of, bool as_invoker = false);
// The same for a privilege each of `columns` needs (INSERT's and UPDATE's
// target columns): the table's privilege, else each column's own.
void check_column_privileges(const storage::World& world, std::uint32_t relation_oid, const std::string& name,
                             std::uint32_t wanted, const std::vector<std::string>& columns);
// 42501 "permission denied for table name" unless the checking role is a
// superuser: pg_authid (it holds every role's password verifier).
void check_superuser_only_relation(const storage::World& world, const std::string& name);
// 42501 "must be owner of <kind> name" unless the checking role has the owner's rights.
void check_owner(const storage::World& world, std::uint32_t object_oid, const std::string& kind,
                 const std::string& name);
// 42501 "permission denied for schema s" unless the checking role may create
// in the schema of `relation_key` (public when empty; a temporary schema always).
// `position` (1-based, 0 for none) points at the new relation's name.
void check_create_in_public_schema(const storage::World& world, int position = 0, const std::string& relation_key = "");
// The oid of a schema by name (public, the system schemas, CREATE SCHEMA's,
// a temporary schema's made-up one); 0 when there is none.
std::uint32_t namespace_oid(const storage::World& world, const std::string& schema);
// Whether the checking role may look names up in a CREATE SCHEMA schema (USAGE).
bool has_schema_usage(const storage::World& world, std::uint32_t schema_oid);

// PostgreSQL's aclitem text of an ACL ("{alice=arwdDxt/alice,=r/alice}").
std::string acl_text(const storage::World& world, const storage::Acl& acl);
std::string role_name_of(const storage::World& world, std::uint32_t role_oid);

}  // namespace ptreedb::planner
