// Online approximate aggregation. With the session's approximate_error_target
// set, a query whose approximate aggregates (planner/approximate_aggregate.h)
// read a TABLESAMPLE BERNOULLI table runs in rounds: each round draws a
// larger sample, until every estimate's 95% interval is within the target
// relative to the estimate, the whole table was read, or
// approximate_time_limit has passed. Each round is reported to the client as
// a NOTICE while the query runs; the last round's rows are the answer.
//
// An estimate counts when the query also asks for its error: the
// approx_*_error call over the same argument beside approx_*.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "exec/row_sink.h"
#include "exec/vector.h"
#include "planner/logical_plan.h"

namespace ptreedb::exec {

struct ApproximationGoal {
  double relative_error = 0;  // 0: the online mode is off
  double time_limit_ms = 0;   // 0: no limit
};

// The statement's goal (this thread's), set by the session per statement.
const ApproximationGoal& current_approximation_goal();
class ApproximationGoalScope {
 public:
  explicit ApproximationGoalScope(ApproximationGoal goal);
  ~ApproximationGoalScope();
  ApproximationGoalScope(const ApproximationGoalScope&) = delete;
  ApproximationGoalScope& operator=(const ApproximationGoalScope&) = delete;

 private:
  ApproximationGoal previous_;
};

// What one round's aggregations found: the largest relative error among the
// estimates whose error they computed beside them. Aggregations report from
// any thread.
class ApproximationReport {
 public:
  void note(double relative_error);
  // nullopt: no estimate had its error beside it.
  std::optional<double> worst() const;

 private:
  mutable std::mutex mutex_;
  std::optional<double> worst_;
};

// The report this thread's executors give to (set by run_progressively).
ApproximationReport* current_approximation_report();

// Called by an aggregation with its finished rows (keys, then one column per
// call): notes each approx_* estimate's relative error when its
// approx_*_error is among `calls`.
void report_approximation(ApproximationReport& report, const std::vector<planner::AggregateCall>& calls,
                          std::size_t key_count, const Chunk& rows);

// Whether `plan` runs in rounds under `goal`.
bool runs_progressively(const planner::SelectPlan& plan, const ApproximationGoal& goal);

// Runs the rounds and returns the last one's rows. Each round's NOTICE goes
// to `sink` at once when there is one, else into `notices`.
std::vector<Chunk> run_progressively(const planner::SelectPlan& plan, const ApproximationGoal& goal, RowSink* sink,
                                     std::vector<std::string>& notices);

}  // namespace ptreedb::exec
