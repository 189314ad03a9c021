// The error every protocol decoder throws for malformed input: SQLSTATE 08P01
// (protocol_violation). After one, the session must close the connection, since
// it can no longer tell where the next message starts.
#pragma once

#include <string>

#include "storage/sql_error.h"

namespace ptreedb::server::protocol {

[[noreturn]] inline void throw_protocol_violation(const std::string& message) {
  throw SqlError(sqlstate::kProtocolViolation, message);
}

}  // namespace ptreedb::server::protocol
