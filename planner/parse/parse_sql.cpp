#include "planner/parse/parse_sql.h"

#include <pg_query.h>

#include "storage/sql_error.h"

namespace ptreedb::planner {

void ParseResultDeleter::operator()(PgQuery__ParseResult* result) const {
  pg_query__parse_result__free_unpacked(result, nullptr);
}

std::string_view ParseTree::statement_text(std::size_t index) const {
  const PgQuery__RawStmt& stmt = statement(index);
  std::size_t begin = static_cast<std::size_t>(stmt.stmt_location);
  // stmt_len 0 means "to the end of the string" (the last statement).
  std::size_t length = stmt.stmt_len == 0 ? sql_.size() - begin : static_cast<std::size_t>(stmt.stmt_len);
  return std::string_view(sql_).substr(begin, length);
}

ParseTree parse_sql(std::string sql) {
  PgQueryProtobufParseResult raw = pg_query_parse_protobuf(sql.c_str());
  if (raw.error != nullptr) {
    std::string message = raw.error->message;
    int position = raw.error->cursorpos;
    pg_query_free_protobuf_parse_result(raw);
    throw SqlError(sqlstate::kSyntaxError, message, {}, {}, position);
  }
  PgQuery__ParseResult* result = pg_query__parse_result__unpack(
      nullptr, raw.parse_tree.len, reinterpret_cast<const uint8_t*>(raw.parse_tree.data));
  pg_query_free_protobuf_parse_result(raw);
  if (result == nullptr) throw SqlError(sqlstate::kInternalError, "could not decode parse tree");
  return ParseTree(std::move(sql), result);
}

}  // namespace ptreedb::planner
