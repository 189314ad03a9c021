#include "planner/parse/parse_sql.h"

#include <algorithm>
#include <cstddef>

#include <pg_query.h>

#include "planner/parse/literal_shape.h"
#include "planner/parse/parse_cache.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

namespace {

void* arena_alloc(void* arena, std::size_t size) {
  return static_cast<std::pmr::monotonic_buffer_resource*>(arena)->allocate(size, alignof(std::max_align_t));
}

void arena_free(void*, void*) {}  // the arena is released whole with its ParseTree

}  // namespace

std::string_view ParseTree::statement_text(std::size_t index) const {
  const PgQuery__RawStmt& stmt = statement(index);
  std::size_t begin = static_cast<std::size_t>(stmt.stmt_location);
  // stmt_len 0 means "to the end of the string" (the last statement).
  std::size_t length = stmt.stmt_len == 0 ? sql_.size() - begin : static_cast<std::size_t>(stmt.stmt_len);
  return std::string_view(sql_).substr(begin, length);
}

ParseTree parse_sql(std::string sql) {
  std::optional<LiteralShape> shape = literal_shape(sql);
  if (shape) {
    if (auto cached = ParseCache::instance().find(sql, *shape)) return std::move(*cached);
  }
  ParseTree tree = parse_sql_uncached(std::move(sql));
  if (shape) ParseCache::instance().remember(tree, std::move(*shape));
  return tree;
}

ParseTree parse_sql_uncached(std::string sql) {
  PgQueryProtobufParseResult raw = pg_query_parse_protobuf(sql.c_str());
  if (raw.error != nullptr) {
    std::string message = raw.error->message;
    int position = raw.error->cursorpos;
    pg_query_free_protobuf_parse_result(raw);
    // The lexer verifies what E'' escapes make (E'\xc3\x28', E'\000') as
    // PostgreSQL's does, which reports it as 22021 without a position.
    if (message.rfind("invalid byte sequence for encoding", 0) == 0) throw SqlError("22021", message);
    throw SqlError(sqlstate::kSyntaxError, message, {}, {}, position);
  }
  // Unpacked nodes take a few times the packed bytes; the arena grows if not.
  auto arena = std::make_unique<std::pmr::monotonic_buffer_resource>(std::max<std::size_t>(1024, raw.parse_tree.len * 4));
  ProtobufCAllocator allocator{arena_alloc, arena_free, arena.get()};
  PgQuery__ParseResult* result = pg_query__parse_result__unpack(
      &allocator, raw.parse_tree.len, reinterpret_cast<const uint8_t*>(raw.parse_tree.data));
  pg_query_free_protobuf_parse_result(raw);
  if (result == nullptr) throw SqlError(sqlstate::kInternalError, "could not decode parse tree");
  auto storage = std::make_shared<ParseTree::Storage>();
  storage->arena = std::move(arena);
  storage->result = result;
  return ParseTree(std::move(sql), std::move(storage));
}

}  // namespace ptreedb::planner
