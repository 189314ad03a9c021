#include "server/session.h"

#include <array>
#include <cstdint>
#include <variant>

#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <spdlog/spdlog.h>

#include "server/copy_in.h"
#include "server/log_text.h"
#include "server/protocol/backend_messages.h"
#include "server/protocol/frontend_messages.h"
#include "server/session_activity.h"
#include "server/session_settings.h"
#include "server/simple_query.h"
#include "server/worker_pool.h"
#include "storage/sql_error.h"

namespace ptreedb::server {

namespace asio = boost::asio;

constexpr std::size_t kFlushThreshold = 64 * 1024;
using protocol::Frame;
using protocol::TransactionStatus;

Session::Session(asio::ip::tcp::socket socket, const ServerConfig& config,
                 const ServerSecurity& security, SessionRegistry& registry, txn::Database& database)
    : strand_(socket.get_executor()),
      stream_(std::move(socket)),
      commit_timer_(strand_),
      config_(config),
      security_(security),
      registry_(registry),
      database_(database) {}

Session::~Session() {
  release_startup_slot();
  if (control_) {
    // The session's temporary tables end with it.
    try {
      drop_temp_schema(control_->process_id, database_);
    } catch (...) {
      // A commit that cannot be written leaves them to the next restart, which never recovers them.
    }
    registry_.remove(control_->process_id);
  }
}

void Session::release_startup_slot() {
  if (holds_startup_slot_) registry_.end_startup();
  holds_startup_slot_ = false;
}

void Session::terminate() {
  terminating_ = true;
  // A weak reference: a handler left behind must not keep the session (and
  // its socket) alive after its coroutine has ended.
  asio::post(strand_, [weak = weak_from_this()] {
    if (auto self = weak.lock()) self->stream_.cancel();
  });
}

asio::awaitable<bool> Session::read_more() {
  if (terminating_) co_return false;
  std::array<char, 16384> chunk;
  boost::system::error_code error;
  std::size_t received = co_await stream_.read_some(asio::buffer(chunk), error);
  if (error) co_return false;
  framer_.feed(std::string_view(chunk.data(), received));
  co_return true;
}

asio::awaitable<void> Session::flush() {
  if (out_.empty()) co_return;
  ++state_.output_writes;
  boost::system::error_code error;
  co_await stream_.write_all(asio::buffer(out_), error);
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
    if (std::holds_alternative<protocol::SslRequest>(packet) && security_.tls && !stream_.tls()) {
      // Bytes sent before the handshake were not encrypted: taking them as
      // if they came through TLS would let a man in the middle inject them.
      if (framer_.buffered_bytes() != 0) {
        send_fatal(sqlstate::kProtocolViolation, "received unencrypted data after SSL request");
        co_return StartupOutcome::kClose;
      }
      // 'S', then the client starts the TLS handshake on the same connection.
      out_.push_back('S');
      co_await flush();
      if (!co_await stream_.start_tls(*security_.tls)) co_return StartupOutcome::kClose;
      continue;
    }
    if (std::holds_alternative<protocol::SslRequest>(packet) ||
        std::holds_alternative<protocol::GssEncRequest>(packet)) {
      // No TLS configured, no GSS encryption: 'N' tells the client to go on in plaintext.
      out_.push_back('N');
      co_await flush();
      continue;
    }
    if (auto* cancel = std::get_if<protocol::CancelRequest>(&packet)) {
      registry_.request_cancel(cancel->process_id, cancel->secret_key);
      co_return StartupOutcome::kClose;
    }
    auto& startup = std::get<protocol::StartupMessage>(packet);
    if (!holds_startup_slot_) {
      // Too many connections still authenticating; a CancelRequest above was
      // still honoured, as PostgreSQL does.
      send_fatal(sqlstate::kTooManyConnections, "sorry, too many clients already");
      co_return StartupOutcome::kClose;
    }
    state_.user = startup.user();
    state_.database = startup.database();
    if (startup.needs_protocol_negotiation()) {
      protocol::encode_negotiate_protocol_version(out_, protocol::kNewestSupportedMinorVersion,
                                                  startup.protocol_options);
    }
    framer_.begin_typed_messages();  // password and SASL responses are typed
    if (!co_await authenticate()) co_return StartupOutcome::kClose;
    // Authenticated: messages may now reach PostgreSQL's ordinary limits.
    framer_.end_authentication();
    if (state_.database != "postgres") {
      send_fatal("3D000", "database \"" + state_.database + "\" does not exist");
      co_return StartupOutcome::kClose;
    }
    control_ = registry_.admit();
    if (!control_) {
      send_fatal(sqlstate::kTooManyConnections, "sorry, too many clients already");
      co_return StartupOutcome::kClose;
    }
    state_.interrupt = &control_->interrupt;
    state_.control = control_.get();
    directory_ = std::make_unique<SessionDirectoryView>(registry_, control_->process_id);
    state_.directory = directory_.get();
    {
      std::lock_guard lock(control_->mutex);
      auto& activity = control_->activity;
      activity.user = state_.user;
      activity.client_addr = stream_.peer_address();
      activity.client_port = stream_.peer_port();
      activity.backend_start = activity.state_change = timestamp_now();
      activity.state = "idle";
      std::weak_ptr<Session> weak = shared_from_this();
      control_->terminate = [weak] {
        if (auto session = weak.lock()) session->terminate();
      };
    }
    try {
      initialize_settings(state_, startup.parameters);
      // Reported at startup as the authenticated role is.
      state_.settings["is_superuser"] = state_.setting_defaults["is_superuser"] = is_superuser_ ? "on" : "off";
    } catch (const SqlError& error) {
      send_fatal(error.sqlstate(), error.what());
      co_return StartupOutcome::kClose;
    }
    protocol::encode_authentication_ok(out_);
    encode_reported_settings(out_, state_);
    protocol::encode_backend_key_data(out_, control_->process_id, control_->secret_key);
    protocol::encode_ready_for_query(out_, state_.transaction_status);
    allow_commits_in_background();
    // Results stream from the statement's thread; a cancel, a timeout or
    // pg_terminate_backend ends a wait for a client that does not read.
    state_.write_to_client = [this](std::string& out) {
      ++state_.output_writes;
      stream_.write_blocking(out, [this] { exec::check_interrupt(state_.interrupt); });
    };
    co_return StartupOutcome::kReady;
  }
}

void Session::run_query(std::unique_ptr<SimpleQuery> query) {
  SessionFormats formats(state_);  // values are shown in the session's zone and DateStyle
  if (auto loader = query->run(state_, database_, out_)) {
    copy_loader_ = std::move(loader);
    paused_query_ = std::move(query);
    return;
  }
  if (query->awaiting_commit()) {
    committing_query_ = std::move(query);
    return;
  }
  ready_for_query();
}

asio::awaitable<void> Session::await_commit() {
  // The commit's callback (allow_commits_in_background) sets the flag, then
  // cancels the timer on this strand; a cancel left over from an earlier
  // commit only makes the loop look at the flag again.
  boost::system::error_code ignored;
  while (!commit_completed_->exchange(false)) {
    commit_timer_.expires_at(asio::steady_timer::time_point::max());
    co_await commit_timer_.async_wait(asio::redirect_error(asio::use_awaitable, ignored));
  }
}

void Session::allow_commits_in_background() {
  state_.commit_done = [weak = weak_from_this(), strand = strand_, completed = commit_completed_] {
    completed->store(true);
    asio::post(strand, [weak] {
      if (auto self = weak.lock()) self->commit_timer_.cancel();
    });
  };
}

bool Session::handle_copy_in_message(const Frame& frame) {
  switch (server::handle_copy_in_message(*copy_loader_, frame, out_)) {
    case CopyInStep::kMoreData:
      return true;
    case CopyInStep::kDone:
      copy_loader_.reset();
      // A Query message goes on with its next statement; an Execute's COPY
      // is followed by the client's Sync.
      if (paused_query_) run_query(std::move(paused_query_));
      return true;
    case CopyInStep::kFailed:
      copy_loader_.reset();
      if (!paused_query_) {
        extended_error_sent();
        return true;
      }
      paused_query_->abandon(state_);
      paused_query_.reset();
      if (state_.transaction) state_.transaction->mark_failed();
      state_.refresh_transaction_status();
      ready_for_query();
      return true;
    case CopyInStep::kClose:
      return false;
  }
  return false;
}

bool Session::handle_message(const Frame& frame) {
  // Reads and writes date/time values in the session's zone and DateStyle
  // (the settings are read again when a statement of the message changes them).
  SessionFormats formats(state_);
  if (copy_loader_) return handle_copy_in_message(frame);
  protocol::FrontendMessage message;
  try {
    message = protocol::decode_frontend_message(frame.type, frame.body);
  } catch (const SqlError& error) {
    // The frame itself was whole, so the stream is still in step: as in
    // PostgreSQL, a malformed Query (a NUL inside its text, say) is an
    // ERROR and the session goes on, and a malformed extended-protocol
    // message an ERROR that skips to Sync. Other messages stay fatal.
    switch (frame.type) {
      case protocol::frontend::kParse:
      case protocol::frontend::kBind:
      case protocol::frontend::kDescribe:
      case protocol::frontend::kExecute:
      case protocol::frontend::kClose:
        if (!skipping_to_sync_) extended_error(error);
        return true;
      case protocol::frontend::kQuery:
        break;
      default:
        throw;
    }
    skipping_to_sync_ = false;
    protocol::encode_error_response(out_, error);
    if (state_.transaction) state_.transaction->mark_failed();
    state_.refresh_transaction_status();
    ready_for_query();
    return true;
  }
  if (std::holds_alternative<protocol::Terminate>(message)) return false;
  if (std::holds_alternative<protocol::Sync>(message)) {
    skipping_to_sync_ = false;
    extended_.sync(state_, database_, out_);
    if (!extended_.awaiting_commit()) ready_for_query();  // else once committed
    return true;
  }
  if (auto* query = std::get_if<protocol::Query>(&message)) {
    skipping_to_sync_ = false;
    extended_.simple_query(state_, database_, out_);
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
  try {
    if (auto* parse = std::get_if<protocol::Parse>(&message)) {
      extended_.parse(std::move(*parse), state_, database_, out_);
    } else if (auto* bind = std::get_if<protocol::Bind>(&message)) {
      extended_.bind(*bind, state_, out_);
    } else if (auto* describe = std::get_if<protocol::Describe>(&message)) {
      extended_.describe(*describe, state_, out_);
    } else if (auto* execute = std::get_if<protocol::Execute>(&message)) {
      copy_loader_ = extended_.execute(*execute, state_, database_, out_);
    } else if (auto* close = std::get_if<protocol::Close>(&message)) {
      extended_.close(*close, state_, out_);
    } else {
      // Function calls and stray authentication messages: refused cleanly.
      throw SqlError(sqlstate::kFeatureNotSupported,
                     std::string("protocol message '") + frame.type + "' is not supported");
    }
  } catch (const SqlError& error) {
    extended_error(error);
  } catch (const std::bad_alloc&) {
    extended_error(SqlError("53200", "out of memory"));
  } catch (const std::exception& error) {
    // A bug, not the client's fault: report it without taking the server down.
    spdlog::error("internal error: {}", log_text(error.what()));
    extended_error(SqlError(sqlstate::kInternalError, error.what()));
  }
  return true;
}

void Session::finish_extended_commit() {
  SessionFormats formats(state_);
  const bool sync = extended_.awaiting_sync();
  try {
    extended_.finish_commit(state_, out_);
  } catch (const SqlError& error) {
    extended_error(error);
  }
  if (sync) ready_for_query();
}

void Session::extended_error(const SqlError& error) {
  protocol::encode_error_response(out_, error);
  extended_error_sent();
}

void Session::extended_error_sent() {
  // After an error in an extended-query sequence, the rest is skipped until
  // Sync, and an open transaction block fails (25P02 until ROLLBACK).
  if (state_.transaction) state_.transaction->mark_failed();
  state_.refresh_transaction_status();
  skipping_to_sync_ = true;
}

void Session::ready_for_query() {
  encode_changed_settings(out_, state_);
  protocol::encode_ready_for_query(out_, state_.transaction_status);
}

asio::awaitable<void> Session::run() {
  const std::string peer = stream_.peer_address();
  spdlog::debug("connection from {}", peer);
  try {
    // authentication_timeout: a client that has not finished startup in
    // time is dropped, as PostgreSQL does.
    asio::steady_timer startup_timer(stream_.network_executor());
    // Shared with the handler, which may run after startup (or this
    // coroutine) has ended: it must then do nothing.
    auto startup_state = std::make_shared<int>(0);  // 0 starting, 1 started, 2 timed out
    startup_timer.expires_after(std::chrono::seconds(config_.authentication_timeout_seconds));
    startup_timer.async_wait([self = shared_from_this(), startup_state](const boost::system::error_code& error) {
      if (error || *startup_state != 0) return;
      *startup_state = 2;
      self->stream_.cancel();
    });
    holds_startup_slot_ = registry_.begin_startup();
    StartupOutcome outcome = co_await startup();
    release_startup_slot();
    startup_timer.cancel();
    const bool startup_timed_out = *startup_state == 2;
    *startup_state = 1;
    if (startup_timed_out) {
      send_fatal("57014", "canceling authentication due to timeout");
      outcome = StartupOutcome::kClose;
    }
    if (outcome == StartupOutcome::kReady) {
      spdlog::debug("session {} for user {} from {}", control_->process_id, log_text(state_.user), peer);
      // idle_session_timeout: the timer lives on the session's strand (as
      // the socket does), so its handler never runs beside the coroutine and
      // can safely cancel the pending read.
      asio::steady_timer idle_timer(stream_.network_executor());
      bool idle_timed_out = false;
      // Each wait has its own number: a timer that fired just as data arrived
      // must not cancel a later read.
      std::uint64_t idle_wait = 0;
      bool open = true;
      while (open) {
        // Replies to pipelined messages go out together: the buffer is written
        // only when no complete message is waiting (or it has grown large).
        if (out_.size() >= kFlushThreshold) co_await flush();
        std::optional<Frame> frame;
        while (!(frame = framer_.next())) {
          co_await flush();
          // Outside a block idle_session_timeout applies, inside one
          // idle_in_transaction_session_timeout (its snapshot pins old worlds).
          const bool in_block = state_.transaction_status != TransactionStatus::kIdle;
          long long idle_ms = setting_milliseconds(
              state_, in_block ? "idle_in_transaction_session_timeout" : "idle_session_timeout");
          bool watch_idle = idle_ms > 0 && !copy_loader_;
          if (watch_idle) {
            idle_timer.expires_after(std::chrono::milliseconds(idle_ms));
            idle_timed_out = false;
            idle_timer.async_wait([this, &idle_timed_out, &idle_wait, wait = ++idle_wait](const boost::system::error_code& error) {
              if (error || wait != idle_wait) return;
              idle_timed_out = true;
              stream_.cancel();
            });
          }
          bool received = co_await read_more();
          if (watch_idle) {
            idle_timer.cancel();
            if (received) ++idle_wait;
          }
          if (!received) {
            if (terminating_) {
              send_fatal("57P01", "terminating connection due to administrator command");
            } else if (idle_timed_out && in_block) {
              send_fatal("25P03", "terminating connection due to idle-in-transaction timeout");
            } else if (idle_timed_out) {
              send_fatal("57P05", "terminating connection due to idle-session timeout");
            }
            open = false;
            break;
          }
        }
        if (open && terminating_) {
          send_fatal("57P01", "terminating connection due to administrator command");
          open = false;
        }
        if (open) {
          WorkerPool::BusyScope busy;  // a long statement lends its worker's place
          open = handle_message(*frame);
        }
        // A statement whose commit was submitted: this worker serves other
        // sessions until the batch is committed, then the query goes on.
        while (committing_query_ || extended_.awaiting_commit()) {
          co_await await_commit();
          WorkerPool::BusyScope busy;
          if (committing_query_) {
            run_query(std::move(committing_query_));
          } else {
            finish_extended_commit();
          }
        }
      }
    }
  } catch (const SqlError& error) {
    // Malformed bytes: say why, then drop only this connection.
    spdlog::info("closing connection from {}: {}", peer, log_text(error.what()));
    send_fatal(error.sqlstate(), error.what());
  } catch (const std::bad_alloc&) {
    send_fatal("53200", "out of memory");
  }
  if (terminating_) {
    // Ended by the server: a client that does not read (a result it stopped
    // reading fills the socket) is given a moment for the FATAL, not waited for.
    asio::steady_timer give_up(stream_.network_executor());
    give_up.expires_after(std::chrono::seconds(1));
    give_up.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
      if (!error) self->stream_.cancel();
    });
    co_await flush();
    give_up.cancel();
  } else {
    co_await flush();
  }
  stream_.close();
  spdlog::debug("connection from {} closed", peer);
}

}  // namespace ptreedb::server
