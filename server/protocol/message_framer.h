// Splits a byte stream into protocol messages. The session feeds it whatever
// chunks the socket returns; the framer hands back complete messages in order.
//
// Two framings exist. Before the session accepts a StartupMessage, packets are
// untyped: an int32 length that counts itself, then the body. Afterwards every
// message is a type byte, an int32 length that counts itself but not the type
// byte, then the body. The session switches with begin_typed_messages().
//
// Lengths are checked as soon as the header is complete, before any memory is
// set aside for the body; bodies are buffered only as their bytes actually
// arrive, so a client claiming a huge message cannot make us allocate it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ptreedb::server::protocol {

struct FramerLimits {
  // Upper bounds on the length word (which counts itself), PostgreSQL's: the
  // large bound (PQ_LARGE_MESSAGE_LIMIT) applies to message types that carry
  // user data (Query, Parse, Bind, CopyData, FunctionCall); the small bound
  // (PQ_SMALL_MESSAGE_LIMIT) to all other types; startup packets have
  // MAX_STARTUP_PACKET_LENGTH. Until the client has authenticated, every typed
  // message (password, SASL) is held to PG_MAX_AUTH_TOKEN_LENGTH: a client
  // that has proven nothing never makes the server buffer more.
  std::size_t max_message_length = (std::size_t{1} << 30) - 1;
  std::size_t max_small_message_length = 10000;
  std::size_t max_startup_packet_length = 10000;
  std::size_t max_authentication_message_length = 65535;
};

struct Frame {
  char type = '\0';  // '\0' for an untyped startup-phase packet
  std::string body;  // the bytes after the length word
};

class MessageFramer {
 public:
  explicit MessageFramer(FramerLimits limits = {}) : limits_(limits) {}

  // Appends bytes received from the client.
  void feed(std::string_view bytes);

  // The next complete message, or nullopt when more bytes are needed. Throws
  // SqlError 08P01 for an invalid length or unknown type byte; the stream cannot
  // be resynchronized after that, so every later call throws again.
  std::optional<Frame> next();

  // Called once the session has accepted a StartupMessage: typed messages
  // follow, held to the authentication limit until end_authentication().
  void begin_typed_messages() { typed_ = true; }
  void end_authentication() { authenticated_ = true; }
  bool in_startup_phase() const { return !typed_; }

  // Bytes received but not yet returned in a Frame. The session checks this is
  // zero after an SSLRequest: plaintext sent before the TLS handshake must be
  // rejected, not later read as if it had been encrypted.
  std::size_t buffered_bytes() const { return buffer_.size() - read_offset_; }

  // True when a message has started arriving but is not complete, e.g. to tell
  // a clean disconnect from one in the middle of a message.
  bool has_partial_message() const { return buffered_bytes() != 0; }

 private:
  [[noreturn]] void fail(const std::string& message);

  FramerLimits limits_;
  std::string buffer_;
  std::size_t read_offset_ = 0;  // start of the first unreturned byte in buffer_
  bool typed_ = false;
  bool authenticated_ = false;
  bool failed_ = false;
};

}  // namespace ptreedb::server::protocol
