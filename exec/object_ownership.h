// Ownership in DDL: a created table or view belongs to the role that creates
// it; only its owner (or a member of the owner's role, or a superuser) alters
// or drops it or builds indexes on it. Checked against the world the DDL
// commits to, so a concurrent ALTER ... OWNER TO or REVOKE is seen.
#pragma once

#include <cstdint>
#include <memory>

#include "planner/ddl_plan.h"
#include "storage/world/world.h"

namespace ptreedb::exec {

using WorldPtr = std::shared_ptr<const storage::World>;

// `world` with the checking role recorded as the owner of object `oid`.
WorldPtr with_creator_as_owner(const WorldPtr& world, std::uint32_t oid);
// `world` without owner/grant entries of relations it no longer has.
WorldPtr without_orphan_acls(const WorldPtr& world);

// 42501 unless the checking role may run `plan` on `world`.
void check_ddl_privileges(const storage::World& world, const planner::DdlPlan& plan);
// 42501 "permission denied for table t" unless the checking role may
// reference each foreign key's table (REFERENCES).
void check_references_privilege(const storage::World& world, const storage::TableSchema& schema);

}  // namespace ptreedb::exec
