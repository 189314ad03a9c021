#include "server/cursors.h"

#include "exec/read_recording.h"

#include <limits>

#include "planner/modifying_with.h"
#include "planner/statement_planner.h"
#include "server/session_state.h"
#include "server/stat_commit_view.h"
#include "storage/sql_error.h"

namespace ptreedb::server {
namespace {

// PostgreSQL's CURSOR_OPT_* bits in DeclareCursorStmt.options.
constexpr std::int32_t kBinary = 0x0001;
constexpr std::int32_t kNoScroll = 0x0004;
constexpr std::int32_t kHold = 0x0020;
constexpr std::int64_t kFetchAll = std::numeric_limits<std::int64_t>::max();

[[noreturn]] void throw_no_cursor(const std::string& name) {
  throw SqlError("34000", "cursor \"" + name + "\" does not exist");
}

Cursor& cursor_named(SessionState& state, const std::string& name) {
  auto found = state.cursors.find(name);
  if (found == state.cursors.end()) throw_no_cursor(name);
  return *found->second;
}

void require_scroll(const Cursor& cursor) {
  if (!cursor.scrollable) {
    throw SqlError("55000", "cursor can only scan forward", {},
                   "Declare it with SCROLL option to enable backward scan.");
  }
}

exec::QueryResult tag_only(std::string tag) {
  exec::QueryResult result;
  result.command_tag = std::move(tag);
  return result;
}

exec::QueryResult declare(const PgQuery__DeclareCursorStmt& declare, std::string_view statement_text,
                          SessionState& state, txn::Database& database) {
  const std::string name = declare.portalname;
  const bool holdable = (declare.options & kHold) != 0;
  if (!state.transaction && !holdable) {
    throw SqlError("25P01", "DECLARE CURSOR can only be used in transaction blocks");
  }
  if (state.cursors.contains(name)) throw SqlError("42P03", "cursor \"" + name + "\" already exists");
  if (declare.query == nullptr || declare.query->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) {
    throw SqlError(sqlstate::kFeatureNotSupported, "DECLARE CURSOR supports only SELECT and VALUES queries");
  }
  if (planner::has_modifying_with(*declare.query)) {
    throw SqlError(sqlstate::kFeatureNotSupported, "DECLARE CURSOR must not contain data-modifying statements in WITH");
  }
  txn::WorldPtr base;
  if (state.transaction) {
    state.transaction->begin_statement();
    base = state.transaction->snapshot();
  } else {
    base = database.snapshot();
  }
  auto world = with_stat_commit_view(base, statement_text, database);
  planner::StatementPlan plan = planner::plan_statement(*declare.query, *world);
  // A SERIALIZABLE block's cursor reads count as the block's reads.
  exec::ReadRecordingScope recording(state.transaction.get());
  exec::QueryResult result = exec::execute_statement(plan, database);
  auto cursor = std::make_shared<Cursor>();
  cursor->statement = std::string(statement_text);
  cursor->columns = result.columns;
  std::vector<value::SqlType> types;
  for (const auto& column : result.columns) types.push_back(column.type);
  cursor->rows = exec::concatenate(std::move(result.chunks), types);
  cursor->holdable = holdable;
  cursor->binary = (declare.options & kBinary) != 0;
  // Rows are kept in memory, so every cursor can scan backward unless its
  // declaration says NO SCROLL.
  cursor->scrollable = (declare.options & kNoScroll) == 0;
  cursor->declared_in_open_transaction = state.transaction != nullptr;
  cursor->created = std::chrono::system_clock::now();
  state.cursors[name] = std::move(cursor);
  return tag_only("DECLARE CURSOR");
}

// Row numbers (1-based) a FETCH returns, in order, moving the cursor.
std::vector<std::size_t> walk(Cursor& cursor, PgQuery__FetchDirection direction, std::int64_t count) {
  const std::size_t n = cursor.rows.size;
  std::size_t& position = cursor.position;
  std::vector<std::size_t> rows;
  auto forward = [&](std::int64_t wanted) {
    while ((wanted == kFetchAll || static_cast<std::int64_t>(rows.size()) < wanted) && position < n) {
      rows.push_back(++position);
    }
    if (wanted == kFetchAll || static_cast<std::int64_t>(rows.size()) < wanted) position = n + 1;
  };
  auto backward = [&](std::int64_t wanted) {
    require_scroll(cursor);
    while ((wanted == kFetchAll || static_cast<std::int64_t>(rows.size()) < wanted) && position > 1) {
      rows.push_back(--position);
    }
    if (wanted == kFetchAll || static_cast<std::int64_t>(rows.size()) < wanted) position = 0;
  };
  auto current = [&] {
    if (position >= 1 && position <= n) rows.push_back(position);
  };
  // Moves to row `target` (0 or below: before the first, beyond n: after the last).
  auto go_to = [&](std::int64_t target) {
    if (target < static_cast<std::int64_t>(position)) require_scroll(cursor);
    if (target < 1) {
      position = 0;
    } else if (target > static_cast<std::int64_t>(n)) {
      position = n + 1;
    } else {
      position = static_cast<std::size_t>(target);
      rows.push_back(position);
    }
  };
  switch (direction) {
    case PG_QUERY__FETCH_DIRECTION__FETCH_BACKWARD:
      if (count < 0) {
        forward(-count);
      } else if (count == 0) {
        current();
      } else {
        backward(count);
      }
      break;
    case PG_QUERY__FETCH_DIRECTION__FETCH_ABSOLUTE:
      if (count > 0) {
        go_to(count);
      } else if (count < 0) {
        go_to(static_cast<std::int64_t>(n) + 1 + count);
      } else {
        go_to(0);
      }
      break;
    case PG_QUERY__FETCH_DIRECTION__FETCH_RELATIVE:
      if (count == 0) {
        current();
      } else {
        go_to(static_cast<std::int64_t>(position) + count);
      }
      break;
    default:  // FORWARD
      if (count < 0) {
        backward(-count);
      } else if (count == 0) {
        current();
      } else {
        forward(count);
      }
      break;
  }
  return rows;
}

exec::QueryResult fetch(const PgQuery__FetchStmt& fetch, SessionState& state) {
  const std::string name = fetch.portalname;
  Cursor& cursor = cursor_named(state, name);
  std::vector<std::size_t> rows = walk(cursor, fetch.direction, fetch.how_many);
  if (fetch.ismove) return tag_only("MOVE " + std::to_string(rows.size()));
  exec::QueryResult result;
  result.returns_rows = true;
  result.columns = cursor.columns;
  result.binary_rows = cursor.binary;
  std::vector<std::uint32_t> indexes;
  for (std::size_t row : rows) indexes.push_back(static_cast<std::uint32_t>(row - 1));
  if (!indexes.empty()) result.chunks.push_back(exec::gather_rows(cursor.rows, indexes));
  result.command_tag = "FETCH " + std::to_string(rows.size());
  return result;
}

exec::QueryResult close(const PgQuery__ClosePortalStmt& close, SessionState& state) {
  const std::string name = close.portalname;
  if (name.empty()) {
    state.cursors.clear();
    return tag_only("CLOSE CURSOR ALL");
  }
  if (state.cursors.erase(name) == 0) throw_no_cursor(name);
  return tag_only("CLOSE CURSOR");
}

}  // namespace

std::optional<exec::QueryResult> run_cursor_statement(const PgQuery__Node& statement, std::string_view statement_text,
                                                      SessionState& state, txn::Database& database) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_DECLARE_CURSOR_STMT:
      return declare(*statement.declare_cursor_stmt, statement_text, state, database);
    case PG_QUERY__NODE__NODE_FETCH_STMT:
      return fetch(*statement.fetch_stmt, state);
    case PG_QUERY__NODE__NODE_CLOSE_PORTAL_STMT:
      return close(*statement.close_portal_stmt, state);
    default:
      return std::nullopt;
  }
}

std::optional<std::vector<planner::OutputColumn>> fetch_columns(const PgQuery__Node& statement,
                                                                const SessionState& state) {
  if (statement.node_case != PG_QUERY__NODE__NODE_FETCH_STMT || statement.fetch_stmt->ismove) return std::nullopt;
  const Cursor* cursor = find_cursor(state, statement.fetch_stmt->portalname);
  if (cursor == nullptr) return std::nullopt;
  return cursor->columns;
}

const Cursor* find_cursor(const SessionState& state, const std::string& name) {
  auto found = state.cursors.find(name);
  return found == state.cursors.end() ? nullptr : found->second.get();
}

void end_transaction_cursors(SessionState& state, bool committed) {
  std::erase_if(state.cursors, [&](const auto& entry) {
    Cursor& cursor = *entry.second;
    if (!cursor.holdable) return true;
    if (!cursor.declared_in_open_transaction) return false;
    cursor.declared_in_open_transaction = false;
    return !committed;
  });
}

}  // namespace ptreedb::server
