#include "server/client_stream.h"

#include <cerrno>
#include <stdexcept>

#include <poll.h>
#include <sys/socket.h>

#include <boost/asio/read.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>

#include "storage/sql_error.h"

namespace ptreedb::server {

namespace asio = boost::asio;

asio::awaitable<std::size_t> ClientStream::read_some(asio::mutable_buffer buffer,
                                                     boost::system::error_code& error) {
  auto token = asio::redirect_error(asio::use_awaitable, error);
  if (tls_) co_return co_await tls_->async_read_some(buffer, token);
  co_return co_await socket_.async_read_some(buffer, token);
}

asio::awaitable<void> ClientStream::write_all(asio::const_buffer buffer,
                                              boost::system::error_code& error) {
  auto token = asio::redirect_error(asio::use_awaitable, error);
  if (tls_) {
    co_await asio::async_write(*tls_, buffer, token);
  } else {
    co_await asio::async_write(socket_, buffer, token);
  }
}

void ClientStream::write_blocking(std::string& out, const std::function<void()>& between_waits) {
  const auto connection_lost = [] { throw SqlError("08006", "connection to client lost"); };
  if (tls_) {
    boost::system::error_code error;
    asio::write(*tls_, asio::buffer(out), error);
    if (error) connection_lost();
    out.clear();
    return;
  }
  const int fd = socket_.native_handle();
  std::size_t sent = 0;
  try {
    while (sent < out.size()) {
      ssize_t n = ::send(fd, out.data() + sent, out.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0) {
        sent += static_cast<std::size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        pollfd wanted{fd, POLLOUT, 0};
        ::poll(&wanted, 1, 50);
        between_waits();
        continue;
      }
      connection_lost();
    }
  } catch (...) {
    out.erase(0, sent);
    throw;
  }
  out.clear();
}

asio::awaitable<bool> ClientStream::start_tls(asio::ssl::context& context) {
  tls_ = std::make_unique<asio::ssl::stream<asio::ip::tcp::socket&>>(socket_, context);
  boost::system::error_code error;
  co_await tls_->async_handshake(asio::ssl::stream_base::server,
                                 asio::redirect_error(asio::use_awaitable, error));
  co_return !error;
}

std::string ClientStream::peer_address() const {
  boost::system::error_code error;
  auto endpoint = socket_.remote_endpoint(error);
  return error ? std::string() : endpoint.address().to_string();
}

int ClientStream::peer_port() const {
  boost::system::error_code error;
  auto endpoint = socket_.remote_endpoint(error);
  return error ? -1 : endpoint.port();
}

void ClientStream::cancel() {
  boost::system::error_code ignored;
  socket_.cancel(ignored);
}

void ClientStream::close() {
  boost::system::error_code ignored;
  socket_.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  socket_.close(ignored);
}

std::unique_ptr<asio::ssl::context> make_tls_context(const std::string& cert_file,
                                                     const std::string& key_file) {
  auto context = std::make_unique<asio::ssl::context>(asio::ssl::context::tls_server);
  context->set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                       asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                       asio::ssl::context::no_tlsv1_1);
  boost::system::error_code error;
  context->use_certificate_chain_file(cert_file, error);
  if (error) throw std::runtime_error("could not load server certificate file \"" + cert_file + "\": " + error.message());
  context->use_private_key_file(key_file, asio::ssl::context::pem, error);
  if (error) throw std::runtime_error("could not load private key file \"" + key_file + "\": " + error.message());
  return context;
}

}  // namespace ptreedb::server
