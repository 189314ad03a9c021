#include "server/statement_runner.h"

#include <chrono>

#include "exec/interrupt_token.h"
#include "exec/statement_executor.h"
#include "planner/statement_planner.h"
#include "server/protocol/backend_messages.h"
#include "server/result_encoder.h"
#include "server/session_settings.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

StatementOutcome run_statement(const PgQuery__Node& statement, SessionState& state, txn::Database& database,
                               planner::StatementParameters* parameters) {
  StatementOutcome outcome;
  if (auto settings_result = run_settings_statement(statement, state)) {
    outcome.result = std::move(*settings_result);
    return outcome;
  }
  SettingsScope settings_scope(state);  // current_setting() and set_config() in expressions
  // CancelRequest and statement_timeout end the statement with 57014.
  exec::InterruptScope interrupt_scope(state.interrupt,
                                       std::chrono::milliseconds(setting_milliseconds(state, "statement_timeout")));
  planner::ParameterScope parameter_scope(parameters);
  // A write that lost a race with a concurrent one fails with 40001 before
  // publishing anything; it is planned again against the newer world and
  // rerun, so concurrent UPDATEs of a row both apply, as in PostgreSQL.
  constexpr int kWriteAttempts = 100;
  for (int attempt = 1;; ++attempt) {
    auto world = database.snapshot();
    planner::StatementPlan plan = planner::plan_statement(statement, *world);
    if (auto* copy = std::get_if<planner::CopyPlan>(&plan); copy != nullptr && copy->from) {
      outcome.copy_in = std::make_unique<exec::CopyLoader>(std::move(*copy), database);
      return outcome;
    }
    try {
      outcome.result = exec::execute_statement(plan, database);
      return outcome;
    } catch (const SqlError& error) {
      if (error.sqlstate() != sqlstate::kSerializationFailure || attempt == kWriteAttempts) throw;
    }
  }
}

void encode_simple_result(std::string& out, const exec::QueryResult& result) {
  if (result.copy_out) {
    encode_copy_out(out, result);
  } else if (result.returns_rows) {
    encode_row_description(out, result);
    encode_data_rows(out, result);
  }
  protocol::encode_command_complete(out, result.command_tag);
}

}  // namespace ptreedb::server
