// The statements that steer a session's transaction rather than touch data:
// BEGIN / START TRANSACTION, COMMIT / END, ROLLBACK / ABORT, SAVEPOINT,
// ROLLBACK TO SAVEPOINT, RELEASE, SET TRANSACTION, SET SESSION
// CHARACTERISTICS, SET / SHOW of the transaction settings. PostgreSQL's
// warnings (25001, 25P01) and errors are reproduced.
#pragma once

#include <string>

#include "planner/parse/parse_sql.h"
#include "server/session_state.h"
#include "txn/database.h"

namespace ptreedb::server {

// Runs `statement` when it is one of the above, appending its messages (not
// errors: those are thrown as SqlError) to `out`; false when it is not one.
bool run_transaction_control(const PgQuery__Node& statement, SessionState& state, txn::Database& database,
                             std::string& out);

// BEGIN's modes (ISOLATION LEVEL, READ [ONLY|WRITE], [NOT] DEFERRABLE) set on
// an already open transaction with SET TRANSACTION's checks (25001 once a
// query ran), as PostgreSQL sets them for a BEGIN inside a block or inside
// the implicit transaction of a several-statement Query.
void set_begin_modes(const PgQuery__TransactionStmt& begin, txn::Transaction& open);

// Throws 25006 when `statement` would write inside a READ ONLY transaction.
void check_writable(const PgQuery__Node& statement, const SessionState& state);

// The 25P02 error every statement of a failed block gets.
[[noreturn]] void throw_in_failed_transaction();

}  // namespace ptreedb::server
