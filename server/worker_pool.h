// The threads that run sessions: a few per core (Server picks the count). Each
// worker owns a lane, one io_context whose sessions (each coroutine on a strand
// of it) it serves alone: it waits for their sockets and runs their handlers
// itself, so a message is answered without waking another thread, and no lock
// is shared between workers. A session waiting for its commit holds no thread.
//
// A worker that blocks (a commit waited for in place) or has been running one
// statement for long lends its place: another thread (a parked spare, or a
// new one) runs its lane meanwhile, and when the first is free again the
// surplus thread parks. So long analytic queries never stall short ones.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "txn/batch_committer.h"

namespace ptreedb::server {

class WorkerPool {
 public:
  // `workers`: threads running sessions when none is blocked (at least 1).
  explicit WorkerPool(unsigned workers);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // A lane's io_context for new work: the calling worker's own lane, or from
  // elsewhere (a new session) the next lane in turn.
  boost::asio::io_context& context();
  unsigned workers() const { return static_cast<unsigned>(lanes_.size()); }
  void start();
  // Lets the threads end once no work is left (every session closed), and joins them.
  void finish();

  // Marks the calling worker busy with one statement: if it stays busy
  // longer than the pool's patience, another thread takes its place.
  class BusyScope {
   public:
    BusyScope();
    ~BusyScope();
    BusyScope(const BusyScope&) = delete;
    BusyScope& operator=(const BusyScope&) = delete;

   private:
    struct Slot* slot_;
  };

  // Sessions on the pool; `lane` is the context() the session's strand was made on.
  void session_started(boost::asio::io_context& lane);
  void session_ended(boost::asio::io_context& lane);
  // Whether the calling thread may block for a device flush: it is no
  // worker, or its lane has no other session to stall meanwhile.
  bool may_block_lane() const;

  // Threads created so far (spares included), for tests and the log.
  std::size_t threads_started() const { return threads_started_.load(); }

 private:
  friend struct Slot;
  struct Lane {
    boost::asio::io_context context;
    std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work;
    std::atomic<int> runners{0};  // threads running its handlers and not blocked (1 wanted)
    std::atomic<int> sessions{0};
  };
  Lane& lane_of(boost::asio::io_context& context);
  void run_thread(std::shared_ptr<struct Slot> slot);
  // The lane stops counting the calling thread as its runner: another one is found.
  void lend_place(Lane& lane);
  void take_place_back(Lane& lane);
  void add_runner(Lane& lane);
  void watch();  // the watchdog: lends the places of long-busy workers

  std::vector<std::unique_ptr<Lane>> lanes_;  // one per worker
  std::atomic<unsigned> next_lane_{0};
  std::atomic<std::size_t> threads_started_{0};

  std::mutex mutex_;  // guards everything below
  std::condition_variable spare_wake_;
  int spares_ = 0;               // parked threads
  std::deque<Lane*> wanted_;     // lanes a spare is asked to run
  bool finishing_ = false;
  std::list<std::shared_ptr<struct Slot>> slots_;
  std::list<std::thread> threads_;
  std::condition_variable watch_wake_;
  std::thread watchdog_;
};

}  // namespace ptreedb::server
