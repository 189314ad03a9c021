// COPY FROM STDIN's sub-protocol, as PostgreSQL's CopyGetData runs it: after
// CopyInResponse the client sends CopyData messages (records may span them),
// then CopyDone, or CopyFail to abort. Flush and Sync are ignored, for clients
// that send them without noticing the COPY; any other message is a protocol
// violation that ends the connection.
#pragma once

#include <string>

#include "exec/copy_loader.h"
#include "server/protocol/message_framer.h"

namespace ptreedb::server {

enum class CopyInStep {
  kMoreData,  // still copying
  kDone,      // CommandComplete sent: the rest of the query runs next
  kFailed,    // ErrorResponse sent: the query is over
  kClose,     // FATAL sent: close the connection
};

// CopyInResponse for `loader`'s format and columns: the start of COPY FROM STDIN.
void encode_copy_in_start(std::string& out, const exec::CopyLoader& loader);

// Handles one message received during COPY FROM STDIN, appending responses.
CopyInStep handle_copy_in_message(exec::CopyLoader& loader, const protocol::Frame& frame, std::string& out);

}  // namespace ptreedb::server
