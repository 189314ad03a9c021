#include "server/session.h"

#include <array>
#include <variant>

#include <boost/asio/read.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <spdlog/spdlog.h>

#include "server/copy_in.h"
#include "server/protocol/backend_messages.h"
#include "server/protocol/frontend_messages.h"
#include "server/simple_query.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

namespace asio = boost::asio;
using protocol::Frame;
using protocol::TransactionStatus;

namespace {

// Parameters every client is told at startup, as PostgreSQL 15 reports them.
void send_parameter_status(std::string& out, const SessionState& state) {
  for (const auto& [name, value] : state.settings) {
    protocol::encode_parameter_status(out, name, value);
  }
}

}  // namespace

Session::Session(asio::ip::tcp::socket socket, const ServerConfig& config,
                 SessionRegistry& registry, txn::Database& database)
    : socket_(std::move(socket)), config_(config), registry_(registry), database_(database) {}

Session::~Session() {
  if (control_) registry_.remove(control_->process_id);
}

asio::awaitable<bool> Session::read_more() {
  std::array<char, 16384> chunk;
  boost::system::error_code error;
  std::size_t received = co_await socket_.async_read_some(
      asio::buffer(chunk), asio::redirect_error(asio::use_awaitable, error));
  if (error) co_return false;
  framer_.feed(std::string_view(chunk.data(), received));
  co_return true;
}

asio::awaitable<void> Session::flush() {
  if (out_.empty()) co_return;
  boost::system::error_code error;
  co_await asio::async_write(socket_, asio::buffer(out_),
                             asio::redirect_error(asio::use_awaitable, error));
  out_.clear();
}

void Session::send_fatal(const std::string& sqlstate, const std::string& message) {
  protocol::ErrorFields fields;
  fields.severity = protocol::Severity::kFatal;
  fields.sqlstate = sqlstate;
  fields.message = message;
  protocol::encode_error_response(out_, fields);
}

asio::awaitable<Session::StartupOutcome> Session::startup() {
  for (;;) {
    std::optional<Frame> frame = framer_.next();
    if (!frame) {
      if (!co_await read_more()) co_return StartupOutcome::kClose;
      continue;
    }
    auto packet = protocol::decode_startup_packet(frame->body);
    if (std::holds_alternative<protocol::SslRequest>(packet) ||
        std::holds_alternative<protocol::GssEncRequest>(packet)) {
      // No TLS or GSS encryption yet: 'N' tells the client to go on in plaintext.
      out_.push_back('N');
      co_await flush();
      continue;
    }
    if (auto* cancel = std::get_if<protocol::CancelRequest>(&packet)) {
      registry_.request_cancel(cancel->process_id, cancel->secret_key);
      co_return StartupOutcome::kClose;
    }
    auto& startup = std::get<protocol::StartupMessage>(packet);
    state_.user = startup.user();
    state_.database = startup.database();
    if (startup.needs_protocol_negotiation()) {
      protocol::encode_negotiate_protocol_version(out_, protocol::kNewestSupportedMinorVersion,
                                                  startup.protocol_options);
    }
    if (state_.user != "postgres") {
      send_fatal("28000", "role \"" + state_.user + "\" does not exist");
      co_return StartupOutcome::kClose;
    }
    if (state_.database != "postgres") {
      send_fatal("3D000", "database \"" + state_.database + "\" does not exist");
      co_return StartupOutcome::kClose;
    }
    control_ = registry_.admit();
    if (!control_) {
      send_fatal(sqlstate::kTooManyConnections, "sorry, too many clients already");
      co_return StartupOutcome::kClose;
    }
    state_.settings = {
        {"application_name", std::string(startup.parameter("application_name").value_or(""))},
        {"client_encoding", "UTF8"},
        {"DateStyle", "ISO, MDY"},
        {"default_transaction_read_only", "off"},
        {"in_hot_standby", "off"},
        {"integer_datetimes", "on"},
        {"IntervalStyle", "postgres"},
        {"is_superuser", "on"},
        {"server_encoding", "UTF8"},
        {"server_version", "15.0"},
        {"session_authorization", state_.user},
        {"standard_conforming_strings", "on"},
        {"TimeZone", "UTC"},
    };
    protocol::encode_authentication_ok(out_);
    send_parameter_status(out_, state_);
    protocol::encode_backend_key_data(out_, control_->process_id, control_->secret_key);
    protocol::encode_ready_for_query(out_, state_.transaction_status);
    framer_.begin_typed_messages();
    co_return StartupOutcome::kReady;
  }
}

void Session::run_query(std::unique_ptr<SimpleQuery> query) {
  if (auto loader = query->run(state_, database_, out_)) {
    copy_loader_ = std::move(loader);
    paused_query_ = std::move(query);
    return;
  }
  protocol::encode_ready_for_query(out_, state_.transaction_status);
}

bool Session::handle_copy_in_message(const Frame& frame) {
  switch (server::handle_copy_in_message(*copy_loader_, frame, out_)) {
    case CopyInStep::kMoreData:
      return true;
    case CopyInStep::kDone:
      copy_loader_.reset();
      run_query(std::move(paused_query_));
      return true;
    case CopyInStep::kFailed:
      copy_loader_.reset();
      paused_query_.reset();
      if (state_.transaction) state_.transaction->mark_failed();
      state_.refresh_transaction_status();
      protocol::encode_ready_for_query(out_, state_.transaction_status);
      return true;
    case CopyInStep::kClose:
      return false;
  }
  return false;
}

bool Session::handle_message(const Frame& frame) {
  if (copy_loader_) return handle_copy_in_message(frame);
  auto message = protocol::decode_frontend_message(frame.type, frame.body);
  if (std::holds_alternative<protocol::Terminate>(message)) return false;
  if (std::holds_alternative<protocol::Sync>(message)) {
    skipping_to_sync_ = false;
    protocol::encode_ready_for_query(out_, state_.transaction_status);
    return true;
  }
  if (auto* query = std::get_if<protocol::Query>(&message)) {
    skipping_to_sync_ = false;
    run_query(std::make_unique<SimpleQuery>(std::move(query->sql)));
    return true;
  }
  if (std::holds_alternative<protocol::Flush>(message)) return true;
  if (skipping_to_sync_) return true;
  if (std::holds_alternative<protocol::CopyData>(message) ||
      std::holds_alternative<protocol::CopyDone>(message) ||
      std::holds_alternative<protocol::CopyFail>(message)) {
    return true;  // stray COPY messages outside COPY are ignored, as PostgreSQL does
  }
  // Extended query, function calls: refused cleanly; the rest of the sequence is
  // skipped until Sync, exactly as after any error in extended query mode.
  protocol::encode_error_response(
      out_, SqlError(sqlstate::kFeatureNotSupported,
                     std::string("protocol message '") + frame.type + "' is not supported yet"));
  skipping_to_sync_ = true;
  return true;
}

asio::awaitable<void> Session::run() {
  std::string peer;
  boost::system::error_code ignored;
  auto endpoint = socket_.remote_endpoint(ignored);
  if (!ignored) peer = endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
  spdlog::debug("connection from {}", peer);
  try {
    if (co_await startup() == StartupOutcome::kReady) {
      spdlog::debug("session {} for user {} from {}", control_->process_id, state_.user, peer);
      bool open = true;
      while (open) {
        co_await flush();
        std::optional<Frame> frame;
        while (!(frame = framer_.next())) {
          if (!co_await read_more()) {
            open = false;
            break;
          }
        }
        if (open) open = handle_message(*frame);
      }
    }
  } catch (const SqlError& error) {
    // Malformed bytes: say why, then drop only this connection.
    spdlog::info("closing connection from {}: {}", peer, error.what());
    send_fatal(error.sqlstate(), error.what());
  } catch (const std::bad_alloc&) {
    send_fatal("53200", "out of memory");
  }
  co_await flush();
  socket_.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  socket_.close(ignored);
  spdlog::debug("connection from {} closed", peer);
}

}  // namespace ptreedb::server
