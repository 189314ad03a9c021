// What a session knows about itself between statements: who is connected, to
// which database, its settings, and its transaction status.
#pragma once

#include <map>
#include <string>

#include "server/protocol/backend_messages.h"

namespace ptreedb::server {

struct SessionState {
  std::string user;
  std::string database;
  std::map<std::string, std::string> settings;  // application_name, DateStyle, ...
  protocol::TransactionStatus transaction_status = protocol::TransactionStatus::kIdle;
};

}  // namespace ptreedb::server
