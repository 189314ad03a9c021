// VACUUM, ANALYZE and CHECKPOINT: accepted and answered as PostgreSQL answers
// them, doing nothing. Old versions go when their last reader lets go
// (reference counting), statistics are computed at planning time, and there
// is no buffer cache to flush; clients such as pgbench issue them anyway.
#pragma once

#include <string>

#include "planner/parse/parse_sql.h"
#include "server/session_state.h"

namespace ptreedb::server {

// False when `statement` is none of them.
bool run_maintenance_command(const PgQuery__Node& statement, const SessionState& state, std::string& out);

}  // namespace ptreedb::server
