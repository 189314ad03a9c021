// The extended query protocol: Parse makes a prepared statement (its
// parameter types declared or inferred, its result columns known), Bind makes
// a portal from it with parameter values (text or binary) and result formats,
// Describe reports either, Execute runs a portal, at most N rows at a time
// (PortalSuspended between), Close drops either. Messages arrive pipelined;
// the session answers Sync with ReadyForQuery and, after an error, skips to it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exec/copy_loader.h"
#include "exec/statement_executor.h"
#include "planner/parameters.h"
#include "planner/parse/parse_sql.h"
#include "server/protocol/frontend_messages.h"
#include "server/result_encoder.h"
#include "server/deferred_commit.h"
#include "server/read_committed_replay.h"
#include "server/session_state.h"
#include "txn/database.h"

namespace ptreedb::server {

struct PreparedStatement {
  std::shared_ptr<const planner::ParseTree> tree;
  const PgQuery__Node* statement = nullptr;  // null for an empty query string
  // Types fixed at Parse: declared, inferred from context, or text.
  planner::StatementParameters parameters;
  // The columns it returns; nullopt when it returns no rows (NoData).
  std::optional<std::vector<planner::OutputColumn>> columns;
};

// A statement prepared from `sql` (Parse, or SQL's PREPARE), with the
// parameter types declared (nullopt: inferred from the context, else text):
// planned once, unbound, for its parameter types and result columns, so
// errors surface here as in PostgreSQL.
std::shared_ptr<PreparedStatement> prepare_statement(std::string sql,
                                                     const std::vector<std::optional<value::SqlType>>& declared,
                                                     SessionState& state, txn::Database& database);

struct Portal {
  std::shared_ptr<const PreparedStatement> statement;
  planner::StatementParameters parameters;  // with the bound values
  std::vector<protocol::FormatCode> result_formats;  // one per column
  bool started = false;
  bool done = false;
  exec::QueryResult result;
  RowCursor cursor;
};

class ExtendedQuery {
 public:
  // Each appends its response to `out` or throws SqlError; the session then
  // sends the error and skips to Sync.
  void parse(protocol::Parse message, SessionState& state, txn::Database& database, std::string& out);
  void bind(const protocol::Bind& message, SessionState& state, std::string& out);
  void describe(const protocol::Describe& message, const SessionState& state, std::string& out);
  // A COPY FROM STDIN returns its loader after its CopyInResponse: the
  // session feeds it the client's data, then waits for Sync.
  std::unique_ptr<exec::CopyLoader> execute(const protocol::Execute& message, SessionState& state,
                                            txn::Database& database, std::string& out);
  void close(const protocol::Close& message, SessionState& state, std::string& out);

  // Sync: commits the implicit transaction the messages since the last Sync
  // ran in (or discards it after an error; a failed commit appends its
  // error); outside a transaction block every portal is then dropped.
  void sync(SessionState& state, txn::Database& database, std::string& out);
  // After an Execute of COMMIT or a Sync whose commit was submitted
  // (SessionState::commit_done): the session awaits the commit, then calls
  // finish_commit, which answers it (an Execute's refused COMMIT is thrown,
  // a Sync's appended). A Sync's ReadyForQuery follows it.
  bool awaiting_commit() const { return deferred_ != nullptr; }
  bool awaiting_sync() const { return deferred_ != nullptr && deferred_is_sync_; }
  void finish_commit(SessionState& state, std::string& out);
  // A simple Query replaces the unnamed statement and portal (after ending
  // an implicit transaction a client left without Sync, as Sync would).
  void simple_query(SessionState& state, txn::Database& database, std::string& out);

 private:
  Portal& find_portal(const std::string& name);
  // `in_background`: submitted, not waited for, when the session allows it.
  void end_implicit_transaction(SessionState& state, txn::Database& database, std::string& out,
                                bool in_background = false);

  std::map<std::string, Portal> portals_;
  // Statements executed since the last Sync share one transaction, which
  // Sync commits (PostgreSQL's extended-protocol implicit transaction). It
  // is not a block: the session's status stays idle, so SET LOCAL warns and
  // DECLARE needs BEGIN, as in PostgreSQL.
  bool implicit_transaction_ = false;
  // The implicit transaction's one write statement, its Execute's response
  // (DataRows, CommandComplete) still in the output buffer: when COMMIT's
  // READ COMMITTED re-run answers otherwise, the response is replaced (as
  // the simple protocol's autocommit re-run answers) instead of failing 40001.
  struct UnsentAnswer {
    std::size_t begin = 0;
    std::size_t end = 0;
    std::uint64_t output_writes = 0;  // SessionState::output_writes when encoded
    std::vector<protocol::FormatCode> formats;
    std::optional<std::string> replacement;  // the re-run's response, encoded by the committer
  };
  std::shared_ptr<UnsentAnswer> unsent_answer_;
  bool several_writes_ = false;  // then no answer is replaced
  AnswerRewrite answer_rewrite(const SessionState& state) const;
  std::shared_ptr<DeferredCommit> deferred_;  // an Execute's or Sync's commit being awaited
  bool deferred_is_sync_ = false;
};

}  // namespace ptreedb::server
