// Fork-join helper for the divide-and-conquer tree algorithms: recursion forks
// onto oneTBB only above a grain size, where the work outweighs a task spawn.
#pragma once

#include <cstddef>
#include <utility>

#include <tbb/parallel_invoke.h>

namespace ptreedb::ptree {

// Below this many entries a subproblem runs sequentially (the P-Tree paper used ~100
// nodes; our per-node work is small, so a coarser grain wins).
inline constexpr std::size_t kParallelGrain = 2048;

template <class Left, class Right>
inline void fork_join(bool parallel, Left&& left, Right&& right) {
  if (parallel) {
    tbb::parallel_invoke(std::forward<Left>(left), std::forward<Right>(right));
  } else {
    left();
    right();
  }
}

}  // namespace ptreedb::ptree
