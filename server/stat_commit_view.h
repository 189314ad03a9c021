// ptreedb_stat_commit: the batch committer's counters as a one-row relation.
// When a statement names it, the statement is planned against its world plus
// a view whose query is the counters' current values as constants, so it
// reads like any relation (WHERE, joins, projections) with no catalog change.
#pragma once

#include <string>
#include <string_view>

#include "txn/database.h"

namespace ptreedb::server {

inline constexpr std::string_view kStatCommitRelation = "ptreedb_stat_commit";

// `world` plus the ptreedb_stat_commit view when `statement_text` mentions it
// (and no user relation has that name); `world` itself otherwise.
txn::WorldPtr with_stat_commit_view(txn::WorldPtr world, std::string_view statement_text, txn::Database& database);

// The same counters as one log line.
std::string commit_stats_log_line(txn::Database& database);

}  // namespace ptreedb::server
