// Fork-join helpers for the divide-and-conquer tree algorithms: recursion forks
// onto oneTBB only above a grain size, where the work outweighs a task spawn.
#pragma once

#include <cstddef>
#include <utility>

#ifdef PTREEDB_TSAN
#include <thread>
#else
#include <tbb/parallel_invoke.h>
#endif

namespace ptreedb::ptree {

// Below this many entries a subproblem runs sequentially (the P-Tree paper used ~100
// nodes; our per-node work is small, so a coarser grain wins).
inline constexpr std::size_t kParallelGrain = 2048;

template <class Left, class Right>
inline void fork_join(bool parallel, Left&& left, Right&& right) {
  if (!parallel) {
    left();
    right();
    return;
  }
#ifdef PTREEDB_TSAN
  // ThreadSanitizer cannot see the synchronization inside the uninstrumented
  // libtbb, so sanitizer builds fork real threads, whose start and join it sees:
  // races between the two halves are still reported, none are invented.
  std::thread forked(std::forward<Left>(left));
  right();
  forked.join();
#else
  tbb::parallel_invoke(std::forward<Left>(left), std::forward<Right>(right));
#endif
}

// Calls body(begin, end) on disjoint pieces covering [begin, end), in parallel.
template <class Body>
inline void parallel_for_range(std::size_t begin, std::size_t end, std::size_t grain,
                               const Body& body) {
  if (end - begin <= grain) {
    if (begin < end) body(begin, end);
    return;
  }
  std::size_t mid = begin + (end - begin) / 2;
  fork_join(true, [&] { parallel_for_range(begin, mid, grain, body); },
            [&] { parallel_for_range(mid, end, grain, body); });
}

}  // namespace ptreedb::ptree
