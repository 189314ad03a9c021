// ACL arithmetic: PostgreSQL's letters and order, grants merging per
// grantor, revokes that cascade through grant options or refuse without CASCADE.
#include "storage/catalog/object_acl.h"

#include <catch2/catch.hpp>

using namespace ptreedb::storage;

namespace {
constexpr std::uint32_t kOwner = 10, kAlice = 16400, kBob = 16401;
}

TEST_CASE("privilege letters follow PostgreSQL's order, options starred") {
  CHECK(privilege_letters(kTablePrivileges, 0) == "arwdDxt");
  CHECK(privilege_letters(kPrivSelect | kPrivUpdate, kPrivSelect) == "r*w");
  CHECK(privilege_letters(kSchemaPrivileges, 0) == "UC");
}

TEST_CASE("grants merge per grantee and grantor; PUBLIC counts for everyone") {
  Acl acl = default_table_acl(kOwner);
  acl = acl_grant(acl, kAlice, kOwner, kPrivSelect, false);
  acl = acl_grant(acl, kAlice, kOwner, kPrivInsert, true);
  REQUIRE(acl.size() == 2);
  CHECK(acl[1] == AclItem{kAlice, kOwner, kPrivSelect | kPrivInsert, kPrivInsert});
  CHECK(held_privileges(acl, {kBob}).privileges == 0);
  acl = acl_grant(acl, kPublicGrantee, kOwner, kPrivSelect, false);
  CHECK(held_privileges(acl, {kBob}).privileges == kPrivSelect);
}

TEST_CASE("revoking a grant option takes back what was passed on, only with CASCADE") {
  Acl acl = default_table_acl(kOwner);
  acl = acl_grant(acl, kAlice, kOwner, kPrivSelect, true);
  acl = acl_grant(acl, kBob, kAlice, kPrivSelect, false);
  bool dependents = false;
  Acl refused = acl_revoke(acl, kAlice, kOwner, kPrivSelect, false, false, dependents);
  CHECK(dependents);
  Acl cascaded = acl_revoke(acl, kAlice, kOwner, kPrivSelect, false, true, dependents);
  CHECK_FALSE(dependents);
  CHECK(cascaded == default_table_acl(kOwner));
  // Only the option: alice keeps SELECT, bob loses what came through it.
  Acl option_only = acl_revoke(acl, kAlice, kOwner, kPrivSelect, true, true, dependents);
  REQUIRE(option_only.size() == 2);
  CHECK(option_only[1] == AclItem{kAlice, kOwner, kPrivSelect, 0});
}
