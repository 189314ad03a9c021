#include "server/protocol/message_framer.h"

#include <cstdint>

#include "server/protocol/frontend_messages.h"
#include "server/protocol/protocol_error.h"

namespace ptreedb::server::protocol {

namespace {

std::uint32_t load_big_endian_uint32(const char* bytes) {
  const auto* b = reinterpret_cast<const unsigned char*>(bytes);
  return (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) | (std::uint32_t{b[2]} << 8) |
         std::uint32_t{b[3]};
}

// Smaller bodies are copied, so the buffer keeps its capacity for the next
// messages.
constexpr std::size_t kMoveBodyAbove = 64 * 1024;

}  // namespace

void MessageFramer::feed(std::string_view bytes) {
  // Drop already returned bytes before growing, so the buffer stays about the
  // size of one message plus one read instead of the whole stream.
  if (read_offset_ > 0 && (read_offset_ == buffer_.size() || read_offset_ >= buffer_.size() / 2)) {
    buffer_.erase(0, read_offset_);
    read_offset_ = 0;
  }
  buffer_.append(bytes);
}

void MessageFramer::fail(const std::string& message) {
  failed_ = true;
  throw_protocol_violation(message);
}

std::optional<Frame> MessageFramer::next() {
  if (failed_) throw_protocol_violation("connection is unusable after an earlier protocol violation");

  const std::size_t available = buffered_bytes();
  const char* start = buffer_.data() + read_offset_;
  const std::size_t header_size = typed_ ? 5 : 4;
  if (available < header_size) return std::nullopt;

  Frame frame;
  std::size_t length = 0;  // the length word: body plus its own four bytes
  if (typed_) {
    frame.type = start[0];
    if (!is_frontend_message_type(frame.type)) {
      fail("invalid frontend message type " +
           std::to_string(static_cast<int>(static_cast<unsigned char>(frame.type))));
    }
    length = load_big_endian_uint32(start + 1);  // as unsigned: negatives become huge
    const std::size_t limit = !authenticated_ ? limits_.max_authentication_message_length
                              : frontend_message_may_be_large(frame.type) ? limits_.max_message_length
                                                                          : limits_.max_small_message_length;
    if (length < 4 || length > limit) fail("invalid message length");
  } else {
    length = load_big_endian_uint32(start);
    // At least the length word and the int32 request code or protocol version.
    if (length < 8 || length > limits_.max_startup_packet_length) fail("invalid length of startup packet");
  }

  const std::size_t frame_size = header_size - 4 + length;
  if (available < frame_size) return std::nullopt;
  if (read_offset_ == 0 && frame_size == buffer_.size() && frame_size > kMoveBodyAbove) {
    // A large message that is all the buffer holds becomes the body without
    // a second copy of it.
    buffer_.erase(0, header_size);
    frame.body = std::move(buffer_);
    buffer_ = std::string();
    return frame;
  }
  frame.body.assign(start + header_size, frame_size - header_size);
  read_offset_ += frame_size;
  return frame;
}

}  // namespace ptreedb::server::protocol
