// One client connection: the protocol v3 state machine from the startup packet
// to Terminate, run as one Asio coroutine. Protocol errors end only this
// connection; SQL errors end only the statement.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>

#include <utility>  // boost 1.74 awaitable.hpp uses std::exchange without it

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/client_stream.h"
#include "server/config.h"
#include "server/extended_query.h"
#include "server/protocol/message_framer.h"
#include "server/server_security.h"
#include "server/session_directory_view.h"
#include "server/session_registry.h"
#include "server/session_state.h"
#include "server/simple_query.h"
#include "txn/database.h"

namespace ptreedb::server {

class Session : public std::enable_shared_from_this<Session> {
 public:
  // `socket`'s executor is the session's strand: its coroutine, timers and
  // commit completions all run there.
  Session(boost::asio::ip::tcp::socket socket, const ServerConfig& config,
          const ServerSecurity& security, SessionRegistry& registry, txn::Database& database);
  ~Session();

  boost::asio::awaitable<void> run();
  // From any thread (server shutdown): the session ends at its next wait for
  // the client, sending FATAL 57P01. (Its running statement is cancelled
  // through the registry.)
  void terminate();

 private:
  enum class StartupOutcome { kReady, kClose };

  boost::asio::awaitable<StartupOutcome> startup();
  // Client authentication after the startup packet (session_auth.cpp): the
  // matching rule's method, run to the end; false (with a FATAL queued, or
  // none when the client hung up) when the client may not go on.
  boost::asio::awaitable<bool> authenticate();
  // The next 'p' message's body; nullopt when the client hung up.
  boost::asio::awaitable<std::optional<std::string>> read_authentication_response();
  boost::asio::awaitable<bool> authenticate_cleartext(const std::string& secret);
  boost::asio::awaitable<bool> authenticate_md5(const std::string& secret);
  boost::asio::awaitable<bool> authenticate_scram(const std::string& secret);
  boost::asio::awaitable<bool> read_more();  // false at end of stream
  boost::asio::awaitable<void> flush();
  // Handles one typed message; false when the connection should close.
  bool handle_message(const protocol::Frame& frame);
  // Runs (or resumes) a Query message; ReadyForQuery follows unless it paused
  // at a COPY FROM STDIN.
  void run_query(std::unique_ptr<SimpleQuery> query);
  // A message received while COPY FROM STDIN is in progress.
  bool handle_copy_in_message(const protocol::Frame& frame);
  void send_fatal(const std::string& sqlstate, const std::string& message);
  void extended_error(const SqlError& error);
  // The same after the error response was already sent (a failed COPY).
  void extended_error_sent();
  // ParameterStatus for settings that changed, then ReadyForQuery.
  void ready_for_query();
  // Statements' commits are submitted and awaited here instead of holding the worker.
  void allow_commits_in_background();
  boost::asio::awaitable<void> await_commit();
  // An Execute's or Sync's awaited commit is done: its answer (and a Sync's ReadyForQuery).
  void finish_extended_commit();

  boost::asio::any_io_executor strand_;
  ClientStream stream_;
  boost::asio::steady_timer commit_timer_;  // cancelled when a submitted commit is done
  // Set by the committing thread when the submitted commit is done: a session
  // that finds it set does not wait at all (a batch it led itself).
  std::shared_ptr<std::atomic<bool>> commit_completed_ = std::make_shared<std::atomic<bool>>(false);
  std::unique_ptr<SimpleQuery> committing_query_;  // awaits its statement's commit
  const ServerConfig& config_;
  const ServerSecurity& security_;
  SessionRegistry& registry_;
  txn::Database& database_;
  std::shared_ptr<SessionControl> control_;
  std::unique_ptr<SessionDirectoryView> directory_;
  protocol::MessageFramer framer_;
  std::string out_;
  SessionState state_;
  ExtendedQuery extended_;
  bool is_superuser_ = false;  // of the authenticated role
  // After an error in an extended-query sequence, messages are skipped until Sync.
  bool skipping_to_sync_ = false;
  // During COPY FROM STDIN: where the data goes, and the Query message to
  // resume after it (none for an Execute's COPY, which ends at Sync).
  std::unique_ptr<exec::CopyLoader> copy_loader_;
  std::unique_ptr<SimpleQuery> paused_query_;
  // Set by terminate() from any thread at once, so a message that arrives
  // before the posted cancel runs is refused rather than answered.
  std::atomic<bool> terminating_{false};
  // Held from the connection's start until it authenticated (or ended).
  bool holds_startup_slot_ = false;
  // The client hung up (or the read was cancelled) while authenticating.
  bool client_gone_ = false;
  void release_startup_slot();
};

}  // namespace ptreedb::server
