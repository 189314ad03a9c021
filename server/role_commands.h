// CREATE ROLE / CREATE USER, ALTER ROLE (attributes, PASSWORD, RENAME TO) and
// DROP ROLE: cluster-level catalog statements, run against the world's roles.
// They live in server/ because storing a password means hashing it with the
// authentication code (SCRAM-SHA-256 or md5, per password_encryption).
#pragma once

#include <optional>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "server/session_state.h"
#include "txn/write_target.h"

namespace ptreedb::server {

// Runs `statement` when it is a role statement, writing through `database`
// (autocommit, or the open transaction block): appends any notices to `out`
// and returns the command tag. Returns nullopt for any other statement.
// Errors throw SqlError with PostgreSQL's SQLSTATEs.
std::optional<std::string> run_role_command(const PgQuery__Node& statement, const SessionState& state,
                                            txn::WriteTarget& database, std::string& out);

}  // namespace ptreedb::server
