// A client connection's byte stream: a TCP socket, upgraded in place to TLS
// after SSLRequest when the server has a certificate. The session reads and
// writes through this and never sees which one it is.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include <utility>  // boost 1.74 awaitable.hpp uses std::exchange without it

#include <boost/asio/awaitable.hpp>
#include <boost/asio/buffer.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>

namespace ptreedb::server {

class ClientStream {
 public:
  explicit ClientStream(boost::asio::ip::tcp::socket socket) : socket_(std::move(socket)) {}
  // The network context's executor (where the socket's readiness is watched).
  boost::asio::any_io_executor network_executor() { return socket_.get_executor(); }

  // Bytes read (0 with `error` set at end of stream or failure).
  boost::asio::awaitable<std::size_t> read_some(boost::asio::mutable_buffer buffer,
                                                boost::system::error_code& error);
  boost::asio::awaitable<void> write_all(boost::asio::const_buffer buffer,
                                         boost::system::error_code& error);
  // Writes `out` from the calling thread (a statement streaming its result),
  // erasing what was sent. While the client's socket is full it waits in
  // short slices and calls `between_waits`, which may throw (a cancelled
  // statement); the bytes not yet sent then stay in `out`, whole messages
  // or not, for the session to send later. Throws SqlError 08006 when the
  // connection is gone. (Through TLS the write waits for the client, as
  // PostgreSQL's does, and only a failed connection ends it.)
  void write_blocking(std::string& out, const std::function<void()>& between_waits);
  // Runs the server side of the TLS handshake; false when it failed.
  boost::asio::awaitable<bool> start_tls(boost::asio::ssl::context& context);
  bool tls() const { return tls_ != nullptr; }
  // The peer's IP address as text, empty when unknown.
  std::string peer_address() const;
  int peer_port() const;
  // Cancels the pending read or write (it completes with operation_aborted).
  void cancel();
  // Closes the socket (without waiting for a TLS close_notify reply, which a
  // client that has gone away would never send).
  void close();

 private:
  boost::asio::ip::tcp::socket socket_;
  std::unique_ptr<boost::asio::ssl::stream<boost::asio::ip::tcp::socket&>> tls_;
};

// The server's TLS context from a PEM certificate (chain) and private key;
// throws std::runtime_error when they cannot be loaded.
std::unique_ptr<boost::asio::ssl::context> make_tls_context(const std::string& cert_file,
                                                            const std::string& key_file);

}  // namespace ptreedb::server
