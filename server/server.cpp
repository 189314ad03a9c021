#include "server/server.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <spdlog/spdlog.h>

#include "server/session.h"
#include "server/stat_commit_view.h"

namespace ptreedb::server {

namespace asio = boost::asio;
using asio::ip::tcp;

Server::Server(ServerConfig config)
    : config_(std::move(config)),
      security_(ServerSecurity::from_config(config_)),
      registry_(config_.max_connections),
      database_(txn::CommitterOptions{std::chrono::microseconds(config_.commit_batch_window_us),
                                      config_.commit_batch_max}),
      acceptor_(io_),
      signals_(io_, SIGINT, SIGTERM),
      // Two workers per core by default: under analytic load the OLTP
      // sessions then keep their share of the cores beside the query's
      // parallel threads (TPC-HC, docs/benchmarks.md).
      workers_(config_.workers != 0 ? config_.workers : 2 * std::max(1u, std::thread::hardware_concurrency())) {
  // A session alone on its lane commits its batch itself, at once (no thread
  // switch); otherwise, and for every batch that queued while another was
  // being committed, the committer thread does, and the lanes go on serving
  // their sessions during the flush (which formed the next batch).
  database_.committer().set_dispatcher(
      [this](std::function<void()> task) { asio::post(committer_thread_, std::move(task)); },
      [this] { return workers_.may_block_lane(); });
}

void Server::listen() {
  tcp::endpoint endpoint(asio::ip::make_address(config_.listen_address), config_.port);
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(tcp::acceptor::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
}

void Server::stop() {
  if (stopping_.exchange(true)) return;
  registry_.cancel_all();  // running statements end now, not when they finish
  asio::post(io_, [this] {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
    signals_.cancel(ignored);
    stats_timer_.cancel();
    // Sessions end at their next wait for the client; when the last one has
    // gone, the listener's threads and then the workers run out of work.
    for (auto& weak : live_sessions()) {
      if (auto session = weak.lock()) session->terminate();
    }
    await_sessions_end();
  });
  // A statement that never reaches an interruption check must not keep the
  // process alive: everything acknowledged is in the log already.
  std::thread([state = shutdown_] {
    std::unique_lock lock(state->mutex);
    if (!state->changed.wait_for(lock, std::chrono::seconds(15), [&] { return state->stopped; })) {
      spdlog::error("sessions did not end within 15 s of shutdown; exiting");
      spdlog::shutdown();
      std::_Exit(1);
    }
  }).detach();
}

void Server::schedule_commit_stats_log(std::uint64_t commits_logged) {
  stats_timer_.expires_after(std::chrono::seconds(60));
  stats_timer_.async_wait([this, commits_logged](const boost::system::error_code& error) {
    if (error) return;
    std::uint64_t commits = database_.commit_stats().read().commits;
    if (commits != commits_logged) spdlog::info("{}", commit_stats_log_line(database_));
    schedule_commit_stats_log(commits);
  });
}

void Server::await_sessions_end() {
  // The network threads keep running (held by network_work_) until every
  // session has sent its goodbye and closed.
  if (live_sessions().empty()) {
    network_work_.reset();
    return;
  }
  shutdown_timer_.expires_after(std::chrono::milliseconds(5));
  shutdown_timer_.async_wait([this](const boost::system::error_code&) { await_sessions_end(); });
}

std::vector<std::weak_ptr<Session>> Server::live_sessions() {
  std::lock_guard lock(sessions_mutex_);
  std::erase_if(sessions_, [](const std::weak_ptr<Session>& weak) { return weak.expired(); });
  return sessions_;
}

asio::awaitable<void> Server::accept_loop() {
  for (;;) {
    boost::system::error_code error;
    // The socket, the session's coroutine and its timers share one strand:
    // they run on the lane's worker (or its stand-in), never two at once.
    asio::io_context& lane = workers_.context();
    auto strand = asio::make_strand(lane);
    tcp::socket socket(co_await acceptor_.async_accept(strand, asio::redirect_error(asio::use_awaitable, error)));
    if (error) {
      if (!acceptor_.is_open()) co_return;
      spdlog::warn("accept failed: {}", error.message());
      continue;
    }
    socket.set_option(tcp::no_delay(true), error);
    auto session = std::make_shared<Session>(std::move(socket), config_, security_, registry_, database_);
    std::weak_ptr<Session> weak = session;
    live_sessions();  // prunes ended sessions
    {
      std::lock_guard lock(sessions_mutex_);
      sessions_.push_back(session);
    }
    workers_.session_started(lane);
    asio::co_spawn(strand, [session]() -> asio::awaitable<void> { co_await session->run(); },
                   [this, &lane](const std::exception_ptr&) { workers_.session_ended(lane); });
    session.reset();  // the coroutine owns it now
    if (auto live = weak.lock(); live && stopping_) live->terminate();
  }
}

void Server::run() {
  // The port opens only now, after recovery: a client that can connect finds
  // every acknowledged commit, and a server that cannot start never answers.
  listen();
  signals_.async_wait([this](const boost::system::error_code& error, int signal_number) {
    if (error) return;
    spdlog::info("received signal {}, shutting down", signal_number);
    stop();
  });
  asio::co_spawn(io_, accept_loop(), asio::detached);
  schedule_commit_stats_log(0);
  spdlog::info("ptreedb listening on {}:{} (data directory {}, TLS {}, authentication {})",
               config_.listen_address, port(), config_.data_dir, security_.tls ? "on" : "off",
               config_.hba_file.empty() ? "trust" : config_.hba_file);

  workers_.start();
  unsigned threads = std::max(config_.threads, 1u);
  std::vector<std::thread> pool;
  for (unsigned i = 1; i < threads; ++i) pool.emplace_back([this] { io_.run(); });
  io_.run();
  for (auto& thread : pool) thread.join();
  workers_.finish();  // every session has ended: the workers run out of work
  committer_thread_.join();
  {
    std::lock_guard lock(shutdown_->mutex);
    shutdown_->stopped = true;
  }
  shutdown_->changed.notify_all();
  spdlog::info("{}", commit_stats_log_line(database_));
  spdlog::info("ptreedb stopped");
}

}  // namespace ptreedb::server
