// max_parallel_workers_per_gather's arena: a statement run with N workers sees
// at most N + 1 threads in its parallel algorithms, and 0 runs everything on
// the calling thread.
#include "exec/parallel_workers.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

using namespace ptreedb;

namespace {

// The threads a parallel loop ran on.
std::set<std::thread::id> threads_of_a_parallel_loop() {
  std::mutex mutex;
  std::set<std::thread::id> threads;
  tbb::parallel_for(0, 20000, [&](int) {
    volatile double spin = 0;
    for (int i = 0; i < 2000; ++i) spin = spin + i;
    std::lock_guard lock(mutex);
    threads.insert(std::this_thread::get_id());
  });
  return threads;
}

}  // namespace

TEST_CASE("no workers: every task runs on the calling thread") {
  std::set<std::thread::id> threads;
  int concurrency = 0;
  exec::run_with_parallel_workers(0, [&] {
    concurrency = tbb::this_task_arena::max_concurrency();
    threads = threads_of_a_parallel_loop();
  });
  CHECK(concurrency == 1);
  CHECK(threads == std::set<std::thread::id>{std::this_thread::get_id()});
}

TEST_CASE("as many workers as the machine has: the default arena") {
  int concurrency = 0;
  exec::run_with_parallel_workers(exec::default_parallel_workers(),
                                  [&] { concurrency = tbb::this_task_arena::max_concurrency(); });
  CHECK(concurrency == tbb::info::default_concurrency());
  CHECK(exec::default_parallel_workers() == std::max(0, tbb::info::default_concurrency() - 1));
}

TEST_CASE("a statement's error leaves the arena") {
  CHECK_THROWS_AS(exec::run_with_parallel_workers(0, [] { throw std::runtime_error("boom"); }), std::runtime_error);
}
