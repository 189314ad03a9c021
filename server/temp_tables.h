// A session's temporary tables (CREATE TEMPORARY TABLE): kept in the shared
// world under the session's schema pg_temp_<pid> (never logged, never
// checkpointed: txn/world_change), found first by unqualified names
// (planner/relation_names), and dropped when the session ends. ON COMMIT
// DELETE ROWS and DROP are carried out inside a block's COMMIT, and after an
// autocommit statement before the session's next one.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "planner/relation_names.h"
#include "txn/write_target.h"

namespace ptreedb::server {

// ON COMMIT actions of this session's temporary tables, by key.
using TempOnCommit = std::map<std::string, planner::OnCommitAction>;

// Notes the ON COMMIT action of a CREATE TEMPORARY TABLE that succeeded.
void remember_on_commit(const PgQuery__Node& statement, TempOnCommit& actions);
// Empties the DELETE ROWS tables and drops the DROP ones through `target`.
void apply_on_commit(TempOnCommit& actions, txn::WriteTarget& target);
// Drops every relation of the temporary schema pg_temp_<pid> (the session ended).
void drop_temp_schema(std::int32_t pid, txn::WriteTarget& target);

}  // namespace ptreedb::server
