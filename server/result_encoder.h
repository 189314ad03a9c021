// Turns an executor result into RowDescription and DataRow messages (text
// format), writing values straight into the output buffer, or into COPY data.
#pragma once

#include <span>
#include <string>

#include "exec/statement_executor.h"
#include "server/protocol/backend_messages.h"
#include "server/protocol/message_types.h"

namespace ptreedb::server {

void encode_row_description(std::string& out, const exec::QueryResult& result);
void encode_data_rows(std::string& out, const exec::QueryResult& result);
// COPY TO STDOUT: CopyOutResponse, the header line if asked for, one CopyData
// per row, CopyDone (the caller adds CommandComplete).
void encode_copy_out(std::string& out, const exec::QueryResult& result);

}  // namespace ptreedb::server

namespace ptreedb::server {

// Where an extended-query portal stands in its result rows.
struct RowCursor {
  std::size_t chunk = 0;
  std::size_t row = 0;
};

// RowDescription for `columns`, each with its format code.
void encode_row_description(std::string& out, std::span<const planner::OutputColumn> columns,
                            std::span<const protocol::FormatCode> formats);
// DataRows from `cursor` on, each column in its format; at most `max_rows`
// (0: all). Returns how many were sent and advances the cursor.
std::size_t encode_data_rows(std::string& out, const exec::QueryResult& result,
                             std::span<const protocol::FormatCode> formats, RowCursor& cursor, std::size_t max_rows);
bool at_end(const exec::QueryResult& result, const RowCursor& cursor);
// One DataRow for row `row` of `chunk`, each column in its format.
void encode_data_row(protocol::RowEncoder& encoder, const exec::Chunk& chunk, std::size_t row,
                     std::span<const protocol::FormatCode> formats);

}  // namespace ptreedb::server
