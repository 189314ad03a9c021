// A statement's result sent to the client while it is produced: rows are
// encoded into the session's output buffer, which is written to the socket
// whenever it passes a threshold, from the statement's own thread. A client
// that reads slowly makes the statement wait (a bounded buffer per session);
// a cancel, statement_timeout or closed connection ends the wait with an
// error, which ends the statement and frees what it held. Short results never
// reach the threshold and leave with the session's usual reply.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "exec/row_sink.h"
#include "server/protocol/message_types.h"

namespace ptreedb::server {

// Writes the given buffer to the client, erasing what was sent (see
// ClientStream::write_blocking).
using ClientWriter = std::function<void(std::string& out)>;

class ResultStream : public exec::RowSink {
 public:
  // `formats`: per column (an extended-query portal's; empty = text).
  // `send_row_description`: the simple protocol's RowDescription (the
  // extended protocol's comes with Describe).
  ResultStream(std::string& out, const ClientWriter& write, std::vector<protocol::FormatCode> formats,
               bool send_row_description);

  void describe(const std::vector<planner::OutputColumn>& columns,
                const std::optional<planner::CopyOptions>& copy_out) override;
  void rows(const exec::Chunk& chunk) override;
  void end() override;
  void notice(const std::string& message) override;

 private:
  // RowDescription or CopyOutResponse (and COPY's header), before the first
  // row or at the end: a statement failing before its first row sends none.
  void begin_once();
  void write_if_full();

  std::string& out_;
  const ClientWriter& write_;
  std::vector<protocol::FormatCode> formats_;
  bool send_row_description_;
  // The statement's own (valid until end()): not copied per statement.
  const std::vector<planner::OutputColumn>* columns_ = nullptr;
  std::optional<planner::CopyOptions> copy_out_;
  bool begun_ = false;
  std::string line_, scratch_;
};

}  // namespace ptreedb::server
