// GRANT / REVOKE on tables, views, columns and the public schema, GRANT /
// REVOKE role membership, ALTER ... OWNER TO, REASSIGN OWNED, DROP OWNED, and
// SET ROLE / SET SESSION AUTHORIZATION, with PostgreSQL's rules for who may
// grant what (the best grantor, grant options, CASCADE) and its messages.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "server/session_state.h"
#include "storage/world/world.h"
#include "txn/write_target.h"

namespace ptreedb::server {

// Runs `statement` when it is one of the statements above (but SET), writing
// through `database`; appends warnings and notices to `out` and returns the
// command tag. nullopt for any other statement.
std::optional<std::string> run_privilege_command(const PgQuery__Node& statement, const SessionState& state,
                                                 txn::WriteTarget& database, std::string& out);

// DROP ROLE's check: 2BP01 when the role owns objects or holds or granted
// privileges on them (the detail lists them, as PostgreSQL's does).
void check_role_unused(const storage::World& world, const std::string& name);
// `world` with every membership in the dropped role `role_oid` removed.
std::shared_ptr<const storage::World> without_memberships_in(const std::shared_ptr<const storage::World>& world,
                                                             std::uint32_t role_oid);

// SET [LOCAL] ROLE r / RESET ROLE / SET SESSION AUTHORIZATION r / RESET
// SESSION AUTHORIZATION: checks the role against `world` (42704, 42501) and,
// while the scope lives, lets the settings code assign it.
class RoleSettingScope {
 public:
  RoleSettingScope(const PgQuery__Node& statement, SessionState& state, const storage::World& world);
  ~RoleSettingScope();
  RoleSettingScope(const RoleSettingScope&) = delete;
  RoleSettingScope& operator=(const RoleSettingScope&) = delete;

 private:
  SessionState& state_;
};

}  // namespace ptreedb::server
