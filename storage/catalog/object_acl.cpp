#include "storage/catalog/object_acl.h"

#include <algorithm>

namespace ptreedb::storage {

Acl default_table_acl(std::uint32_t owner) { return {AclItem{owner, owner, kTablePrivileges, 0}}; }
Acl default_sequence_acl(std::uint32_t owner) { return {AclItem{owner, owner, kSequencePrivileges, 0}}; }

Acl default_public_schema_acl() {
  return {AclItem{kDatabaseOwnerRoleOid, kDatabaseOwnerRoleOid, kSchemaPrivileges, 0},
          AclItem{kPublicGrantee, kDatabaseOwnerRoleOid, kPrivUsage, 0}};
}

HeldPrivileges held_privileges(const Acl& acl, const std::vector<std::uint32_t>& roles) {
  HeldPrivileges held;
  for (const AclItem& item : acl) {
    if (item.grantee != kPublicGrantee && std::find(roles.begin(), roles.end(), item.grantee) == roles.end()) {
      continue;
    }
    held.privileges |= item.privileges;
    held.grant_options |= item.grant_options;
  }
  return held;
}

Acl acl_grant(Acl acl, std::uint32_t grantee, std::uint32_t grantor, std::uint32_t privileges, bool with_option) {
  for (AclItem& item : acl) {
    if (item.grantee == grantee && item.grantor == grantor) {
      item.privileges |= privileges;
      if (with_option) item.grant_options |= privileges;
      return acl;
    }
  }
  acl.push_back(AclItem{grantee, grantor, privileges, with_option ? privileges : 0u});
  return acl;
}

namespace {

// Takes back what `grantor` passed on of `lost` (the options it no longer
// holds from anyone else), recursively.
void revoke_passed_on(Acl& acl, std::uint32_t grantor, std::uint32_t lost, bool cascade, bool& dependents) {
  if (lost == 0 || grantor == kPublicGrantee) return;
  for (const AclItem& item : acl) {
    if (item.grantee == grantor && item.grantor != grantor) lost &= ~item.grant_options;
  }
  if (lost == 0) return;
  for (std::size_t i = 0; i < acl.size(); ++i) {
    AclItem& item = acl[i];
    if (item.grantor != grantor || item.grantee == grantor || (item.privileges & lost) == 0) continue;
    if (!cascade) {
      dependents = true;
      return;
    }
    const std::uint32_t taken_options = item.grant_options & lost;
    const std::uint32_t grantee = item.grantee;
    item.privileges &= ~lost;
    item.grant_options &= ~lost;
    revoke_passed_on(acl, grantee, taken_options, cascade, dependents);
  }
}

}  // namespace

Acl acl_revoke(Acl acl, std::uint32_t grantee, std::uint32_t grantor, std::uint32_t privileges, bool option_only,
               bool cascade, bool& dependents) {
  dependents = false;
  std::uint32_t lost_options = 0;
  for (AclItem& item : acl) {
    if (item.grantee != grantee || item.grantor != grantor) continue;
    lost_options = item.grant_options & privileges;
    item.grant_options &= ~privileges;
    if (!option_only) item.privileges &= ~privileges;
  }
  revoke_passed_on(acl, grantee, lost_options, cascade, dependents);
  std::erase_if(acl, [](const AclItem& item) { return item.privileges == 0; });
  return acl;
}

std::string privilege_letters(std::uint32_t privileges, std::uint32_t grant_options) {
  static constexpr const char* kLetters = "arwdDxtXUCTc";
  std::string out;
  for (int bit = 0; kLetters[bit] != '\0'; ++bit) {
    if ((privileges & (1u << bit)) == 0) continue;
    out += kLetters[bit];
    if ((grant_options & (1u << bit)) != 0) out += '*';
  }
  return out;
}

}  // namespace ptreedb::storage
