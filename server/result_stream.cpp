#include "server/result_stream.h"

#include "exec/copy_binary_format.h"
#include "exec/copy_text_format.h"
#include "exec/evaluate.h"
#include "server/protocol/backend_messages.h"
#include "server/result_encoder.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

namespace {

// Output buffered before it is written: large enough that a short result
// never waits for the socket, small enough to bound a streaming session.
constexpr std::size_t kStreamBufferBytes = 256 * 1024;

}  // namespace

ResultStream::ResultStream(std::string& out, const ClientWriter& write, std::vector<protocol::FormatCode> formats,
                           bool send_row_description)
    : out_(out), write_(write), formats_(std::move(formats)), send_row_description_(send_row_description) {}

void ResultStream::describe(const std::vector<planner::OutputColumn>& columns,
                            const std::optional<planner::CopyOptions>& copy_out) {
  columns_ = &columns;
  copy_out_ = copy_out;
  if (copy_out_) {
    const auto format = copy_out_->binary ? protocol::FormatCode::kBinary : protocol::FormatCode::kText;
    formats_.assign(columns_->size(), format);
  } else if (formats_.size() != columns_->size()) {
    // No portal formats (or Describe saw no columns): text.
    formats_.assign(columns_->size(), protocol::FormatCode::kText);
  }
}

void ResultStream::begin_once() {
  if (begun_) return;
  begun_ = true;
  if (!copy_out_) {
    if (send_row_description_) encode_row_description(out_, *columns_, formats_);
    return;
  }
  const auto overall = copy_out_->binary ? protocol::FormatCode::kBinary : protocol::FormatCode::kText;
  protocol::encode_copy_out_response(out_, overall, formats_);
  line_.clear();
  if (copy_out_->binary) {
    // As PostgreSQL sends it: the header goes with the first row (or the trailer).
    exec::append_copy_binary_header(line_);
  } else if (copy_out_->header != planner::CopyOptions::Header::kNone) {
    std::vector<std::string> names;
    for (const auto& column : *columns_) names.push_back(column.name);
    exec::append_copy_header(line_, names, *copy_out_);
    protocol::encode_copy_data(out_, line_);
    line_.clear();
  }
}

void ResultStream::rows(const exec::Chunk& chunk) {
  begin_once();
  if (copy_out_) {
    // One CopyData per row, as PostgreSQL sends them.
    for (std::size_t row = 0; row < chunk.size; ++row) {
      if (copy_out_->binary) {
        exec::append_copy_binary_row(line_, chunk, row);
      } else {
        exec::append_copy_row(line_, chunk, row, *copy_out_, scratch_);
      }
      protocol::encode_copy_data(out_, line_);
      line_.clear();
      write_if_full();
    }
    return;
  }
  protocol::RowEncoder encoder(out_);
  for (std::size_t row = 0; row < chunk.size; ++row) {
    try {
      encode_data_row(encoder, chunk, row, formats_);
    } catch (...) {
      // The error follows whole messages only.
      encoder.discard_partial_message();
      throw;
    }
    write_if_full();
  }
}

void ResultStream::end() {
  begin_once();
  if (copy_out_) {
    if (copy_out_->binary) {
      exec::append_copy_binary_trailer(line_);
      protocol::encode_copy_data(out_, line_);
      line_.clear();
    }
    protocol::encode_copy_done(out_);
  }
}

void ResultStream::notice(const std::string& message) {
  protocol::encode_notice_response(out_, SqlError("00000", message), protocol::Severity::kNotice);
  write_(out_);
}

void ResultStream::write_if_full() {
  if (out_.size() >= kStreamBufferBytes) write_(out_);
}

}  // namespace ptreedb::server
