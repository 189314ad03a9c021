// PlanExecutor::run_partitions, for the operators that run tasks in
// parallel (kept out of plan_executor.h: oneTBB's templates are heavy).
#pragma once

#include <algorithm>
#include <cstddef>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "exec/operators/task_session_values.h"
#include "exec/plan_executor.h"

namespace ptreedb::exec {

template <class Task>
void PlanExecutor::run_partitions(std::size_t count, const Task& unzoned_task) {
  const TaskSessionValues session_values;
  const auto task = [&](std::size_t index) {
    TaskSessionValues::Installed installed(session_values);
    unzoned_task(index);
  };
  if (ordered_ == nullptr) {
    tbb::parallel_for(std::size_t{0}, count, task);
    return;
  }
  // Twice the threads per wave keeps them busy at the wave's end.
  const auto wave = static_cast<std::size_t>(std::max(2, 2 * tbb::this_task_arena::max_concurrency()));
  for (std::size_t first = 0; first < count; first += wave) {
    const std::size_t last = std::min(count, first + wave);
    ordered_->begin_parallel();
    try {
      tbb::parallel_for(first, last, task);
    } catch (...) {
      ordered_->end_parallel();
      throw;
    }
    ordered_->end_parallel();
    ordered_->complete_below(last);
  }
}

}  // namespace ptreedb::exec
