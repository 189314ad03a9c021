// The worker pool: a worker that blocks for its commit, or stays busy with
// one statement, lends its place, so the other sessions' work goes on even
// with a single worker.
#include "server/worker_pool.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include <boost/asio/post.hpp>

using namespace ptreedb;

namespace {

bool wait_for(const std::atomic<bool>& flag, std::chrono::seconds limit) {
  auto deadline = std::chrono::steady_clock::now() + limit;
  while (!flag.load()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

}  // namespace

TEST_CASE("a worker blocked for its commit lends its place to another thread", "[server]") {
  server::WorkerPool pool(1);
  pool.start();
  std::atomic<bool> other_ran{false}, blocked_done{false};
  boost::asio::post(pool.context(), [&] {
    // What BatchCommitter::commit does around its wait.
    auto* observer = txn::CommitWaitObserver::current();
    REQUIRE(observer != nullptr);
    observer->waiting();
    // Waits for work queued behind it on the only worker.
    boost::asio::post(pool.context(), [&] { other_ran = true; });
    CHECK(wait_for(other_ran, std::chrono::seconds(10)));
    observer->woken();
    blocked_done = true;
  });
  CHECK(wait_for(blocked_done, std::chrono::seconds(20)));
  CHECK(pool.threads_started() >= 2);
  pool.finish();
}

TEST_CASE("a worker busy with a long statement is stood in for", "[server]") {
  server::WorkerPool pool(1);
  pool.start();
  std::atomic<bool> short_ran{false}, long_done{false};
  boost::asio::post(pool.context(), [&] {
    server::WorkerPool::BusyScope busy;
    boost::asio::post(pool.context(), [&] { short_ran = true; });
    // Busy (not blocked in anything the pool sees) until the short one ran.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!short_ran.load() && std::chrono::steady_clock::now() < deadline) {
    }
    long_done = true;
  });
  CHECK(wait_for(long_done, std::chrono::seconds(20)));
  CHECK(short_ran.load());
  pool.finish();
}

TEST_CASE("surplus threads park when the lent place comes back, and the pool finishes", "[server]") {
  server::WorkerPool pool(2);
  pool.start();
  std::atomic<int> ran{0};
  for (int round = 0; round < 20; ++round) {
    std::promise<void> finished;
    boost::asio::post(pool.context(), [&] {
      auto* observer = txn::CommitWaitObserver::current();
      observer->waiting();
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      observer->woken();
      ++ran;
      finished.set_value();
    });
    finished.get_future().wait();
  }
  CHECK(ran == 20);
  // Spares are reused: far fewer threads than rounds.
  CHECK(pool.threads_started() <= 6);
  pool.finish();
}
