// Who owns a relation or schema and what others may do with it: PostgreSQL's
// owner column and access control list (relacl, nspacl, attacl). Privileges are
// bits in PostgreSQL's order, so the aclitem text ("alice=arwdDxt/alice") comes
// out in the same letters and order.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ptreedb::storage {

// ACL_INSERT .. ACL_CREATE of PostgreSQL's acl.h.
enum Privilege : std::uint32_t {
  kPrivInsert = 1u << 0,
  kPrivSelect = 1u << 1,
  kPrivUpdate = 1u << 2,
  kPrivDelete = 1u << 3,
  kPrivTruncate = 1u << 4,
  kPrivReferences = 1u << 5,
  kPrivTrigger = 1u << 6,
  kPrivUsage = 1u << 8,
  kPrivCreate = 1u << 9,
};
inline constexpr std::uint32_t kTablePrivileges = kPrivInsert | kPrivSelect | kPrivUpdate | kPrivDelete |
                                                   kPrivTruncate | kPrivReferences | kPrivTrigger;
inline constexpr std::uint32_t kColumnPrivileges = kPrivInsert | kPrivSelect | kPrivUpdate | kPrivReferences;
inline constexpr std::uint32_t kSchemaPrivileges = kPrivUsage | kPrivCreate;
inline constexpr std::uint32_t kSequencePrivileges = kPrivUsage | kPrivSelect | kPrivUpdate;

// Grantee 0 is PUBLIC, as in PostgreSQL.
inline constexpr std::uint32_t kPublicGrantee = 0;
// The public schema's owner in PostgreSQL 15: whoever owns the database.
inline constexpr std::uint32_t kDatabaseOwnerRoleOid = 6171;
inline constexpr std::uint32_t kPublicNamespaceOid = 2200;
// ALTER DEFAULT PRIVILEGES ... ON TABLES of a role are kept in the same map,
// under a key no object oid reaches: the role's oid with the top bit set.
inline constexpr std::uint32_t kDefaultTableAclKeyBit = 0x80000000u;
inline constexpr std::uint32_t default_table_acl_key(std::uint32_t role) { return kDefaultTableAclKeyBit | role; }

struct AclItem {
  std::uint32_t grantee = kPublicGrantee;
  std::uint32_t grantor = 0;
  std::uint32_t privileges = 0;
  std::uint32_t grant_options = 0;  // a subset of privileges
  bool operator==(const AclItem&) const = default;
};

using Acl = std::vector<AclItem>;

// One object's owner and grants. `acl` empty-optional is PostgreSQL's NULL
// relacl: the owner's default (all privileges) and nothing for anyone else.
struct ObjectAcl {
  std::uint32_t owner = 0;
  std::optional<Acl> acl;
  std::map<std::string, Acl> column_acls;  // by column name; absent: none granted
  bool operator==(const ObjectAcl&) const = default;
};

// The default ACL of an object kind for `owner` (what a NULL acl means).
Acl default_table_acl(std::uint32_t owner);
Acl default_sequence_acl(std::uint32_t owner);
Acl default_public_schema_acl();

// The privileges `role` holds through `acl` (directly or as PUBLIC), and the
// grant options among them. `member_of(role)` lists the roles whose rights it
// inherits, itself included.
struct HeldPrivileges {
  std::uint32_t privileges = 0;
  std::uint32_t grant_options = 0;
};
HeldPrivileges held_privileges(const Acl& acl, const std::vector<std::uint32_t>& roles);

// GRANT: adds `privileges` (and options) for `grantee` from `grantor`.
Acl acl_grant(Acl acl, std::uint32_t grantee, std::uint32_t grantor, std::uint32_t privileges, bool with_option);
// REVOKE: takes `privileges` of `grantee` granted by `grantor` (only the
// grant option when `option_only`); with `cascade`, also what the grantee
// passed on with the option it loses. Returns false through `dependents` when
// others hold privileges through the option and cascade was not given.
Acl acl_revoke(Acl acl, std::uint32_t grantee, std::uint32_t grantor, std::uint32_t privileges, bool option_only,
               bool cascade, bool& dependents);

// "arwdDxt"-style letters of privileges, each followed by '*' when held with
// grant option.
std::string privilege_letters(std::uint32_t privileges, std::uint32_t grant_options);

}  // namespace ptreedb::storage
