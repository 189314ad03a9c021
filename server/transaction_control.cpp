#include "server/transaction_control.h"

#include <optional>
#include <vector>

#include "exec/vector.h"
#include "server/protocol/backend_messages.h"
#include "server/read_committed_replay.h"
#include "server/result_encoder.h"
#include "storage/sql_error.h"

namespace ptreedb::server {
namespace {

using txn::IsolationLevel;

// A block's modes as BEGIN, START TRANSACTION or SET TRANSACTION list them,
// in their order (PostgreSQL sets and checks them one by one).
struct TransactionMode {
  enum class Kind { kIsolation, kReadOnly, kDeferrable } kind;
  IsolationLevel isolation = IsolationLevel::kReadCommitted;
  bool flag = false;  // READ ONLY / DEFERRABLE
};

struct TransactionModes {
  std::optional<IsolationLevel> isolation;
  std::optional<bool> read_only;
  std::vector<TransactionMode> in_order;

  void add_isolation(IsolationLevel level) {
    isolation = level;
    in_order.push_back({TransactionMode::Kind::kIsolation, level, false});
  }
  void add_read_only(bool on) {
    read_only = on;
    in_order.push_back({TransactionMode::Kind::kReadOnly, IsolationLevel::kReadCommitted, on});
  }
  void add_deferrable(bool on) {
    in_order.push_back({TransactionMode::Kind::kDeferrable, IsolationLevel::kReadCommitted, on});
  }
};

std::string constant_text(const PgQuery__Node* node) {
  if (node == nullptr || node->node_case != PG_QUERY__NODE__NODE_A_CONST) return "";
  const PgQuery__AConst& constant = *node->a_const;
  if (constant.val_case == PG_QUERY__A__CONST__VAL_SVAL) return constant.sval->sval;
  if (constant.val_case == PG_QUERY__A__CONST__VAL_IVAL) return std::to_string(constant.ival->ival);
  if (constant.val_case == PG_QUERY__A__CONST__VAL_BOOLVAL) return constant.boolval->boolval ? "on" : "off";
  return "";
}

IsolationLevel isolation_named(const std::string& name) {
  auto level = txn::parse_isolation_level(name);
  if (!level) {
    throw SqlError(sqlstate::kInvalidParameterValue,
                   "invalid value for parameter \"transaction_isolation\": \"" + name + "\"");
  }
  return *level;
}

bool truth_of(const std::string& text) { return text == "1" || text == "on" || text == "true"; }

TransactionModes modes_of(std::size_t count, PgQuery__Node** options) {
  TransactionModes modes;
  for (std::size_t i = 0; i < count; ++i) {
    if (options[i]->node_case != PG_QUERY__NODE__NODE_DEF_ELEM) continue;
    const PgQuery__DefElem& option = *options[i]->def_elem;
    std::string name = option.defname;
    if (name == "transaction_isolation") {
      modes.add_isolation(isolation_named(constant_text(option.arg)));
    } else if (name == "transaction_read_only") {
      modes.add_read_only(truth_of(constant_text(option.arg)));
    } else if (name == "transaction_deferrable") {
      modes.add_deferrable(truth_of(constant_text(option.arg)));  // checked, then changes nothing here
    }
  }
  return modes;
}

void warn(std::string& out, const char* sqlstate, const std::string& message) {
  protocol::encode_notice_response(out, SqlError(sqlstate, message), protocol::Severity::kWarning);
}

void complete(std::string& out, const std::string& tag) { protocol::encode_command_complete(out, tag); }

[[noreturn]] void throw_active_transaction(const std::string& message) {
  throw SqlError("25001", message);  // active_sql_transaction
}

// SET TRANSACTION (and BEGIN inside a block) on the open block, with
// PostgreSQL's checks: a level change only before the first query and
// outside savepoints, back to READ WRITE likewise, [NOT] DEFERRABLE at all
// only then. A refused mode fails the statement (and so the block).
void set_modes(txn::Transaction& open, const TransactionModes& modes) {
  for (const TransactionMode& mode : modes.in_order) {
    switch (mode.kind) {
      case TransactionMode::Kind::kIsolation:
        if (mode.isolation == open.isolation()) break;
        if (open.started()) {
          throw_active_transaction("SET TRANSACTION ISOLATION LEVEL must be called before any query");
        }
        if (open.in_savepoint()) {
          throw_active_transaction("SET TRANSACTION ISOLATION LEVEL must not be called in a subtransaction");
        }
        open.set_isolation(mode.isolation);
        break;
      case TransactionMode::Kind::kReadOnly:
        if (!mode.flag && open.read_only()) {
          if (open.in_savepoint()) {
            throw_active_transaction("cannot set transaction read-write mode inside a read-only transaction");
          }
          if (open.started()) throw_active_transaction("transaction read-write mode must be set before any query");
        }
        open.set_read_only(mode.flag);
        break;
      case TransactionMode::Kind::kDeferrable:
        if (open.in_savepoint()) {
          throw_active_transaction("SET TRANSACTION [NOT] DEFERRABLE cannot be called within a subtransaction");
        }
        if (open.started()) {
          throw_active_transaction("SET TRANSACTION [NOT] DEFERRABLE must be called before any query");
        }
        break;
    }
  }
}

void begin(SessionState& state, txn::Database& database, const TransactionModes& modes) {
  state.transaction = std::make_unique<txn::Transaction>(database, modes.isolation.value_or(state.default_isolation),
                                                         modes.read_only.value_or(state.default_read_only));
}

// COMMIT (or COMMIT of a failed block, which rolls back). The transaction is
// over whatever happens; AND CHAIN starts the next with the same modes.
void commit(SessionState& state, txn::Database& database, bool chain, std::string& out) {
  if (!state.transaction) {
    warn(out, "25P01", "there is no transaction in progress");
    complete(out, "COMMIT");
    return;
  }
  std::unique_ptr<txn::Transaction> ending = std::move(state.transaction);
  TransactionModes modes{ending->isolation(), ending->read_only()};
  if (ending->failed()) {
    complete(out, "ROLLBACK");
  } else if (state.commit_done && !chain) {
    // Awaited by the session without holding a thread (DeferredCommit):
    // CommandComplete follows once the batch is done.
    auto deferred = submit_with_replay(ending, state);
    if (deferred == nullptr) {
      complete(out, "COMMIT");  // nothing written
      return;
    }
    deferred->then.push_back([](bool committed, std::string& answer) {
      if (committed) complete(answer, "COMMIT");
    });
    state.committing = std::move(deferred);
    return;
  } else {
    commit_with_replay(*ending, database, state);  // a refusal is thrown: the client sees the error, the block is gone
    complete(out, "COMMIT");
  }
  if (chain) begin(state, database, modes);
}

void rollback(SessionState& state, txn::Database& database, bool chain, std::string& out) {
  if (!state.transaction) {
    warn(out, "25P01", "there is no transaction in progress");
    complete(out, "ROLLBACK");
    return;
  }
  TransactionModes modes{state.transaction->isolation(), state.transaction->read_only()};
  state.transaction.reset();
  complete(out, "ROLLBACK");
  if (chain) begin(state, database, modes);
}

void run_transaction_statement(const PgQuery__TransactionStmt& statement, SessionState& state,
                               txn::Database& database, std::string& out) {
  std::string savepoint = statement.savepoint_name != nullptr ? statement.savepoint_name : "";
  txn::Transaction* open = state.transaction.get();
  switch (statement.kind) {
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN:
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_START: {
      const char* tag = statement.kind == PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_BEGIN ? "BEGIN"
                                                                                          : "START TRANSACTION";
      if (open != nullptr) {
        if (open->failed()) throw_in_failed_transaction();
        // PostgreSQL warns and still applies the modes to the open block
        // (until its first query): psycopg's own BEGIN comes first, so
        // "BEGIN ISOLATION LEVEL SERIALIZABLE" from its user arrives here.
        warn(out, "25001", "there is already a transaction in progress");
        try {
          set_begin_modes(statement, *open);
        } catch (const SqlError&) {
          // The warning still reaches the client with the error (before ReadyForQuery).
          state.pending_warnings.emplace_back("25001", "there is already a transaction in progress");
          throw;
        }
      } else {
        begin(state, database, modes_of(statement.n_options, statement.options));
      }
      complete(out, tag);
      return;
    }
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_COMMIT:
      commit(state, database, statement.chain, out);
      return;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK:
      rollback(state, database, statement.chain, out);
      return;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_SAVEPOINT:
      if (open == nullptr) throw SqlError("25P01", "SAVEPOINT can only be used in transaction blocks");
      if (open->failed()) throw_in_failed_transaction();
      open->define_savepoint(savepoint);
      complete(out, "SAVEPOINT");
      return;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_RELEASE:
      if (open == nullptr) throw SqlError("25P01", "RELEASE SAVEPOINT can only be used in transaction blocks");
      if (open->failed()) throw_in_failed_transaction();
      if (!open->release_savepoint(savepoint)) {
        throw SqlError("3B001", "savepoint \"" + savepoint + "\" does not exist");
      }
      complete(out, "RELEASE");
      return;
    case PG_QUERY__TRANSACTION_STMT_KIND__TRANS_STMT_ROLLBACK_TO:
      if (open == nullptr) throw SqlError("25P01", "ROLLBACK TO SAVEPOINT can only be used in transaction blocks");
      if (!open->rollback_to_savepoint(savepoint)) {
        throw SqlError("3B001", "savepoint \"" + savepoint + "\" does not exist");
      }
      complete(out, "ROLLBACK");
      return;
    default:
      if (open != nullptr && open->failed()) throw_in_failed_transaction();
      throw SqlError(sqlstate::kFeatureNotSupported, "prepared transactions are not supported");
  }
}

// SET TRANSACTION ... / SET SESSION CHARACTERISTICS AS TRANSACTION ... /
// SET [default_]transaction_isolation / transaction_read_only /
// transaction_deferrable. False: another SET.
bool run_set(const PgQuery__VariableSetStmt& statement, SessionState& state, std::string& out) {
  std::string name = statement.name != nullptr ? statement.name : "";
  bool session_default = name == "SESSION CHARACTERISTICS" || name == "default_transaction_isolation" ||
                         name == "default_transaction_read_only";
  bool current = name == "TRANSACTION" || name == "transaction_isolation" || name == "transaction_read_only" ||
                 name == "transaction_deferrable";
  if (!session_default && !current) return false;
  if (state.transaction && state.transaction->failed()) throw_in_failed_transaction();

  TransactionModes modes;
  if (statement.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_SET_MULTI) {
    modes = modes_of(statement.n_args, statement.args);
  } else if (statement.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_SET_VALUE && statement.n_args == 1) {
    std::string value = constant_text(statement.args[0]);
    if (name.ends_with("isolation")) {
      modes.add_isolation(isolation_named(value));
    } else if (name.ends_with("deferrable")) {
      modes.add_deferrable(truth_of(value));
    } else {
      modes.add_read_only(truth_of(value));
    }
  } else if (statement.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_SET_DEFAULT ||
             statement.kind == PG_QUERY__VARIABLE_SET_KIND__VAR_RESET) {
    if (name.ends_with("isolation")) modes.add_isolation(IsolationLevel::kReadCommitted);
    if (name.ends_with("read_only")) modes.add_read_only(false);
  }

  if (session_default) {
    if (modes.isolation) state.default_isolation = *modes.isolation;
    if (modes.read_only) state.default_read_only = *modes.read_only;
    if (modes.read_only) state.settings["default_transaction_read_only"] = *modes.read_only ? "on" : "off";
  } else if (!state.transaction) {
    // Outside a block there is no transaction to set: SET TRANSACTION warns,
    // SET transaction_isolation = ... does nothing, silently, as in PostgreSQL.
    if (name == "TRANSACTION") warn(out, "25P01", "SET TRANSACTION can only be used in transaction blocks");
  } else {
    set_modes(*state.transaction, modes);
  }
  complete(out, "SET");
  return true;
}

const char* write_command_name(const PgQuery__Node& statement) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_SELECT_STMT: {
      // A SELECT writes through its data-modifying WITH queries, if any.
      const PgQuery__WithClause* with = statement.select_stmt->with_clause;
      for (std::size_t i = 0; with != nullptr && i < with->n_ctes; ++i) {
        const PgQuery__Node* query = with->ctes[i]->common_table_expr->ctequery;
        if (query != nullptr && query->node_case != PG_QUERY__NODE__NODE_SELECT_STMT) return write_command_name(*query);
      }
      return nullptr;
    }
    case PG_QUERY__NODE__NODE_INSERT_STMT: return "INSERT";
    case PG_QUERY__NODE__NODE_UPDATE_STMT: return "UPDATE";
    case PG_QUERY__NODE__NODE_DELETE_STMT: return "DELETE";
    case PG_QUERY__NODE__NODE_TRUNCATE_STMT: return "TRUNCATE TABLE";
    case PG_QUERY__NODE__NODE_CREATE_STMT: return "CREATE TABLE";
    case PG_QUERY__NODE__NODE_DROP_STMT: return "DROP";
    case PG_QUERY__NODE__NODE_VIEW_STMT: return "CREATE VIEW";
    case PG_QUERY__NODE__NODE_INDEX_STMT: return "CREATE INDEX";
    case PG_QUERY__NODE__NODE_ALTER_TABLE_STMT: return "ALTER TABLE";
    case PG_QUERY__NODE__NODE_RENAME_STMT: return "ALTER TABLE";
    case PG_QUERY__NODE__NODE_COPY_STMT: return statement.copy_stmt->is_from ? "COPY FROM" : nullptr;
    case PG_QUERY__NODE__NODE_CREATE_ROLE_STMT: return "CREATE ROLE";
    case PG_QUERY__NODE__NODE_ALTER_ROLE_STMT: return "ALTER ROLE";
    case PG_QUERY__NODE__NODE_DROP_ROLE_STMT: return "DROP ROLE";
    default: return nullptr;
  }
}

}  // namespace

void set_begin_modes(const PgQuery__TransactionStmt& begin, txn::Transaction& open) {
  set_modes(open, modes_of(begin.n_options, begin.options));
}

void throw_in_failed_transaction() {
  throw SqlError(sqlstate::kInFailedTransaction,
                 "current transaction is aborted, commands ignored until end of transaction block");
}

bool run_transaction_control(const PgQuery__Node& statement, SessionState& state, txn::Database& database,
                             std::string& out) {
  switch (statement.node_case) {
    case PG_QUERY__NODE__NODE_TRANSACTION_STMT:
      run_transaction_statement(*statement.transaction_stmt, state, database, out);
      return true;
    case PG_QUERY__NODE__NODE_VARIABLE_SET_STMT:
      return run_set(*statement.variable_set_stmt, state, out);
    default:
      return false;
  }
}

void check_writable(const PgQuery__Node& statement, const SessionState& state) {
  if (!state.transaction || !state.transaction->read_only()) return;
  if (const char* command = write_command_name(statement)) {
    throw SqlError("25006", std::string("cannot execute ") + command + " in a read-only transaction");
  }
}

}  // namespace ptreedb::server
