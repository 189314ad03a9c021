// SQL cursors: DECLARE, FETCH, MOVE, CLOSE, as PostgreSQL's. A cursor's query
// runs at DECLARE against the transaction's snapshot (a world never changes,
// so running it at once reads exactly what a lazy run would) and its rows are
// kept; FETCH and MOVE walk them in either direction with PostgreSQL's
// position rules (before the first row, on row k, after the last).
// Non-holdable cursors close when their transaction ends; WITH HOLD cursors
// survive COMMIT and are dropped by the ROLLBACK of the transaction that
// declared them.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <pg_query/pg_query.pb-c.h>

#include "exec/statement_executor.h"
#include "txn/database.h"

namespace ptreedb::server {

struct SessionState;

struct Cursor {
  std::string statement;  // the DECLARE text, for pg_cursors
  exec::Chunk rows;       // every row of the query, in order
  std::vector<planner::OutputColumn> columns;
  std::size_t position = 0;  // 0: before the first row, k: on row k, rows.size() + 1: after the last
  bool holdable = false;
  bool binary = false;
  bool scrollable = true;
  bool declared_in_open_transaction = false;
  std::chrono::system_clock::time_point created;
};

// Runs DECLARE / FETCH / MOVE / CLOSE; nullopt for any other statement.
std::optional<exec::QueryResult> run_cursor_statement(const PgQuery__Node& statement, std::string_view statement_text,
                                                      SessionState& state, txn::Database& database);

// The columns a FETCH statement returns (for Describe), if its cursor exists.
std::optional<std::vector<planner::OutputColumn>> fetch_columns(const PgQuery__Node& statement,
                                                                const SessionState& state);
// A cursor by name (Describe of a portal names cursors too); null if none.
const Cursor* find_cursor(const SessionState& state, const std::string& name);

// At the end of a transaction block: non-holdable cursors close; a ROLLBACK
// also drops the WITH HOLD cursors the block declared.
void end_transaction_cursors(SessionState& state, bool committed);

}  // namespace ptreedb::server
