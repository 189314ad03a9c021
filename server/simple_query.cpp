#include "server/simple_query.h"

#include <spdlog/spdlog.h>

#include "planner/parse/parse_sql.h"
#include "server/protocol/backend_messages.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

void run_simple_query(std::string sql, SessionState& state, std::string& out) {
  (void)state;
  try {
    planner::ParseTree tree = planner::parse_sql(std::move(sql));
    if (tree.statement_count() == 0) {
      protocol::encode_empty_query_response(out);
      return;
    }
    for (std::size_t i = 0; i < tree.statement_count(); ++i) {
      // The binder, planner and executor are not connected yet: every parsed
      // statement is refused with PostgreSQL's "not supported" code.
      throw SqlError(sqlstate::kFeatureNotSupported,
                     "statement is not supported yet: " + std::string(tree.statement_text(i)));
    }
  } catch (const SqlError& error) {
    protocol::encode_error_response(out, error);
  } catch (const std::bad_alloc&) {
    protocol::encode_error_response(out, SqlError("53200", "out of memory"));
  }
}

}  // namespace ptreedb::server
