// The simple query protocol's unit of work: one Query message, which may hold
// several statements, answered with result messages and CommandComplete per
// statement. An error ends the message's remaining statements, as in PostgreSQL.
// A COPY FROM STDIN pauses the message while the session receives the data.
// Outside a block, a message of several statements runs as one implicit
// transaction, as in PostgreSQL: they see each other's writes, commit
// together after the last, and an error rolls all of them back; BEGIN inside
// makes it an explicit block, COMMIT/ROLLBACK inside end it (with a warning)
// and the next statement starts another.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "exec/copy_loader.h"
#include "planner/parse/parse_sql.h"
#include "server/session_state.h"
#include "server/statement_runner.h"
#include "txn/database.h"

namespace ptreedb::server {

class SimpleQuery {
 public:
  explicit SimpleQuery(std::string sql) : sql_(std::move(sql)) {}

  // Runs the statements not run yet, appending every response message to
  // `out` (not the ReadyForQuery). Stops at a COPY FROM STDIN, after its
  // CopyInResponse, and returns its loader: the session feeds it the client's
  // data, then calls run() again for the statements after the COPY. Returns
  // null when the message is done, or when awaiting_commit(): a statement's
  // commit was submitted (SessionState::commit_done), and once it is done the
  // session calls run() again, which answers it and goes on.
  std::unique_ptr<exec::CopyLoader> run(SessionState& state, txn::Database& database, std::string& out);
  bool awaiting_commit() const { return deferred_ != nullptr; }
  // The message ends early (its COPY FROM STDIN failed): an implicit
  // transaction it opened is rolled back.
  void abandon(SessionState& state);

 private:
  void begin_implicit_transaction(SessionState& state, txn::Database& database);
  void commit_implicit_transaction(SessionState& state, txn::Database& database);
  void run_in_implicit_transaction(const PgQuery__TransactionStmt& statement, SessionState& state,
                                   txn::Database& database, std::string& out);

 private:
  std::string sql_;
  std::optional<planner::ParseTree> tree_;  // parsed by the first run()
  std::size_t next_statement_ = 0;
  std::shared_ptr<DeferredCommit> deferred_;  // the statement before next_statement_ awaits its commit
  bool implicit_transaction_ = false;  // this message opened state.transaction
};

}  // namespace ptreedb::server
