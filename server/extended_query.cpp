#include "server/extended_query.h"

#include <optional>
#include <utility>
#include <variant>

#include "planner/statement_planner.h"
#include "exec/binary_format.h"
#include "server/copy_in.h"
#include "server/cursors.h"
#include "server/read_committed_replay.h"
#include "server/result_stream.h"
#include "server/protocol/backend_messages.h"
#include "server/session_settings.h"
#include "server/stat_commit_view.h"
#include "server/statement_runner.h"
#include "server/transaction_control.h"
#include "storage/sql_error.h"
#include "storage/value/utf8.h"

namespace ptreedb::server {

namespace {

using protocol::FormatCode;

std::string quoted_statement_name(const std::string& name) {
  return name.empty() ? "unnamed prepared statement" : "prepared statement \"" + name + "\"";
}

// Statements whose result columns and parameter types come from planning.
bool is_planned_query(const PgQuery__Node& statement) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_SELECT_STMT:
    case PG_QUERY__NODE__NODE_INSERT_STMT:
    case PG_QUERY__NODE__NODE_UPDATE_STMT:
    case PG_QUERY__NODE__NODE_DELETE_STMT:
    case PG_QUERY__NODE__NODE_EXPLAIN_STMT:
      return true;
    default:
      return false;
  }
}

std::optional<std::vector<planner::OutputColumn>> columns_of(const planner::StatementPlan& plan) {
  if (const auto* select = std::get_if<planner::SelectPlan>(&plan)) return select->columns;
  if (const auto* insert = std::get_if<planner::InsertPlan>(&plan)) return insert->returning;
  if (const auto* update = std::get_if<planner::UpdatePlan>(&plan)) return update->returning;
  if (const auto* remove = std::get_if<planner::DeletePlan>(&plan)) return remove->returning;
  if (const auto* modifying = std::get_if<planner::ModifyingWithPlan>(&plan)) {
    return std::visit([](const auto& main) { return columns_of(planner::StatementPlan(main)); }, modifying->main);
  }
  if (std::holds_alternative<planner::ExplainPlan>(plan)) {
    planner::OutputColumn column;
    column.name = "QUERY PLAN";
    column.type = value::SqlType::of(value::TypeId::kText);
    return std::vector{column};
  }
  return std::nullopt;
}

// Statements that open the transaction the messages up to Sync share;
// transaction, session and maintenance commands and cursor statements do not.
bool opens_implicit_transaction(const PgQuery__Node& statement) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_TRANSACTION_STMT:
    case PG_QUERY__NODE__NODE_VACUUM_STMT:
    case PG_QUERY__NODE__NODE_CHECK_POINT_STMT:
    case PG_QUERY__NODE__NODE_DISCARD_STMT:
    case PG_QUERY__NODE__NODE_VARIABLE_SET_STMT:
    case PG_QUERY__NODE__NODE_VARIABLE_SHOW_STMT:
    case PG_QUERY__NODE__NODE_DEALLOCATE_STMT:
    case PG_QUERY__NODE__NODE_DECLARE_CURSOR_STMT:
    case PG_QUERY__NODE__NODE_FETCH_STMT:
    case PG_QUERY__NODE__NODE_CLOSE_PORTAL_STMT:
    case PG_QUERY__NODE__NODE_COPY_STMT:
      return false;
    default:
      return true;
  }
}

std::vector<FormatCode> all_text(std::size_t count) { return std::vector<FormatCode>(count, FormatCode::kText); }

void encode_description(std::string& out, const std::optional<std::vector<planner::OutputColumn>>& columns,
                        const std::vector<FormatCode>& formats) {
  if (!columns) {
    protocol::encode_no_data(out);
  } else {
    encode_row_description(out, *columns, formats);
  }
}

// "SELECT 5" for the rows this Execute sent, as PostgreSQL counts a portal run in pieces.
std::string completion_tag(const exec::QueryResult& result, std::size_t rows_sent) {
  if (result.command_tag.rfind("SELECT", 0) == 0) return "SELECT " + std::to_string(rows_sent);
  return result.command_tag;
}

}  // namespace

std::shared_ptr<PreparedStatement> prepare_statement(std::string sql,
                                                     const std::vector<std::optional<value::SqlType>>& declared,
                                                     SessionState& state, txn::Database& database) {
  auto prepared = std::make_shared<PreparedStatement>();
  MaxStackDepthScope stack_depth(max_stack_depth_kb(state));
  auto tree = std::make_shared<planner::ParseTree>(planner::parse_sql(std::move(sql)));
  if (tree->statement_count() > 1) {
    throw SqlError(sqlstate::kSyntaxError, "cannot insert multiple commands into a prepared statement");
  }
  if (tree->statement_count() == 1) prepared->statement = tree->statement(0).stmt;
  prepared->tree = tree;

  std::size_t count = declared.size();
  if (prepared->statement != nullptr) {
    count = std::max<std::size_t>(count, planner::highest_parameter_number(*prepared->statement));
  }
  planner::StatementParameters& parameters = prepared->parameters;
  parameters.types.assign(count, value::SqlType::of(value::TypeId::kText));
  parameters.open.assign(count, true);
  for (std::size_t i = 0; i < declared.size(); ++i) {
    if (!declared[i]) continue;
    parameters.types[i] = *declared[i];
    parameters.open[i] = false;
  }
  if (prepared->statement != nullptr) {
    if (auto columns = settings_statement_columns(*prepared->statement)) {
      if (!columns->empty()) prepared->columns = std::move(*columns);
    } else if (auto fetched = fetch_columns(*prepared->statement, state)) {
      prepared->columns = std::move(*fetched);
    } else if (is_planned_query(*prepared->statement)) {
      // Describe by planning with the parameters unbound: this resolves their
      // types and the result columns, and reports errors at Parse as PostgreSQL does.
      SettingsScope settings(state, /*describing=*/true);
      planner::ParameterScope scope(&parameters);
      auto world = with_stat_commit_view(state.transaction ? state.transaction->snapshot() : database.snapshot(),
                                         tree->statement_text(0), database);
      prepared->columns = columns_of(planner::plan_statement(*prepared->statement, *world));
    }
  }
  parameters.close_open_types();
  return prepared;
}

void ExtendedQuery::parse(protocol::Parse message, SessionState& state, txn::Database& database, std::string& out) {
  if (!message.statement_name.empty() && state.prepared_statements.contains(message.statement_name)) {
    throw SqlError("42P05", "prepared statement \"" + message.statement_name + "\" already exists");
  }
  value::verify_utf8(message.statement_name);  // message strings are checked on receipt
  value::verify_utf8(message.sql);
  std::vector<std::optional<value::SqlType>> declared(message.parameter_type_oids.size());
  for (std::size_t i = 0; i < message.parameter_type_oids.size(); ++i) {
    std::uint32_t oid = message.parameter_type_oids[i];
    if (oid == 0) continue;
    auto type = value::type_from_oid(oid);
    auto element = value::array_element_from_oid(oid);
    if (!type && !element) {
      throw SqlError(sqlstate::kFeatureNotSupported, "parameters of type OID " + std::to_string(oid) + " are not supported");
    }
    declared[i] = type ? value::SqlType::of(*type) : value::SqlType::array_of(value::SqlType::of(*element));
  }
  state.prepared_statements[message.statement_name] =
      prepare_statement(std::move(message.sql), declared, state, database);
  protocol::encode_parse_complete(out);
}

void ExtendedQuery::bind(const protocol::Bind& message, SessionState& state, std::string& out) {
  auto found = state.prepared_statements.find(message.statement_name);
  if (found == state.prepared_statements.end()) {
    throw SqlError("26000", quoted_statement_name(message.statement_name) + " does not exist");
  }
  if (!message.portal_name.empty() && portals_.contains(message.portal_name)) {
    throw SqlError("42P03", "cursor \"" + message.portal_name + "\" already exists");
  }
  const auto& prepared = found->second;
  const std::size_t expected = prepared->parameters.count();
  if (message.parameter_formats.size() > 1 && message.parameter_formats.size() != message.parameters.size()) {
    throw SqlError(sqlstate::kProtocolViolation, "bind message has " + std::to_string(message.parameter_formats.size()) +
                                                     " parameter formats but " +
                                                     std::to_string(message.parameters.size()) + " parameters");
  }
  if (message.parameters.size() != expected) {
    throw SqlError(sqlstate::kProtocolViolation,
                   "bind message supplies " + std::to_string(message.parameters.size()) +
                       " parameters, but prepared statement \"" + message.statement_name + "\" requires " +
                       std::to_string(expected));
  }
  Portal portal;
  portal.statement = prepared;
  portal.parameters = prepared->parameters;
  portal.parameters.bound = true;
  portal.parameters.values.resize(expected);
  for (std::size_t i = 0; i < expected; ++i) {
    const auto& raw = message.parameters[i];
    if (!raw) continue;
    const value::SqlType type = portal.parameters.types[i];
    if (message.parameter_format(i) == FormatCode::kBinary) {
      portal.parameters.values[i] = exec::binary_parameter_to_text(type, *raw, i + 1);
    } else {
      value::verify_utf8(*raw);  // text parameters are client strings, checked before their type's input
      std::string text = exec::without_time_zone_offset(type, *raw);
      exec::check_text_value(type, text);
      portal.parameters.values[i] = std::move(text);
    }
  }
  const std::size_t column_count = prepared->columns ? prepared->columns->size() : 0;
  message.check_result_format_count(column_count);
  for (std::size_t c = 0; c < column_count; ++c) portal.result_formats.push_back(message.result_format(c));
  portals_[message.portal_name] = std::move(portal);
  protocol::encode_bind_complete(out);
}

void ExtendedQuery::describe(const protocol::Describe& message, const SessionState& state, std::string& out) {
  if (message.target == protocol::DescribeTarget::kStatement) {
    auto found = state.prepared_statements.find(message.name);
    if (found == state.prepared_statements.end()) {
      throw SqlError("26000", quoted_statement_name(message.name) + " does not exist");
    }
    const PreparedStatement& prepared = *found->second;
    std::vector<std::uint32_t> oids;
    for (const auto& type : prepared.parameters.types) oids.push_back(type.oid());
    protocol::encode_parameter_description(out, oids);
    encode_description(out, prepared.columns, all_text(prepared.columns ? prepared.columns->size() : 0));
    return;
  }
  if (!portals_.contains(message.name)) {
    // An SQL cursor is a portal too (psycopg describes its named cursors so).
    if (const Cursor* cursor = find_cursor(state, message.name)) {
      encode_description(out, cursor->columns,
                         std::vector<FormatCode>(cursor->columns.size(),
                                                 cursor->binary ? FormatCode::kBinary : FormatCode::kText));
      return;
    }
  }
  const Portal& portal = find_portal(message.name);
  encode_description(out, portal.statement->columns, portal.result_formats);
}

std::unique_ptr<exec::CopyLoader> ExtendedQuery::execute(const protocol::Execute& message, SessionState& state,
                                                         txn::Database& database, std::string& out) {
  Portal& portal = find_portal(message.portal_name);
  if (portal.statement->statement == nullptr) {
    protocol::encode_empty_query_response(out);
    return nullptr;
  }
  const bool starts_now = !portal.started;
  std::size_t writes_before = 0;
  if (!portal.started) {
    portal.started = true;
    const PgQuery__Node& statement = *portal.statement->statement;
    if (!state.transaction && opens_implicit_transaction(statement)) {
      state.transaction =
          std::make_unique<txn::Transaction>(database, state.default_isolation, state.default_read_only);
      implicit_transaction_ = true;
      unsent_answer_.reset();
      several_writes_ = false;
    } else if (implicit_transaction_ && statement.node_case == PG_QUERY__NODE__NODE_TRANSACTION_STMT) {
      // BEGIN, COMMIT, ROLLBACK: the statements so far commit first, as
      // PostgreSQL ends its implicit transaction before a transaction command.
      end_implicit_transaction(state, database, out);
    }
    // An Execute that asks for every row streams them while they are
    // produced; one with a row limit keeps the result in the portal, which
    // later Executes read on from.
    if (implicit_transaction_ && state.transaction) writes_before = state.transaction->write_statements().size();
    std::optional<ResultStream> stream;
    if (message.max_rows <= 0 && state.write_to_client) {
      stream.emplace(out, state.write_to_client, portal.result_formats, false);
    }
    StatementOutcome outcome = run_statement(*portal.statement->statement, portal.statement->tree->statement_text(0),
                                             state, database, &portal.parameters, stream ? &*stream : nullptr);
    out += outcome.notices;
    if (outcome.answered) {
      portal.done = true;
      deferred_ = std::move(outcome.deferred);  // COMMIT: answered once committed
      deferred_is_sync_ = false;
      return nullptr;
    }
    if (outcome.copy_in) {
      portal.done = true;
      encode_copy_in_start(out, *outcome.copy_in);
      return std::move(outcome.copy_in);
    }
    portal.result = std::move(outcome.result);
    if (portal.result.streamed) {
      portal.done = true;
      protocol::encode_command_complete(out, portal.result.command_tag);
      return nullptr;
    }
    if (portal.result.copy_out) {
      portal.done = true;
      encode_simple_result(out, portal.result);
      return nullptr;
    }
    if (portal.result.returns_rows && portal.result_formats.size() != portal.result.columns.size()) {
      // Describe saw no columns (a utility statement); run in text format.
      portal.result_formats = all_text(portal.result.columns.size());
    }
  }
  // A portal suspended before its block failed sends nothing more.
  if (state.transaction && state.transaction->failed()) throw_in_failed_transaction();
  const std::size_t answer_begin = out.size();
  const std::uint64_t writes_at_begin = state.output_writes;
  std::size_t sent = 0;
  if (portal.result.returns_rows && !portal.done) {
    const std::size_t limit = message.max_rows > 0 ? static_cast<std::size_t>(message.max_rows) : 0;
    sent = encode_data_rows(out, portal.result, portal.result_formats, portal.cursor, limit);
    if (!at_end(portal.result, portal.cursor)) {
      protocol::encode_portal_suspended(out);
      return nullptr;
    }
  }
  portal.done = true;
  protocol::encode_command_complete(out, completion_tag(portal.result, sent));
  if (implicit_transaction_ && starts_now && state.transaction &&
      state.transaction->write_statements().size() > writes_before) {
    // A write whose whole response is in `out`, as yet unsent.
    if (unsent_answer_ || several_writes_ || message.max_rows > 0 || writes_at_begin != state.output_writes) {
      unsent_answer_.reset();
      several_writes_ = true;
    } else {
      unsent_answer_ = std::make_shared<UnsentAnswer>(
          UnsentAnswer{answer_begin, out.size(), state.output_writes, portal.result_formats, std::nullopt});
    }
  }
  return nullptr;
}

AnswerRewrite ExtendedQuery::answer_rewrite(const SessionState& state) const {
  if (!unsent_answer_ || several_writes_) return {};
  // Run on the committing thread while the session waits for its commit:
  // nothing writes the session's output meanwhile.
  return [answer = unsent_answer_, &state](const exec::QueryResult& rerun) {
    if (state.output_writes != answer->output_writes) return false;
    if (rerun.returns_rows && rerun.columns.size() != answer->formats.size()) return false;
    std::string encoded;
    std::size_t sent = 0;
    if (rerun.returns_rows) {
      RowCursor cursor;
      sent = encode_data_rows(encoded, rerun, answer->formats, cursor, 0);
    }
    protocol::encode_command_complete(encoded, completion_tag(rerun, sent));
    answer->replacement = std::move(encoded);
    return true;
  };
}

void ExtendedQuery::close(const protocol::Close& message, SessionState& state, std::string& out) {
  // Closing something that does not exist is not an error.
  if (message.target == protocol::DescribeTarget::kStatement) {
    state.prepared_statements.erase(message.name);
  } else {
    portals_.erase(message.name);
  }
  protocol::encode_close_complete(out);
}

void ExtendedQuery::end_implicit_transaction(SessionState& state, txn::Database& database, std::string& out,
                                             bool in_background) {
  if (!implicit_transaction_) return;
  implicit_transaction_ = false;
  std::unique_ptr<txn::Transaction> ending = std::move(state.transaction);
  state.refresh_transaction_status();
  AnswerRewrite rewrite = answer_rewrite(state);
  std::shared_ptr<UnsentAnswer> answer = std::exchange(unsent_answer_, nullptr);
  several_writes_ = false;
  // The re-run's response in place of the first run's, once committed.
  auto replace_answer = [answer, &state](bool committed, std::string& buffer) {
    if (!committed || !answer || !answer->replacement || state.output_writes != answer->output_writes) return;
    if (answer->end > buffer.size()) return;
    buffer.replace(answer->begin, answer->end - answer->begin, *answer->replacement);
  };
  if (ending == nullptr || ending->failed()) {
    end_transaction_cursors(state, false);
    return;
  }
  if (in_background && state.commit_done) {
    if (auto deferred = submit_with_replay(ending, state, std::move(rewrite))) {
      deferred->then.push_back(replace_answer);
      deferred->then.push_back(
          [&state](bool committed, std::string&) { end_transaction_cursors(state, committed); });
      deferred_ = std::move(deferred);
      deferred_is_sync_ = true;
      return;
    }
    end_transaction_cursors(state, true);  // nothing written
    return;
  }
  try {
    commit_with_replay(*ending, database, state, std::move(rewrite));
    replace_answer(true, out);
    end_transaction_cursors(state, true);
  } catch (const SqlError& error) {
    end_transaction_cursors(state, false);
    protocol::encode_error_response(out, error);
  }
}

void ExtendedQuery::sync(SessionState& state, txn::Database& database, std::string& out) {
  end_implicit_transaction(state, database, out, true);
  if (awaiting_sync()) return;  // finish_commit goes on
  if (state.transaction_status == protocol::TransactionStatus::kIdle) portals_.clear();
}

void ExtendedQuery::finish_commit(SessionState& state, std::string& out) {
  std::shared_ptr<DeferredCommit> committed = std::move(deferred_);
  if (!deferred_is_sync_) {
    committed->finish(out);
    return;
  }
  deferred_is_sync_ = false;
  try {
    committed->finish(out);
  } catch (const SqlError& error) {
    protocol::encode_error_response(out, error);
  }
  if (state.transaction_status == protocol::TransactionStatus::kIdle) portals_.clear();
}

void ExtendedQuery::simple_query(SessionState& state, txn::Database& database, std::string& out) {
  end_implicit_transaction(state, database, out);
  state.prepared_statements.erase("");
  portals_.erase("");
}

Portal& ExtendedQuery::find_portal(const std::string& name) {
  auto found = portals_.find(name);
  if (found == portals_.end()) throw SqlError("34000", "portal \"" + name + "\" does not exist");
  return found->second;
}

}  // namespace ptreedb::server
