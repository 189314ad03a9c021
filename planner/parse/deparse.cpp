#include "planner/parse/deparse.h"

#include <pg_query.h>

#include "storage/large_stack_call.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::planner {

namespace {

// protobuf-c's pack and libpg_query's unpack and deparse recurse once per
// level of the tree, a few kB at most; parse_sql refuses trees deeper than 4
// levels per kB of max_stack_depth.
constexpr std::size_t kStackPerLevel = 4096;
constexpr std::size_t kLevelsPerStackKb = 4;

// Packs `result` and deparses it, on a thread with a stack for any tree
// parse_sql lets through when this one's is shorter.
std::string deparse_result(const PgQuery__ParseResult& result, const char* what) {
  std::string text;
  auto deparse = [&] {
    std::string packed(pg_query__parse_result__get_packed_size(&result), '\0');
    pg_query__parse_result__pack(&result, reinterpret_cast<uint8_t*>(packed.data()));
    PgQueryProtobuf protobuf{packed.size(), packed.data()};
    PgQueryDeparseResult deparsed = pg_query_deparse_protobuf(protobuf);
    if (deparsed.error != nullptr) {
      std::string message = deparsed.error->message;
      pg_query_free_deparse_result(deparsed);
      if (message == "stack depth limit exceeded") throw_stack_depth_exceeded();
      throw SqlError(sqlstate::kInternalError, std::string("could not deparse ") + what + ": " + message);
    }
    text = deparsed.query;
    pg_query_free_deparse_result(deparsed);
  };
  const std::size_t needed = current_max_stack_depth_kb() * kLevelsPerStackKb * kStackPerLevel;
  if (needed <= remaining_stack_bytes()) {
    deparse();
  } else {
    call_with_large_stack(needed, deparse);
  }
  return text;
}

}  // namespace

std::string deparse_statement(const PgQuery__Node* statement) {
  PgQuery__RawStmt raw = PG_QUERY__RAW_STMT__INIT;
  raw.stmt = const_cast<PgQuery__Node*>(statement);
  PgQuery__RawStmt* statements[] = {&raw};
  PgQuery__ParseResult result = PG_QUERY__PARSE_RESULT__INIT;
  result.version = PG_VERSION_NUM;
  result.n_stmts = 1;
  result.stmts = statements;
  return deparse_result(result, "statement");
}

std::string deparse_expression(const PgQuery__Node* expression) {
  // Wrap the expression as "SELECT <expression>", deparse that statement, and
  // cut the SELECT keyword off again.
  PgQuery__ResTarget target = PG_QUERY__RES_TARGET__INIT;
  target.val = const_cast<PgQuery__Node*>(expression);
  PgQuery__Node target_node = PG_QUERY__NODE__INIT;
  target_node.node_case = PG_QUERY__NODE__NODE_RES_TARGET;
  target_node.res_target = &target;
  PgQuery__Node* targets[] = {&target_node};

  PgQuery__SelectStmt select = PG_QUERY__SELECT_STMT__INIT;
  select.n_target_list = 1;
  select.target_list = targets;
  select.limit_option = PG_QUERY__LIMIT_OPTION__LIMIT_OPTION_DEFAULT;
  select.op = PG_QUERY__SET_OPERATION__SETOP_NONE;
  PgQuery__Node statement = PG_QUERY__NODE__INIT;
  statement.node_case = PG_QUERY__NODE__NODE_SELECT_STMT;
  statement.select_stmt = &select;

  PgQuery__RawStmt raw = PG_QUERY__RAW_STMT__INIT;
  raw.stmt = &statement;
  PgQuery__RawStmt* statements[] = {&raw};
  PgQuery__ParseResult result = PG_QUERY__PARSE_RESULT__INIT;
  result.version = PG_VERSION_NUM;
  result.n_stmts = 1;
  result.stmts = statements;

  std::string text = deparse_result(result, "expression");
  constexpr std::string_view kPrefix = "SELECT ";
  if (text.rfind(kPrefix, 0) == 0) text.erase(0, kPrefix.size());
  return text;
}

}  // namespace ptreedb::planner
