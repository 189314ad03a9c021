#include "server/simple_query.h"

#include <vector>

#include <spdlog/spdlog.h>

#include "exec/statement_executor.h"
#include "planner/statement_planner.h"
#include "server/protocol/backend_messages.h"
#include "server/result_encoder.h"
#include "server/role_commands.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

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
      if (auto tag = run_role_command(*tree_->statement(i).stmt, state, database, out)) {
        protocol::encode_command_complete(out, *tag);
        continue;
      }
      exec::QueryResult result;
      // A write that lost a race with a concurrent one fails with 40001 before
      // publishing anything; it is planned again against the newer world and
      // rerun, so concurrent UPDATEs of a row both apply, as in PostgreSQL.
      constexpr int kWriteAttempts = 100;
      for (int attempt = 1;; ++attempt) {
        auto world = database.snapshot();
        planner::StatementPlan plan = planner::plan_statement(*tree_->statement(i).stmt, *world);
        if (auto* copy = std::get_if<planner::CopyPlan>(&plan); copy != nullptr && copy->from) {
          auto loader = std::make_unique<exec::CopyLoader>(std::move(*copy), database);
          std::vector<protocol::FormatCode> formats(loader->column_count(), protocol::FormatCode::kText);
          protocol::encode_copy_in_response(out, protocol::FormatCode::kText, formats);
          return loader;
        }
        try {
          result = exec::execute_statement(plan, database);
          break;
        } catch (const SqlError& error) {
          if (error.sqlstate() != sqlstate::kSerializationFailure || attempt == kWriteAttempts) throw;
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
  } catch (const std::bad_alloc&) {
    protocol::encode_error_response(out, SqlError("53200", "out of memory"));
  } catch (const std::exception& error) {
    // A bug, not the client's fault: report it without taking the server down.
    spdlog::error("internal error: {}", error.what());
    protocol::encode_error_response(out, SqlError(sqlstate::kInternalError, error.what()));
  }
  return nullptr;
}

}  // namespace ptreedb::server
