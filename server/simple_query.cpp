#include "server/simple_query.h"

#include <vector>

#include <spdlog/spdlog.h>

#include "exec/statement_executor.h"
#include "planner/statement_planner.h"
#include "server/protocol/backend_messages.h"
#include "server/maintenance_commands.h"
#include "server/result_encoder.h"
#include "server/stat_commit_view.h"
#include "server/tables_read.h"
#include "server/transaction_control.h"
#include "storage/sql_error.h"

namespace ptreedb::server {
namespace {

// An error inside a block fails the block: 25P02 until ROLLBACK.
void fail_transaction(SessionState& state) {
  if (state.transaction) state.transaction->mark_failed();
}

// COPY FROM STDIN: answer CopyInResponse and hand the session the loader.
std::unique_ptr<exec::CopyLoader> start_copy_in(planner::CopyPlan copy, txn::WriteTarget& target, std::string& out) {
  auto loader = std::make_unique<exec::CopyLoader>(std::move(copy), target);
  std::vector<protocol::FormatCode> formats(loader->column_count(), protocol::FormatCode::kText);
  protocol::encode_copy_in_response(out, protocol::FormatCode::kText, formats);
  return loader;
}

}  // namespace

std::unique_ptr<exec::CopyLoader> SimpleQuery::run(SessionState& state, txn::Database& database, std::string& out) {
  // Results of earlier statements stay in `out` when a later one fails, as the
  // client has already been sent them in PostgreSQL.
  try {
    if (!tree_) {
      tree_.emplace(planner::parse_sql(std::move(sql_)));
      if (tree_->statement_count() == 0) {
        protocol::encode_empty_query_response(out);
        return nullptr;
      }
    }
    while (next_statement_ < tree_->statement_count()) {
      const std::size_t i = next_statement_++;
      const PgQuery__Node& statement = *tree_->statement(i).stmt;
      if (run_transaction_control(statement, state, database, out) ||
          run_maintenance_command(statement, state, out)) {
        state.refresh_transaction_status();
        continue;
      }
      exec::QueryResult result;
      if (state.transaction) {
        // Inside a block: plan and run against the transaction's private world.
        txn::Transaction& transaction = *state.transaction;
        if (transaction.failed()) throw_in_failed_transaction();
        check_writable(statement, state);
        transaction.begin_statement();
        auto world = with_stat_commit_view(transaction.snapshot(), tree_->statement_text(i), database);
        planner::StatementPlan plan = planner::plan_statement(statement, *world);
        if (transaction.isolation() == txn::IsolationLevel::kSerializable) {
          transaction.note_tables_read(tables_read_by(tree_->statement_text(i), *world));
        }
        if (auto* copy = std::get_if<planner::CopyPlan>(&plan); copy != nullptr && copy->from) {
          transaction.mark_not_replayable();
          return start_copy_in(std::move(*copy), transaction, out);
        }
        result = exec::execute_statement(plan, transaction);
        if (!std::holds_alternative<planner::SelectPlan>(plan) && !std::holds_alternative<planner::CopyPlan>(plan)) {
          if (std::holds_alternative<planner::ExplainPlan>(plan)) {
            transaction.mark_not_replayable();
          } else {
            transaction.record_write_statement(std::string(tree_->statement_text(i)));
          }
        }
      } else {
        // A write that lost a race with a concurrent one fails with 40001
        // before publishing anything; it is planned again against the newer
        // world and rerun, so concurrent UPDATEs of a row both apply, as
        // PostgreSQL's READ COMMITTED re-evaluates them.
        constexpr int kWriteAttempts = 100;
        for (int attempt = 1;; ++attempt) {
          auto world = with_stat_commit_view(database.snapshot(), tree_->statement_text(i), database);
          planner::StatementPlan plan = planner::plan_statement(statement, *world);
          if (auto* copy = std::get_if<planner::CopyPlan>(&plan); copy != nullptr && copy->from) {
            return start_copy_in(std::move(*copy), database, out);
          }
          try {
            result = exec::execute_statement(plan, database);
            break;
          } catch (const SqlError& error) {
            if (error.sqlstate() != sqlstate::kSerializationFailure || attempt == kWriteAttempts) throw;
          }
        }
      }
      if (result.copy_out) {
        encode_copy_out(out, result);
      } else if (result.returns_rows) {
        encode_row_description(out, result);
        encode_data_rows(out, result);
      }
      protocol::encode_command_complete(out, result.command_tag);
    }
  } catch (const SqlError& error) {
    protocol::encode_error_response(out, error);
    fail_transaction(state);
  } catch (const std::bad_alloc&) {
    protocol::encode_error_response(out, SqlError("53200", "out of memory"));
    fail_transaction(state);
  } catch (const std::exception& error) {
    // A bug, not the client's fault: report it without taking the server down.
    spdlog::error("internal error: {}", error.what());
    protocol::encode_error_response(out, SqlError(sqlstate::kInternalError, error.what()));
    fail_transaction(state);
  }
  state.refresh_transaction_status();
  return nullptr;
}

}  // namespace ptreedb::server
