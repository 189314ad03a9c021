#include "planner/parse/parse_sql.h"

#include <algorithm>
#include <cstddef>
#include <optional>

#include <pg_query.h>

#include <cstdlib>

#include "planner/parse/literal_shape.h"
#include "planner/parse/packed_tree_depth.h"
#include "planner/parse/parse_cache.h"
#include "storage/large_stack_call.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {

namespace {

void* arena_alloc(void* arena, std::size_t size) {
  return static_cast<std::pmr::monotonic_buffer_resource*>(arena)->allocate(size, alignof(std::max_align_t));
}

void arena_free(void*, void*) {}  // the arena is released whole with its ParseTree

// Stack the C code below needs, measured with the deepest inputs per byte
// (`1+1+...`, nested calls and sub-selects), with room to spare: libpg_query
// builds its protobuf output recursively, about 180 bytes per byte of text,
// and protobuf-c unpacks recursively, about 800 bytes per level of messages.
constexpr std::size_t kParseStackPerTextByte = 256;
constexpr std::size_t kUnpackStackPerLevel = 1024;
constexpr std::size_t kStackSlack = 1024 * 1024;
// Trees deeper than this many message levels per kB of max_stack_depth are
// refused before unpacking: every walk over them (binder, planner) takes more
// than 64 bytes of stack per level and would end in the same error anyway.
constexpr std::size_t kLevelsPerStackKb = 4;
// Texts longer than this may nest deeply enough for libpg_query's protobuf
// output to take quadratic time (protobuf-c moves each packed sub-message to
// make room for its length), so their depth is checked first.
constexpr std::size_t kDepthCheckedTextBytes = 16 * 1024;

}  // namespace

// libpg_query's own steps of pg_query_parse_protobuf (exported by the library,
// declared in its internal header, which needs PostgreSQL's headers).
extern "C" {
struct PgQueryRawParseResult {
  void* tree;  // a PostgreSQL List*
  char* stderr_buffer;
  PgQueryError* error;
};
PgQueryRawParseResult pg_query_raw_parse(const char* input);
void* pg_query_enter_memory_context();
void pg_query_exit_memory_context(void* context);
char* pg_query_nodes_to_json(const void* tree);
PgQueryProtobuf pg_query_nodes_to_protobuf(const void* tree);
}

namespace {

// The nesting of objects and arrays in a JSON text, or `limit + 1` once above.
std::size_t json_depth(const char* json, std::size_t limit) {
  std::size_t depth = 0;
  std::size_t deepest = 0;
  bool in_string = false;
  for (const char* at = json; *at != '\0'; ++at) {
    char c = *at;
    if (in_string) {
      if (c == '\\' && at[1] != '\0') ++at;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      deepest = std::max(deepest, ++depth);
      if (deepest > limit) return limit + 1;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return deepest;
}

// pg_query_parse_protobuf, but a tree nested deeper than `max_depth` is
// refused (54001) before it is packed.
PgQueryProtobufParseResult parse_depth_checked(const char* sql, std::size_t max_depth) {
  PgQueryProtobufParseResult result{};
  void* context = pg_query_enter_memory_context();
  PgQueryRawParseResult raw = pg_query_raw_parse(sql);
  result.stderr_buffer = raw.stderr_buffer;
  result.error = raw.error;
  bool too_deep = false;
  if (raw.tree != nullptr) {
    // The JSON form is built in linear time (and freed with the context).
    too_deep = json_depth(pg_query_nodes_to_json(raw.tree), max_depth) > max_depth;
    if (!too_deep) result.parse_tree = pg_query_nodes_to_protobuf(raw.tree);
  }
  if (result.parse_tree.data == nullptr) {
    result.parse_tree.data = static_cast<char*>(std::calloc(1, 1));
    result.parse_tree.len = 0;
  }
  pg_query_exit_memory_context(context);
  if (too_deep) {
    pg_query_free_protobuf_parse_result(result);
    throw_stack_depth_exceeded();
  }
  return result;
}

[[noreturn]] void throw_parse_error(PgQueryProtobufParseResult& raw) {
  std::string message = raw.error->message;
  const std::string file = raw.error->filename != nullptr ? raw.error->filename : "";
  int position = raw.error->cursorpos;
  pg_query_free_protobuf_parse_result(raw);
  // The lexer's bad \u escape in an E'' string is PostgreSQL's 22025 (a U&''
  // string's, reported by the parser, stays a syntax error).
  if (message == "invalid Unicode escape" && file == "scan.l") throw SqlError("22025", message, {}, {}, position);
  if (message == "stack depth limit exceeded") throw_stack_depth_exceeded();
  // The lexer verifies what E'' escapes make (E'\xc3\x28', E'\000') as
  // PostgreSQL's does, which reports it as 22021 without a position.
  if (message.rfind("invalid byte sequence for encoding", 0) == 0) throw SqlError("22021", message);
  // The grammar's own window frame checks are PostgreSQL's windowing errors.
  if (message.rfind("frame start", 0) == 0 || message.rfind("frame end", 0) == 0) {
    throw SqlError("42P20", message, {}, {}, position);
  }
  throw SqlError(sqlstate::kSyntaxError, message, {}, {}, position);
}

ParseTree parse_with_libpg_query(std::string sql, std::size_t max_depth) {
  PgQueryProtobufParseResult raw = sql.size() > kDepthCheckedTextBytes ? parse_depth_checked(sql.c_str(), max_depth)
                                                                         : pg_query_parse_protobuf(sql.c_str());
  if (raw.error != nullptr) throw_parse_error(raw);
  const auto* packed = reinterpret_cast<const uint8_t*>(raw.parse_tree.data);
  if (packed_message_depth(pg_query__parse_result__descriptor, packed, raw.parse_tree.len, max_depth) > max_depth) {
    pg_query_free_protobuf_parse_result(raw);
    throw_stack_depth_exceeded();
  }
  // Unpacked nodes take a few times the packed bytes; the arena grows if not.
  auto arena = std::make_unique<std::pmr::monotonic_buffer_resource>(std::max<std::size_t>(1024, raw.parse_tree.len * 4));
  ProtobufCAllocator allocator{arena_alloc, arena_free, arena.get()};
  PgQuery__ParseResult* result = pg_query__parse_result__unpack(&allocator, raw.parse_tree.len, packed);
  pg_query_free_protobuf_parse_result(raw);
  if (result == nullptr) throw SqlError(sqlstate::kInternalError, "could not decode parse tree");
  auto storage = std::make_shared<ParseTree::Storage>();
  storage->arena = std::move(arena);
  storage->result = result;
  return ParseTree(std::move(sql), std::move(storage));
}

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
    try {
      if (auto cached = ParseCache::instance().find(sql, *shape)) return std::move(*cached);
    } catch (const SqlError& error) {
      // A cached tree too deep to copy on this thread's stack: parse it afresh.
      if (error.sqlstate() != "54001") throw;
    }
  }
  ParseTree tree = parse_sql_uncached(std::move(sql));
  if (shape) {
    try {
      ParseCache::instance().remember(tree, std::move(*shape));
    } catch (const SqlError& error) {
      if (error.sqlstate() != "54001") throw;  // too deep to examine here: not cached
    }
  }
  return tree;
}

ParseTree parse_sql_uncached(std::string sql) {
  const std::size_t max_stack_depth_kb = current_max_stack_depth_kb();
  const std::size_t max_depth = max_stack_depth_kb * kLevelsPerStackKb;
  // A text of n bytes nests at most about n levels of messages.
  const std::size_t needed = std::max(sql.size() * kParseStackPerTextByte,
                                      std::min(sql.size() + 1, max_depth + 1) * kUnpackStackPerLevel) +
                             kStackSlack;
  // Short statements (all of OLTP) parse on the calling thread; long ones, which
  // may nest deeper than its stack allows, on a thread with a stack to match.
  if (needed <= remaining_stack_bytes()) return parse_with_libpg_query(std::move(sql), max_depth);
  std::optional<ParseTree> tree;
  call_with_large_stack(needed, [&] {
    MaxStackDepthScope setting(max_stack_depth_kb);  // the hint of a 54001 names the caller's setting
    tree.emplace(parse_with_libpg_query(std::move(sql), max_depth));
  });
  return std::move(*tree);
}

}  // namespace ptreedb::planner
