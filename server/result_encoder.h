// Turns an executor result into RowDescription and DataRow messages (text
// format), writing values straight into the output buffer, or into COPY data.
#pragma once

#include <string>

#include "exec/statement_executor.h"

namespace ptreedb::server {

void encode_row_description(std::string& out, const exec::QueryResult& result);
void encode_data_rows(std::string& out, const exec::QueryResult& result);
// COPY TO STDOUT: CopyOutResponse, the header line if asked for, one CopyData
// per row, CopyDone (the caller adds CommandComplete).
void encode_copy_out(std::string& out, const exec::QueryResult& result);

}  // namespace ptreedb::server
