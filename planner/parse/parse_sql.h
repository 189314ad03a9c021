// SQL text -> PostgreSQL 15 parse tree, through libpg_query (the real grammar).
// The tree is libpg_query's protobuf message, unpacked with protobuf-c, so the
// binder walks plain C structs with no JSON or string round trips.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <pg_query/pg_query.pb-c.h>

namespace ptreedb::planner {

struct ParseResultDeleter {
  void operator()(PgQuery__ParseResult* result) const;
};

// One parsed message of the simple query protocol: zero or more statements.
class ParseTree {
 public:
  explicit ParseTree(std::string sql, PgQuery__ParseResult* result)
      : sql_(std::move(sql)), result_(result) {}

  std::size_t statement_count() const { return result_->n_stmts; }
  const PgQuery__RawStmt& statement(std::size_t index) const { return *result_->stmts[index]; }
  // The text of one statement, as the client wrote it (no trailing ';').
  std::string_view statement_text(std::size_t index) const;
  const std::string& sql() const { return sql_; }

 private:
  std::string sql_;
  std::unique_ptr<PgQuery__ParseResult, ParseResultDeleter> result_;
};

// Parses `sql`; a syntax error throws SqlError 42601 with PostgreSQL's message
// and the 1-based character position of the offending token.
ParseTree parse_sql(std::string sql);

}  // namespace ptreedb::planner
