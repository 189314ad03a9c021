// The listener: accepts connections on the configured address and runs each
// as a Session coroutine on a strand of the worker pool (worker_pool.h),
// until SIGINT or SIGTERM. The listener's own context has the acceptor,
// signals and timers; sessions never run on it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <utility>  // boost 1.74 awaitable.hpp uses std::exchange without it

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include "server/config.h"
#include "server/server_security.h"
#include "server/session_registry.h"
#include "server/worker_pool.h"
#include "txn/database.h"

namespace ptreedb::server {

class Session;

class Server {
 public:
  explicit Server(ServerConfig config);

  // Opens the port and serves until a signal arrives or stop() is called.
  void run();
  void stop();
  std::uint16_t port() const { return acceptor_.local_endpoint().port(); }
  txn::Database& database() { return database_; }

 private:
  void listen();
  boost::asio::awaitable<void> accept_loop();
  // Every session not yet destroyed (expired entries are pruned on accept).
  std::vector<std::weak_ptr<Session>> live_sessions();
  void await_sessions_end();
  // Logs the committer's counters every minute in which something committed.
  void schedule_commit_stats_log(std::uint64_t commits_logged);

  ServerConfig config_;
  ServerSecurity security_;
  SessionRegistry registry_;
  txn::Database database_;
  boost::asio::io_context io_;  // the listener, signals and timers
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::signal_set signals_;
  boost::asio::steady_timer shutdown_timer_{io_};
  boost::asio::steady_timer stats_timer_{io_};
  std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> network_work_{
      io_.get_executor()};
  WorkerPool workers_;  // runs the sessions; finished before the database goes
  // Commits the batches a worker hands on (BatchCommitter::set_dispatcher),
  // so no lane waits for a device flush while it has other sessions.
  boost::asio::thread_pool committer_thread_{1};
  std::mutex sessions_mutex_;
  std::vector<std::weak_ptr<Session>> sessions_;
  std::atomic<bool> stopping_{false};
  // Shared with the shutdown watchdog thread, which may outlive the server.
  struct ShutdownState {
    std::mutex mutex;
    std::condition_variable changed;
    bool stopped = false;  // run() has finished
  };
  std::shared_ptr<ShutdownState> shutdown_ = std::make_shared<ShutdownState>();
};

}  // namespace ptreedb::server
