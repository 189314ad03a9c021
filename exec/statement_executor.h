// Runs a planned statement against the database and returns what the client
// is sent: the result columns and rows (as chunks) and the command tag.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "exec/row_sink.h"
#include "exec/vector.h"
#include "planner/plan.h"
#include "txn/write_target.h"

namespace ptreedb::exec {

struct QueryResult {
  bool returns_rows = false;
  std::vector<planner::OutputColumn> columns;
  std::vector<Chunk> chunks;  // the visible columns only
  std::string command_tag;
  // FETCH from a BINARY cursor: rows go out in binary format.
  bool binary_rows = false;
  // Set for COPY TO STDOUT: the rows go out as CopyData in this format.
  std::optional<planner::CopyOptions> copy_out;
  // The rows (or COPY data) already went to the RowSink while they were
  // produced; `chunks` is empty and only CommandComplete is left to send.
  bool streamed = false;
  // NOTICEs for the client before the result (when nothing streamed them).
  std::vector<std::string> notices;
};

// With `rows`, a SELECT's rows and COPY TO STDOUT's data go there while they
// are produced instead of into the result.
QueryResult execute_statement(const planner::StatementPlan& plan, txn::WriteTarget& database,
                              RowSink* rows = nullptr);

}  // namespace ptreedb::exec
