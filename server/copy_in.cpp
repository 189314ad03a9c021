#include "server/copy_in.h"

#include <cstdio>
#include <vector>

#include <spdlog/spdlog.h>

#include "server/log_text.h"
#include "server/protocol/backend_messages.h"
#include "server/protocol/frontend_messages.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

namespace frontend = protocol::frontend;

namespace {

CopyInStep protocol_violation(exec::CopyLoader& loader, char type, std::string& out) {
  char message[64];
  std::snprintf(message, sizeof message, "unexpected message type 0x%02X during COPY from stdin",
                static_cast<unsigned char>(type));
  SqlError error(sqlstate::kProtocolViolation, message);
  error.set_context(loader.context());
  protocol::encode_error_response(out, error);
  // PostgreSQL has read only the type byte when it rejects the message, so it
  // cannot find the next one; neither do we pretend to.
  protocol::encode_error_response(
      out, SqlError(sqlstate::kProtocolViolation, "terminating connection because protocol synchronization was lost"),
      protocol::Severity::kFatal);
  return CopyInStep::kClose;
}

}  // namespace

void encode_copy_in_start(std::string& out, const exec::CopyLoader& loader) {
  const auto format = loader.binary() ? protocol::FormatCode::kBinary : protocol::FormatCode::kText;
  std::vector<protocol::FormatCode> formats(loader.column_count(), format);
  protocol::encode_copy_in_response(out, format, formats);
}

CopyInStep handle_copy_in_message(exec::CopyLoader& loader, const protocol::Frame& frame, std::string& out) {
  try {
    switch (frame.type) {
      case frontend::kCopyData:
        loader.feed(frame.body);
        return CopyInStep::kMoreData;
      case frontend::kCopyDone: {
        std::uint64_t rows = loader.finish();
        protocol::encode_command_complete(out, "COPY " + std::to_string(rows));
        return CopyInStep::kDone;
      }
      case frontend::kCopyFail: {
        protocol::CopyFail fail = protocol::decode_copy_fail(frame.body);
        SqlError error(sqlstate::kQueryCanceled, "COPY from stdin failed: " + fail.message);
        error.set_context(loader.context());
        protocol::encode_error_response(out, error);
        return CopyInStep::kFailed;
      }
      case frontend::kFlush:
      case frontend::kSync:
        return CopyInStep::kMoreData;
      default:
        return protocol_violation(loader, frame.type, out);
    }
  } catch (const SqlError& error) {
    protocol::encode_error_response(out, error);
  } catch (const std::bad_alloc&) {
    protocol::encode_error_response(out, SqlError("53200", "out of memory"));
  } catch (const std::exception& error) {
    spdlog::error("internal error during COPY: {}", log_text(error.what()));
    protocol::encode_error_response(out, SqlError(sqlstate::kInternalError, error.what()));
  }
  return CopyInStep::kFailed;
}

}  // namespace ptreedb::server
