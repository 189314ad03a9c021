// max_parallel_workers_per_gather: how many threads besides the session's own
// may work on one statement. By default a statement uses every core; a
// session that sets fewer workers runs its statements in a oneTBB arena that
// small (0: the statement runs on the session's thread alone).
#pragma once

#include <functional>

namespace ptreedb::exec {

// The machine's cores less the session's own thread (the setting's default).
int default_parallel_workers();

// Runs `body` with at most `workers` threads joining the session's thread in
// its parallel algorithms; directly when the machine has no more than that.
void run_with_parallel_workers(int workers, const std::function<void()>& body);

}  // namespace ptreedb::exec
