#include "server/simple_query.h"

#include <spdlog/spdlog.h>

#include "exec/statement_executor.h"
#include "planner/parse/parse_sql.h"
#include "planner/statement_planner.h"
#include "server/protocol/backend_messages.h"
#include "server/result_encoder.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

void run_simple_query(std::string sql, SessionState& state, txn::Database& database, std::string& out) {
  (void)state;
  // Results of earlier statements stay in `out` when a later one fails, as the
  // client has already been sent them in PostgreSQL.
  try {
    planner::ParseTree tree = planner::parse_sql(std::move(sql));
    if (tree.statement_count() == 0) {
      protocol::encode_empty_query_response(out);
      return;
    }
    for (std::size_t i = 0; i < tree.statement_count(); ++i) {
      auto world = database.snapshot();
      planner::StatementPlan plan = planner::plan_statement(*tree.statement(i).stmt, *world);
      exec::QueryResult result = exec::execute_statement(plan, database);
      if (result.returns_rows) {
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
}

}  // namespace ptreedb::server
