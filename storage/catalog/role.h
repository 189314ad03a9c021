// A role of the cluster (PostgreSQL's pg_authid row, the parts we use): who may
// log in, who is a superuser, and the stored password secret. Roles live in the
// world like tables, so they are versioned and durable with it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ptreedb::storage {

// GRANT role TO member: the member holds the granted role's rights (when it
// inherits) and may SET ROLE to it.
struct RoleMembership {
  std::uint32_t role = 0;
  std::uint32_t grantor = 0;
  bool admin_option = false;
  bool operator==(const RoleMembership&) const = default;
};

struct Role {
  std::string name;
  std::uint32_t oid = 0;
  bool superuser = false;
  bool can_login = false;
  // A SCRAM-SHA-256 verifier ("SCRAM-SHA-256$iter:salt$stored:server") or an
  // md5 hash ("md5" + 32 hex digits); empty when the role has no password.
  std::string password_secret;
  bool inherit = true;
  std::vector<RoleMembership> member_of;  // the roles granted to this one
};

// The superuser every cluster starts with, with PostgreSQL's oid for it.
inline constexpr const char* kBootstrapSuperuser = "postgres";
inline constexpr std::uint32_t kBootstrapSuperuserOid = 10;

}  // namespace ptreedb::storage
