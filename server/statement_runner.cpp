#include "server/statement_runner.h"

#include "exec/memory_budget.h"

#include <chrono>

#include "exec/interrupt_token.h"
#include "exec/parallel_workers.h"
#include "exec/progressive_approximation.h"
#include "exec/statement_executor.h"
#include "planner/statement_planner.h"
#include "server/protocol/backend_messages.h"
#include "server/result_encoder.h"
#include "server/maintenance_commands.h"
#include "server/privilege_commands.h"
#include "server/role_commands.h"
#include "server/session_settings.h"
#include "server/sql_prepared_statements.h"
#include "server/cursors.h"
#include "server/session_activity.h"
#include "server/stat_commit_view.h"
#include "txn/statement_world.h"
#include "exec/read_recording.h"
#include "server/transaction_control.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

// The statement's NOTICEs that nothing streamed, sent before its result.
static void take_result_notices(StatementOutcome& outcome) {
  for (const std::string& notice : outcome.result.notices) {
    protocol::encode_notice_response(outcome.notices, SqlError("00000", notice), protocol::Severity::kNotice);
  }
  outcome.result.notices.clear();
}

namespace {

// SHOW transaction_isolation and friends answer from the session's
// transaction state, through the ordinary settings path.
void sync_transaction_settings(SessionState& state) {
  const txn::Transaction* open = state.transaction.get();
  state.settings["transaction_isolation"] =
      txn::isolation_level_name(open != nullptr ? open->isolation() : state.default_isolation);
  state.settings["default_transaction_isolation"] = txn::isolation_level_name(state.default_isolation);
  state.settings["transaction_read_only"] =
      (open != nullptr ? open->read_only() : state.default_read_only) ? "on" : "off";
}

bool has_bound_parameters(const planner::StatementParameters* parameters) {
  return parameters != nullptr && parameters->count() > 0;
}

// Inside a block: plan and run against the transaction's private world.
StatementOutcome run_in_transaction(const PgQuery__Node& statement, std::string_view statement_text,
                                    SessionState& state, txn::Database& database,
                                    const planner::StatementParameters* parameters, exec::RowSink* rows) {
  StatementOutcome outcome;
  txn::Transaction& transaction = *state.transaction;
  check_writable(statement, state);
  transaction.begin_statement();
  auto world = with_stat_commit_view(transaction.snapshot(), statement_text, database);
  planner::StatementPlan plan = planner::plan_statement(statement, *world);
  // SERIALIZABLE: the statement's scans record the key ranges they read.
  exec::ReadRecordingScope recording(&transaction);
  if (auto* copy = std::get_if<planner::CopyPlan>(&plan); copy != nullptr && copy->from) {
    transaction.mark_not_replayable();
    outcome.copy_in = std::make_unique<exec::CopyLoader>(std::move(*copy), transaction);
    return outcome;
  }
  // A write's answer is kept whole (not streamed): a READ COMMITTED re-run
  // at COMMIT compares its own with it.
  const bool writes = std::holds_alternative<planner::ModifyingWithPlan>(plan);
  outcome.result = exec::execute_statement(plan, transaction, writes ? nullptr : rows);
  take_result_notices(outcome);
  if (!std::holds_alternative<planner::SelectPlan>(plan) && !std::holds_alternative<planner::CopyPlan>(plan)) {
    // A READ COMMITTED block replays its writes from their text (and bound
    // values) when COMMIT meets a changed row; EXPLAIN ANALYZE can't be replayed.
    if (std::holds_alternative<planner::ExplainPlan>(plan)) {
      transaction.mark_not_replayable();
    } else {
      txn::Transaction::RecordedWrite write{std::string(statement_text), {}, {}, {}};
      encode_simple_result(write.answer, outcome.result);
      if (has_bound_parameters(parameters)) {
        write.parameter_types = parameters->types;
        write.parameter_values = parameters->values;
      }
      transaction.record_write_statement(std::move(write));
    }
  }
  return outcome;
}

// Runs `attempt` again when it lost a race with a concurrent commit (40001):
// each attempt starts from the newer world. Other errors, and the last
// attempt's, go to the client.
template <class Attempt>
auto retry_serialization_failures(Attempt attempt) {
  constexpr int kAttempts = 100;
  for (int n = 1;; ++n) {
    try {
      return attempt();
    } catch (const SqlError& error) {
      if (error.sqlstate() != sqlstate::kSerializationFailure || n == kAttempts) throw;
    }
  }
}

// BEGIN ... COMMIT/ROLLBACK and the maintenance commands: their whole
// response goes to `out`. Settings follow the block (SET LOCAL, ROLLBACK).
bool run_session_command(const PgQuery__Node& statement, SessionState& state, txn::Database& database,
                         std::string& out) {
  if (statement.node_case == PG_QUERY__NODE__NODE_VARIABLE_SHOW_STMT) return false;
  const bool was_open = state.transaction != nullptr;
  const bool was_failed = was_open && state.transaction->failed();
  bool handled = false;
  try {
    handled = run_transaction_control(statement, state, database, out) ||
              run_maintenance_command(statement, state, database, out);
  } catch (...) {
    // A COMMIT that failed (40001, 23505) ended the block as a rollback.
    if (was_open && state.transaction == nullptr) {
      end_transaction_settings(state, false);
      end_transaction_cursors(state, false);
    }
    state.refresh_transaction_status();
    throw;
  }
  if (!handled) return false;
  if (state.committing) {
    // COMMIT submitted: the block's settings and cursors end with its outcome.
    state.committing->then.push_back([&state, was_failed](bool committed, std::string&) {
      end_transaction_settings(state, committed && !was_failed);
      end_transaction_cursors(state, committed && !was_failed);
      state.refresh_transaction_status();
    });
    state.refresh_transaction_status();
    return true;
  }
  const bool now_open = state.transaction != nullptr;
  if (!was_open && now_open) {
    begin_transaction_settings(state);
  } else if (was_open && !now_open) {
    const bool commit = statement.node_case == PG_QUERY__NODE__NODE_TRANSACTION_STMT &&
                        statement.transaction_stmt->kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT;
    end_transaction_settings(state, commit && !was_failed);
    end_transaction_cursors(state, commit && !was_failed);
  }
  state.refresh_transaction_status();
  return true;
}

// CREATE/ALTER/DROP ROLE: in the open block, or committed alone (planned
// again when it lost a race with another catalog change, like other writes).
std::optional<std::string> run_role_statement(const PgQuery__Node& statement, SessionState& state,
                                              txn::Database& database, std::string& notices) {
  if (state.transaction) {
    check_writable(statement, state);
    std::string block_notices;
    auto tag = run_role_command(statement, state, *state.transaction, block_notices);
    if (tag) {
      state.transaction->mark_not_replayable();
      notices += block_notices;
    }
    return tag;
  }
  return retry_serialization_failures([&] {
    std::string attempt_notices;
    auto tag = run_role_command(statement, state, database, attempt_notices);
    notices += attempt_notices;
    return tag;
  });
}

// A write outside a block that met a concurrently changed row, run again by
// the committer on the newest world: on the committing thread, which may be
// another session's, with this session's settings and bound values; not
// interruptible (the batch waits for it). Its result replaces `answer`.
txn::BatchCommitter::Reapply rerun_on_newest(const PgQuery__Node& statement, std::string_view statement_text,
                                             SessionState& state, txn::Database& database,
                                             planner::StatementParameters* parameters, exec::QueryResult& answer) {
  return [&statement, statement_text, &state, &database, parameters, &answer](const txn::WorldPtr& newest) {
    SettingsScope settings(state);
    planner::ParameterScope scope(parameters);
    exec::InterruptScope no_interrupts(nullptr, std::chrono::milliseconds(0));
    txn::StatementWorld again(newest);
    auto replanned = planner::plan_statement(statement, *with_stat_commit_view(newest, statement_text, database));
    answer = exec::execute_statement(replanned, again);
    return again.snapshot();
  };
}

bool is_commit(const PgQuery__Node& statement) {
  return statement.node_case == PG_QUERY__NODE__NODE_TRANSACTION_STMT &&
         statement.transaction_stmt->kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT;
}

StatementOutcome run_one_statement(const PgQuery__Node& statement, std::string_view statement_text,
                                   SessionState& state, txn::Database& database,
                                   planner::StatementParameters* parameters, exec::RowSink* rows);

}  // namespace

StatementOutcome run_statement(const PgQuery__Node& statement, std::string_view statement_text, SessionState& state,
                               txn::Database& database, planner::StatementParameters* parameters,
                               exec::RowSink* rows) {
  if (statement.node_case == PG_QUERY__NODE__NODE_PREPARE_STMT ||
      statement.node_case == PG_QUERY__NODE__NODE_EXECUTE_STMT) {
    if (state.transaction && state.transaction->failed()) throw_in_failed_transaction();
    if (statement.node_case == PG_QUERY__NODE__NODE_PREPARE_STMT) {
      run_prepare(*statement.prepare_stmt, state, database);
      StatementOutcome prepared;
      prepared.result.command_tag = "PREPARE";
      return prepared;
    }
    // EXECUTE runs the prepared statement itself, with its text and the
    // arguments bound (a READ COMMITTED block replays it so).
    std::shared_ptr<const PreparedStatement> prepared = find_prepared_statement(statement.execute_stmt->name, state);
    if (prepared->statement == nullptr) {
      throw SqlError(sqlstate::kFeatureNotSupported, "EXECUTE of an empty prepared statement is not supported");
    }
    planner::StatementParameters arguments = execute_arguments(*statement.execute_stmt, *prepared, state, database);
    return run_statement(*prepared->statement, prepared->tree->statement_text(0), state, database, &arguments, rows);
  }
  if (!state.temp_on_commit.empty()) {
    // ON COMMIT of temporary tables: inside the block's COMMIT, or after the
    // last autocommit statement (its commit is done by now).
    if (!state.transaction) {
      apply_on_commit(state.temp_on_commit, database);
    } else if (is_commit(statement) && !state.transaction->failed()) {
      apply_on_commit(state.temp_on_commit, *state.transaction);
    }
  }
  // max_parallel_workers_per_gather bounds the threads the statement's parallel work uses.
  StatementOutcome outcome;
  const int workers = setting_integer(state, "max_parallel_workers_per_gather", exec::default_parallel_workers());
  exec::run_with_parallel_workers(workers, [&] {
    outcome = run_one_statement(statement, statement_text, state, database, parameters, rows);
  });
  if (statement.node_case == PG_QUERY__NODE__NODE_DISCARD_STMT &&
      (statement.discard_stmt->target == PG_QUERY__DISCARD_MODE__DISCARD_TEMP ||
       statement.discard_stmt->target == PG_QUERY__DISCARD_MODE__DISCARD_ALL) &&
      state.directory != nullptr) {
    // The session's temporary tables and views go (in the open block, if any).
    drop_temp_schema(state.directory->backend_pid(),
                     state.transaction ? static_cast<txn::WriteTarget&>(*state.transaction) : database);
    state.temp_on_commit.clear();
  }
  if (statement.node_case == PG_QUERY__NODE__NODE_CREATE_STMT ||
      statement.node_case == PG_QUERY__NODE__NODE_CREATE_TABLE_AS_STMT ||
      statement.node_case == PG_QUERY__NODE__NODE_SELECT_STMT) {
    planner::SessionDirectoryScope directory_scope(state.directory);  // pg_temp_<pid>
    remember_on_commit(statement, state.temp_on_commit);
  }
  return outcome;
}

namespace {

StatementOutcome run_one_statement(const PgQuery__Node& statement, std::string_view statement_text,
                                   SessionState& state, txn::Database& database,
                                   planner::StatementParameters* parameters, exec::RowSink* rows) {
  StatementOutcome outcome;
  // current_setting(), set_config() and the session's role in expressions,
  // also when COMMIT replays a READ COMMITTED block's writes.
  SettingsScope settings_scope(state);
  planner::SessionDirectoryScope directory_scope(state.directory);
  StatementActivity activity(state, statement_text);
  // CancelRequest and statement_timeout end the statement with 57014.
  exec::InterruptScope interrupt_scope(state.interrupt,
                                       std::chrono::milliseconds(setting_milliseconds(state, "statement_timeout")));
  // What the statement accumulates is charged to the server's memory budget,
  // each sort or hash bounded by work_mem or the server's share (53200 past either).
  exec::QueryMemory query_memory(exec::MemoryBudget::process(), operator_memory_limit(state));
  exec::QueryMemoryScope memory_scope(&query_memory);
  // SELECTs with approximate aggregates sample until this precise (exec/progressive_approximation.h).
  exec::ApproximationGoalScope approximation_scope(
      {setting_fraction(state, "approximate_error_target"),
       static_cast<double>(setting_milliseconds(state, "approximate_time_limit"))});
  if (run_session_command(statement, state, database, outcome.notices)) {
    outcome.answered = true;
    outcome.deferred = std::move(state.committing);
    return outcome;
  }
  if (state.transaction && state.transaction->failed()) throw_in_failed_transaction();
  sync_transaction_settings(state);
  RoleSettingScope role_setting(statement, state, *database.snapshot());  // SET ROLE: checked in the catalog
  if (auto settings_result = run_settings_statement(statement, state)) {
    outcome.result = std::move(*settings_result);
    return outcome;
  }
  if (auto tag = run_role_statement(statement, state, database, outcome.notices)) {
    outcome.result.command_tag = std::move(*tag);
    return outcome;
  }
  planner::ParameterScope parameter_scope(parameters);
  if (auto cursor_result = run_cursor_statement(statement, statement_text, state, database)) {
    outcome.result = std::move(*cursor_result);
    return outcome;
  }
  if (state.transaction) {
    StatementOutcome in_block = run_in_transaction(statement, statement_text, state, database, parameters, rows);
    in_block.notices = std::move(outcome.notices);
    return in_block;
  }
  // A write that lost a race with a concurrent one fails with 40001 before
  // publishing anything; it is planned again against the newer world and
  // rerun, so concurrent UPDATEs of a row both apply, as PostgreSQL's READ
  // COMMITTED re-evaluates them.
  return retry_serialization_failures([&] {
    txn::WorldPtr base = database.snapshot();
    auto world = with_stat_commit_view(base, statement_text, database);
    planner::StatementPlan plan = planner::plan_statement(statement, *world);
    if (auto* copy = std::get_if<planner::CopyPlan>(&plan); copy != nullptr && copy->from) {
      outcome.copy_in = std::make_unique<exec::CopyLoader>(std::move(*copy), database);
    } else if (std::holds_alternative<planner::InsertPlan>(plan) || std::holds_alternative<planner::UpdatePlan>(plan) ||
               std::holds_alternative<planner::DeletePlan>(plan) ||
               std::holds_alternative<planner::ModifyingWithPlan>(plan)) {
      // Row writes run into a private world; if a concurrent commit changed
      // their rows, the committer runs them again on its newest world (with
      // this session's settings and parameters) instead of failing them.
      txn::StatementWorld target(base);
      outcome.result = exec::execute_statement(plan, target);
      if (target.changed()) {
        // The committer's re-run writes the answer where the session reads it.
        auto deferred = std::make_shared<DeferredCommit>();
        deferred->result = std::move(outcome.result);
        auto reapply = rerun_on_newest(statement, statement_text, state, database, parameters, deferred->result);
        if (state.commit_done) {
          // The session answers once the batch is committed and serves other
          // sessions meanwhile: the statement, its parameters and the
          // session's state stay until then.
          deferred->ticket = database.committer().submit(
              base, target.snapshot(), txn::IsolationLevel::kReadCommitted, nullptr, std::move(reapply),
              state.commit_done);
          outcome.deferred = std::move(deferred);
        } else {
          database.committer().commit(base, target.snapshot(), txn::IsolationLevel::kReadCommitted, nullptr,
                                      &reapply);
          outcome.result = std::move(deferred->result);
        }
      }
    } else {
      outcome.result = exec::execute_statement(plan, database, rows);
      take_result_notices(outcome);
    }
    return std::move(outcome);
  });
}

}  // namespace

void encode_simple_result(std::string& out, const exec::QueryResult& result) {
  if (result.streamed) {
    // Its rows (or COPY data) went out while they were produced.
  } else if (result.copy_out) {
    encode_copy_out(out, result);
  } else if (result.returns_rows && result.binary_rows) {
    std::vector<protocol::FormatCode> formats(result.columns.size(), protocol::FormatCode::kBinary);
    encode_row_description(out, result.columns, formats);
    RowCursor cursor;
    encode_data_rows(out, result, formats, cursor, 0);
  } else if (result.returns_rows) {
    encode_row_description(out, result);
    encode_data_rows(out, result);
  }
  protocol::encode_command_complete(out, result.command_tag);
}

}  // namespace ptreedb::server
