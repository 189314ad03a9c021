// Turns an executor result into RowDescription, DataRow and CommandComplete
// messages (text format), writing values straight into the output buffer.
#pragma once

#include <string>

#include "exec/statement_executor.h"

namespace ptreedb::server {

void encode_row_description(std::string& out, const exec::QueryResult& result);
void encode_data_rows(std::string& out, const exec::QueryResult& result);

}  // namespace ptreedb::server
