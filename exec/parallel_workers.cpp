#include "exec/parallel_workers.h"

#include <algorithm>

#include <tbb/task_arena.h>

namespace ptreedb::exec {

int default_parallel_workers() { return std::max(0, tbb::info::default_concurrency() - 1); }

void run_with_parallel_workers(int workers, const std::function<void()>& body) {
  const int threads = std::max(1, workers + 1);
  if (threads >= tbb::this_task_arena::max_concurrency()) {
    body();
    return;
  }
  // One slot is the calling thread's: with `threads` == 1 nothing else joins.
  tbb::task_arena arena(threads, 1);
  arena.execute(body);
}

}  // namespace ptreedb::exec
