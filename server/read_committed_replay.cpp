#include "server/read_committed_replay.h"

#include "exec/statement_executor.h"
#include "planner/parameters.h"
#include "planner/parse/parse_sql.h"
#include "planner/statement_planner.h"
#include "exec/interrupt_token.h"
#include "server/session_settings.h"
#include "server/statement_runner.h"
#include "storage/sql_error.h"
#include "txn/statement_world.h"

namespace ptreedb::server {

namespace {

// Runs on the committing thread, which may be another session's: this
// session's settings and each statement's bound values are installed for
// the re-run; it is not interruptible (the batch waits for it).
txn::BatchCommitter::Reapply replay_block_writes(txn::Transaction& transaction, SessionState& state,
                                                 AnswerRewrite rewrite) {
  return [&transaction, &state, rewrite = std::move(rewrite)](const txn::WorldPtr& newest) {
    SettingsScope settings(state);
    exec::InterruptScope no_interrupts(nullptr, std::chrono::milliseconds(0));
    txn::StatementWorld again(newest);
    for (const auto& write : transaction.write_statements()) {
      planner::ParseTree tree = planner::parse_sql(write.sql);
      // A statement of the extended protocol is re-planned with the values
      // its parameters were bound to.
      planner::StatementParameters parameters;
      parameters.types = write.parameter_types;
      parameters.open.assign(write.parameter_types.size(), false);
      parameters.values = write.parameter_values;
      parameters.bound = true;
      planner::ParameterScope scope(parameters.count() > 0 ? &parameters : nullptr);
      std::string answer;
      exec::QueryResult last;
      for (std::size_t i = 0; i < tree.statement_count(); ++i) {
        last = exec::execute_statement(planner::plan_statement(*tree.statement(i).stmt, *again.snapshot()), again);
        encode_simple_result(answer, last);
      }
      // The client already acted on the first run's answer (DELETE 1, the
      // rows RETURNING gave): if the re-run answers otherwise, it is no
      // longer the transaction the client saw, and the commit fails instead,
      // unless the answer has not left yet and can be replaced.
      if (answer != write.answer) {
        const bool replaced = rewrite && transaction.write_statements().size() == 1 && rewrite(last);
        if (!replaced) {
          throw SqlError(sqlstate::kSerializationFailure, "could not serialize access due to concurrent update");
        }
      }
    }
    return again.snapshot();
  };
}

bool replays(const txn::Transaction& transaction) {
  return transaction.isolation() == txn::IsolationLevel::kReadCommitted && transaction.replayable();
}

}  // namespace

void commit_with_replay(txn::Transaction& transaction, txn::Database& /*database*/, SessionState& state,
                        AnswerRewrite rewrite) {
  if (!replays(transaction)) {
    transaction.commit();
    return;
  }
  auto reapply = replay_block_writes(transaction, state, std::move(rewrite));
  transaction.commit(&reapply);
}

std::shared_ptr<DeferredCommit> submit_with_replay(std::unique_ptr<txn::Transaction>& transaction,
                                                   SessionState& state, AnswerRewrite rewrite) {
  auto ticket = transaction->submit_commit(
      replays(*transaction) ? replay_block_writes(*transaction, state, std::move(rewrite))
                            : txn::BatchCommitter::Reapply(),
      state.commit_done);
  if (ticket == nullptr) return nullptr;
  auto deferred = std::make_shared<DeferredCommit>();
  deferred->ticket = std::move(ticket);
  deferred->transaction = std::move(transaction);  // the re-run refers to it
  deferred->answered = true;
  return deferred;
}

}  // namespace ptreedb::server
