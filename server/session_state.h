// What a session knows about itself between statements: who is connected, to
// which database, its settings, and its transaction status.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exec/interrupt_token.h"
#include "server/protocol/backend_messages.h"

namespace ptreedb::server {

struct PreparedStatement;

struct SessionState {
  std::string user;
  std::string database;
  // Current values by canonical name (application_name, DateStyle, ...); see
  // server/session_settings.h.
  std::map<std::string, std::string> settings;
  // What RESET returns each setting to: the built-in default or the value the
  // startup packet gave.
  std::map<std::string, std::string> setting_defaults;
  // Reported settings (GUC_REPORT) changed since the last ParameterStatus.
  std::vector<std::string> changed_reported_settings;
  // Prepared statements by name ("" is the unnamed one): Parse adds them,
  // Close, DEALLOCATE and DISCARD ALL drop them (server/extended_query.h).
  std::map<std::string, std::shared_ptr<const PreparedStatement>> prepared_statements;
  protocol::TransactionStatus transaction_status = protocol::TransactionStatus::kIdle;
  // The token a CancelRequest for this session trips (null in unit tests).
  exec::InterruptToken* interrupt = nullptr;
};

}  // namespace ptreedb::server
