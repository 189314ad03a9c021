// VACUUM, ANALYZE and CHECKPOINT, answered as PostgreSQL answers them.
// VACUUM and ANALYZE do nothing: old versions go when their last reader lets
// go (reference counting) and statistics are computed at planning time;
// clients such as pgbench issue them anyway. CHECKPOINT asks the commit log
// for a checkpoint of the current world (nothing when durability is off).
#pragma once

#include <string>

#include "planner/parse/parse_sql.h"
#include "server/session_state.h"
#include "txn/database.h"

namespace ptreedb::server {

// False when `statement` is none of them.
bool run_maintenance_command(const PgQuery__Node& statement, const SessionState& state, txn::Database& database,
                             std::string& out);

}  // namespace ptreedb::server
