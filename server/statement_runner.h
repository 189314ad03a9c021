// The one path from a parsed statement to its result, shared by the simple and
// the extended query protocol: session-setting statements are answered from
// the session, everything else is planned against the newest world and run,
// planned again and rerun when a write loses a race (40001).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <pg_query/pg_query.pb-c.h>

#include "exec/copy_loader.h"
#include "exec/statement_executor.h"
#include "planner/parameters.h"
#include "server/deferred_commit.h"
#include "server/session_state.h"
#include "txn/database.h"

namespace ptreedb::server {

struct StatementOutcome {
  exec::QueryResult result;
  // Set (only when SessionState::commit_done is): the statement's commit is
  // pending, `result` is unused, and the session answers from `deferred`
  // once its ticket is done.
  std::shared_ptr<DeferredCommit> deferred;
  // COPY FROM STDIN: the loader to feed with the client's data (result unused).
  std::unique_ptr<exec::CopyLoader> copy_in;
  // Messages to send before the result (NoticeResponse); when `answered`,
  // the statement's whole response (transaction control, maintenance
  // commands), CommandComplete included, and `result` is unused.
  std::string notices;
  bool answered = false;
};

// `statement_text` is the statement's SQL (kept to replay a READ COMMITTED
// block's writes); `parameters` holds the bound values of $1..$n (null when
// there are none). Inside a transaction block the statement reads and writes
// the block's private world. With `rows`, a SELECT's rows and COPY TO's data
// stream there (the result is then `streamed`). Throws SqlError for anything
// the client caused.
StatementOutcome run_statement(const PgQuery__Node& statement, std::string_view statement_text, SessionState& state,
                               txn::Database& database, planner::StatementParameters* parameters = nullptr,
                               exec::RowSink* rows = nullptr);

// RowDescription (text format), the rows (or COPY TO data) and CommandComplete,
// as the simple query protocol sends a result (only CommandComplete when it
// was streamed).
void encode_simple_result(std::string& out, const exec::QueryResult& result);

}  // namespace ptreedb::server
