// The simple query protocol's unit of work: one Query message, which may hold
// several statements, answered with result messages and CommandComplete per
// statement. An error ends the message's remaining statements, as in PostgreSQL.
#pragma once

#include <string>

#include "server/session_state.h"
#include "txn/database.h"

namespace ptreedb::server {

// Appends every response message for `sql` to `out` (not the ReadyForQuery).
void run_simple_query(std::string sql, SessionState& state, txn::Database& database, std::string& out);

}  // namespace ptreedb::server
