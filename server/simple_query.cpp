#include "server/simple_query.h"

#include <vector>

#include <spdlog/spdlog.h>

#include "server/copy_in.h"
#include "server/cursors.h"
#include "server/log_text.h"
#include "server/protocol/backend_messages.h"
#include "server/read_committed_replay.h"
#include "server/result_stream.h"
#include "server/session_settings.h"
#include "server/statement_runner.h"
#include "server/transaction_control.h"
#include "storage/sql_error.h"
#include "storage/value/utf8.h"

namespace ptreedb::server {
namespace {

// An error inside a block fails the block: 25P02 until ROLLBACK.
void fail_transaction(SessionState& state) {
  if (state.transaction) state.transaction->mark_failed();
}

}  // namespace

std::unique_ptr<exec::CopyLoader> SimpleQuery::run(SessionState& state, txn::Database& database, std::string& out) {
  // Results of earlier statements stay in `out` when a later one fails, as the
  // client has already been sent them in PostgreSQL.
  try {
    if (deferred_) {
      std::shared_ptr<DeferredCommit> committed = std::move(deferred_);
      committed->finish(out);
      if (!committed->answered) encode_simple_result(out, committed->result);
    }
    if (!tree_) {
      value::verify_utf8(sql_);  // as PostgreSQL checks every message string on receipt
      MaxStackDepthScope stack_depth(max_stack_depth_kb(state));
      tree_.emplace(planner::parse_sql(std::move(sql_)));
      if (tree_->statement_count() == 0) {
        protocol::encode_empty_query_response(out);
        return nullptr;
      }
    }
    const bool several = tree_->statement_count() > 1;
    while (next_statement_ < tree_->statement_count()) {
      const std::size_t i = next_statement_++;
      const PgQuery__Node& statement = *tree_->statement(i).stmt;
      if (several && !state.transaction) begin_implicit_transaction(state, database);
      if (implicit_transaction_ && statement.node_case == PG_QUERY__NODE__NODE_TRANSACTION_STMT) {
        run_in_implicit_transaction(*statement.transaction_stmt, state, database, out);
        continue;
      }
      // Rows stream to the client while they are produced (when the session can write).
      std::optional<ResultStream> stream;
      if (state.write_to_client) stream.emplace(out, state.write_to_client, std::vector<protocol::FormatCode>{}, true);
      StatementOutcome outcome = run_statement(statement, tree_->statement_text(i), state, database, nullptr,
                                               stream ? &*stream : nullptr);
      out += outcome.notices;
      if (outcome.deferred) {
        deferred_ = std::move(outcome.deferred);
        return nullptr;
      }
      if (outcome.answered) continue;
      if (outcome.copy_in) {
        encode_copy_in_start(out, *outcome.copy_in);
        return std::move(outcome.copy_in);
      }
      encode_simple_result(out, outcome.result);
    }
    if (implicit_transaction_) commit_implicit_transaction(state, database);
  } catch (const SqlError& error) {
    protocol::encode_error_response(out, error);
    fail_transaction(state);
  } catch (const std::bad_alloc&) {
    protocol::encode_error_response(out, SqlError("53200", "out of memory"));
    fail_transaction(state);
  } catch (const std::exception& error) {
    // A bug, not the client's fault: report it without taking the server down.
    spdlog::error("internal error: {}", log_text(error.what()));
    protocol::encode_error_response(out, SqlError(sqlstate::kInternalError, error.what()));
    fail_transaction(state);
  }
  // An error rolled the implicit transaction back (the failed statement's
  // error is what the client sees).
  abandon(state);
  state.refresh_transaction_status();
  return nullptr;
}

void SimpleQuery::begin_implicit_transaction(SessionState& state, txn::Database& database) {
  state.transaction = std::make_unique<txn::Transaction>(database, state.default_isolation, state.default_read_only);
  begin_transaction_settings(state);
  implicit_transaction_ = true;
  state.refresh_transaction_status();  // SET LOCAL and DISCARD see a block, as in PostgreSQL
}

void SimpleQuery::commit_implicit_transaction(SessionState& state, txn::Database& database) {
  implicit_transaction_ = false;
  std::unique_ptr<txn::Transaction> ending = std::move(state.transaction);
  bool committed = false;
  try {
    if (!ending->failed()) {
      commit_with_replay(*ending, database, state);
      committed = true;
    }
  } catch (...) {
    end_transaction_settings(state, false);
    end_transaction_cursors(state, false);
    throw;
  }
  end_transaction_settings(state, committed);
  end_transaction_cursors(state, committed);
}

// BEGIN turns the implicit transaction into the block it opens; COMMIT and
// ROLLBACK end it with PostgreSQL's warning that no block was open; savepoints
// need a block.
void SimpleQuery::run_in_implicit_transaction(const PgQuery__TransactionStmt& statement, SessionState& state,
                                              txn::Database& database, std::string& out) {
  auto warn_no_block = [&] {
    protocol::encode_notice_response(out, SqlError("25P01", "there is no transaction in progress"),
                                     protocol::Severity::kWarning);
  };
  switch (statement.kind) {
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN:
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_START:
      set_begin_modes(statement, *state.transaction);  // its ISOLATION LEVEL, READ ONLY apply
      implicit_transaction_ = false;  // the same transaction goes on as an explicit block
      protocol::encode_command_complete(out, "BEGIN");
      return;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT:
      warn_no_block();
      commit_implicit_transaction(state, database);
      protocol::encode_command_complete(out, "COMMIT");
      return;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK:
      warn_no_block();
      abandon(state);
      protocol::encode_command_complete(out, "ROLLBACK");
      return;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_SAVEPOINT:
      throw SqlError("25P01", "SAVEPOINT can only be used in transaction blocks");
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_RELEASE:
      throw SqlError("25P01", "RELEASE SAVEPOINT can only be used in transaction blocks");
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK_TO:
      throw SqlError("25P01", "ROLLBACK TO SAVEPOINT can only be used in transaction blocks");
    default:
      throw SqlError(sqlstate::kFeatureNotSupported, "this transaction statement is not supported");
  }
}

void SimpleQuery::abandon(SessionState& state) {
  if (!implicit_transaction_) return;
  implicit_transaction_ = false;
  state.transaction.reset();
  end_transaction_settings(state, false);
  end_transaction_cursors(state, false);
}

}  // namespace ptreedb::server
