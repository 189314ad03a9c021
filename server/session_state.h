// What a session knows about itself between statements: who is connected, to
// which database, its settings, and its transaction.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/random/session_random.h"
#include "storage/sequence/sequence_session.h"
#include "exec/interrupt_token.h"
#include "planner/session_directory.h"
#include "server/temp_tables.h"
#include "server/protocol/backend_messages.h"
#include "txn/isolation_level.h"
#include "storage/value/date_style.h"
#include "storage/value/time_zone.h"
#include "txn/transaction.h"

namespace ptreedb::server {

struct PreparedStatement;
struct Cursor;
struct SessionControl;
struct DeferredCommit;

struct SessionState {
  // currval per sequence and lastval, as the backend remembers them.
  std::shared_ptr<storage::SequenceSession> sequences = std::make_shared<storage::SequenceSession>();
  // random()'s generator, which setseed() seeds.
  std::shared_ptr<storage::SessionRandom> random = std::make_shared<storage::SessionRandom>();
  std::string user;
  // Set while SET ROLE / SET SESSION AUTHORIZATION, already checked against
  // the catalog, assign the setting.
  bool role_checked = false;
  std::string database;
  // Current values by canonical name (application_name, DateStyle, ...); see
  // server/session_settings.h.
  std::map<std::string, std::string> settings;
  // The zone of settings["TimeZone"], found again only when the text changes.
  struct {
    std::string setting = "UTC";
    value::TimeZone zone;
  } time_zone_cache;
  // DateStyle and IntervalStyle as the text formats read them, parsed again
  // only when either text changes.
  struct {
    std::string date_setting = "ISO, MDY";
    std::string interval_setting = "postgres";
    value::DateStyle style;
  } date_style_cache;
  // What RESET returns each setting to: the built-in default or the value the
  // startup packet gave.
  std::map<std::string, std::string> setting_defaults;
  // Reported settings (GUC_REPORT) changed since the last ParameterStatus.
  std::vector<std::string> changed_reported_settings;
  // Warnings for the client (SQLSTATE, message), sent before ReadyForQuery.
  std::vector<std::pair<std::string, std::string>> pending_warnings;
  // Prepared statements by name ("" is the unnamed one): Parse adds them,
  // Close, DEALLOCATE and DISCARD ALL drop them (server/extended_query.h).
  std::map<std::string, std::shared_ptr<const PreparedStatement>> prepared_statements;
  // SQL cursors by name (DECLARE ... CURSOR; server/cursors.h).
  std::map<std::string, std::shared_ptr<Cursor>> cursors;
  protocol::TransactionStatus transaction_status = protocol::TransactionStatus::kIdle;
  // The open transaction block (BEGIN ... COMMIT/ROLLBACK), if any.
  std::unique_ptr<txn::Transaction> transaction;
  // What BEGIN starts with (SET default_transaction_isolation, SET SESSION CHARACTERISTICS).
  txn::IsolationLevel default_isolation = txn::IsolationLevel::kReadCommitted;
  bool default_read_only = false;

  // ReadyForQuery's status byte: idle, in a block, or in a failed block.
  void refresh_transaction_status() {
    transaction_status = !transaction           ? protocol::TransactionStatus::kIdle
                         : transaction->failed() ? protocol::TransactionStatus::kFailed
                                                 : protocol::TransactionStatus::kInTransaction;
  }
  // Settings as they were at BEGIN (ROLLBACK restores them) and the values
  // SET LOCAL replaced in the open block (COMMIT restores those).
  std::optional<std::map<std::string, std::string>> settings_at_begin;
  std::map<std::string, std::string> settings_before_local;
  // Set by a session that waits for its commits without holding a thread:
  // called (on the committing thread) when a submitted commit is done.
  std::function<void()> commit_done;
  // A COMMIT statement's submitted commit, handed from transaction control
  // to the statement's outcome (server/statement_runner.cpp).
  std::shared_ptr<DeferredCommit> committing;
  // The token a CancelRequest for this session trips (null in unit tests).
  exec::InterruptToken* interrupt = nullptr;
  // Its registry entry (pg_stat_activity) and what its statements may know of
  // the server's sessions (null in unit tests).
  SessionControl* control = nullptr;
  planner::SessionDirectory* directory = nullptr;
  // Writes pending output to the client from the statement's thread, so a
  // result streams while it is produced (server/result_stream.h); null in
  // unit tests, where results are collected whole.
  std::function<void(std::string&)> write_to_client;
  // How many times output went to the socket: bytes encoded before the last
  // write may still be replaced (an implicit transaction's re-run answer).
  std::uint64_t output_writes = 0;
  // ON COMMIT DELETE ROWS / DROP of this session's temporary tables.
  TempOnCommit temp_on_commit;
};

}  // namespace ptreedb::server
