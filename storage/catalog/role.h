// A role of the cluster (PostgreSQL's pg_authid row, the parts we use): who may
// log in, who is a superuser, and the stored password secret. Roles live in the
// world like tables, so they are versioned and durable with it.
#pragma once

#include <cstdint>
#include <string>

namespace ptreedb::storage {

struct Role {
  std::string name;
  std::uint32_t oid = 0;
  bool superuser = false;
  bool can_login = false;
  // A SCRAM-SHA-256 verifier ("SCRAM-SHA-256$iter:salt$stored:server") or an
  // md5 hash ("md5" + 32 hex digits); empty when the role has no password.
  std::string password_secret;
};

// The superuser every cluster starts with, with PostgreSQL's oid for it.
inline constexpr const char* kBootstrapSuperuser = "postgres";
inline constexpr std::uint32_t kBootstrapSuperuserOid = 10;

}  // namespace ptreedb::storage
