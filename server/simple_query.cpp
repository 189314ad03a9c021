#include "server/simple_query.h"

#include <vector>

#include <spdlog/spdlog.h>

#include "server/protocol/backend_messages.h"
#include "server/statement_runner.h"
#include "storage/sql_error.h"

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
    if (!tree_) {
      tree_.emplace(planner::parse_sql(std::move(sql_)));
      if (tree_->statement_count() == 0) {
        protocol::encode_empty_query_response(out);
        return nullptr;
      }
    }
    while (next_statement_ < tree_->statement_count()) {
      const std::size_t i = next_statement_++;
      StatementOutcome outcome =
          run_statement(*tree_->statement(i).stmt, tree_->statement_text(i), state, database);
      out += outcome.notices;
      if (outcome.answered) continue;
      if (outcome.copy_in) {
        const auto format =
            outcome.copy_in->binary() ? protocol::FormatCode::kBinary : protocol::FormatCode::kText;
        std::vector<protocol::FormatCode> formats(outcome.copy_in->column_count(), format);
        protocol::encode_copy_in_response(out, format, formats);
        return std::move(outcome.copy_in);
      }
      encode_simple_result(out, outcome.result);
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
