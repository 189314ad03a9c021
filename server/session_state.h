// What a session knows about itself between statements: who is connected, to
// which database, its settings, and its transaction.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "server/protocol/backend_messages.h"
#include "txn/isolation_level.h"
#include "txn/transaction.h"

namespace ptreedb::server {

struct SessionState {
  std::string user;
  std::string database;
  std::map<std::string, std::string> settings;  // application_name, DateStyle, ...
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
};

}  // namespace ptreedb::server
