// SQL text -> PostgreSQL 15 parse tree, through libpg_query (the real grammar).
// The tree is libpg_query's protobuf message, unpacked with protobuf-c, so the
// binder walks plain C structs with no JSON or string round trips.
#pragma once

#include <memory>
#include <memory_resource>
#include <string>
#include <string_view>

#include <pg_query/pg_query.pb-c.h>

namespace ptreedb::planner {

// One parsed message of the simple query protocol: zero or more statements.
// The unpacked tree lives in an arena of its own: unpacking makes one bump
// allocation per node, and the whole tree goes at once, with no per-node free.
// Trees are immutable, so one may be shared by many texts' ParseTrees (the
// parse cache's, and every later text that is the same).
class ParseTree {
 public:
  struct Storage {
    std::unique_ptr<std::pmr::monotonic_buffer_resource> arena;
    PgQuery__ParseResult* result;  // in arena
  };
  ParseTree(std::string sql, std::shared_ptr<const Storage> storage)
      : sql_(std::move(sql)), storage_(std::move(storage)) {}

  std::size_t statement_count() const { return storage_->result->n_stmts; }
  const PgQuery__RawStmt& statement(std::size_t index) const { return *storage_->result->stmts[index]; }
  // The text of one statement, as the client wrote it (no trailing ';').
  std::string_view statement_text(std::size_t index) const;
  const std::string& sql() const { return sql_; }
  const std::shared_ptr<const Storage>& storage() const { return storage_; }

 private:
  std::string sql_;
  std::shared_ptr<const Storage> storage_;
};

// Parses `sql`; a syntax error throws SqlError 42601 with PostgreSQL's message
// and the 1-based character position of the offending token. Statements seen
// before in the same shape (the same text but for small integer literals)
// come from the parse cache (parse_cache.h) instead of libpg_query.
ParseTree parse_sql(std::string sql);
// Always through libpg_query.
ParseTree parse_sql_uncached(std::string sql);

}  // namespace ptreedb::planner
