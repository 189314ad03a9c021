// PREPARE name [(type, ...)] AS statement and EXECUTE name [(value, ...)]:
// PostgreSQL's SQL-level prepared statements. They share the protocol's
// per-session namespace (SessionState::prepared_statements), so DEALLOCATE,
// DISCARD ALL, Close and Bind reach either kind. PREPARE keeps the statement
// as its own SQL text and prepares it as a Parse message would (declared
// types fixed, the others inferred); EXECUTE evaluates its arguments, coerces
// each to its parameter's type as an assignment would, and the statement then
// runs with them, answering with its own rows and command tag.
#pragma once

#include <memory>
#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "planner/parameters.h"
#include "server/extended_query.h"
#include "server/session_state.h"
#include "txn/database.h"

namespace ptreedb::server {

// Prepares and names the statement (42P05 when the name is taken).
void run_prepare(const PgQuery__PrepareStmt& prepare, SessionState& state, txn::Database& database);

// The statement EXECUTE names (26000 when there is none).
std::shared_ptr<const PreparedStatement> find_prepared_statement(const std::string& name, const SessionState& state);

// EXECUTE's arguments as the statement's bound parameters: 42601 for the
// wrong number, 42804 for a value that does not convert to its parameter's type.
planner::StatementParameters execute_arguments(const PgQuery__ExecuteStmt& execute, const PreparedStatement& prepared,
                                               SessionState& state, txn::Database& database);

}  // namespace ptreedb::server
