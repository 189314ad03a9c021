#include "exec/progressive_approximation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "exec/evaluate.h"
#include "exec/plan_executor.h"
#include "planner/approximate_aggregate.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::AggregateKind;

namespace {

thread_local ApproximationGoal current_goal;
thread_local ApproximationReport* current_report = nullptr;

// The estimate an error call goes with.
AggregateKind estimate_of(AggregateKind error) {
  switch (error) {
    case AggregateKind::kApproxCountError: return AggregateKind::kApproxCount;
    case AggregateKind::kApproxSumError: return AggregateKind::kApproxSum;
    default: return AggregateKind::kApproxAvg;
  }
}

bool is_error_call(AggregateKind kind) {
  return kind == AggregateKind::kApproxCountError || kind == AggregateKind::kApproxSumError ||
         kind == AggregateKind::kApproxAvgError;
}

// The same argument and FILTER: the estimate and the error of one expression.
bool same_arguments(const planner::AggregateCall& a, const planner::AggregateCall& b) {
  auto same = [](const std::optional<planner::BoundExpression>& x, const std::optional<planner::BoundExpression>& y) {
    return x.has_value() == y.has_value() && (!x || planner::same_expression(*x, *y));
  };
  return same(a.argument, b.argument) && same(a.filter, b.filter);
}

class ReportScope {
 public:
  explicit ReportScope(ApproximationReport* report) : previous_(current_report) { current_report = report; }
  ~ReportScope() { current_report = previous_; }
  ReportScope(const ReportScope&) = delete;
  ReportScope& operator=(const ReportScope&) = delete;

 private:
  ApproximationReport* previous_;
};

std::string percent_text(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.4g%%", value);
  return buffer;
}

}  // namespace

const ApproximationGoal& current_approximation_goal() { return current_goal; }

ApproximationGoalScope::ApproximationGoalScope(ApproximationGoal goal) : previous_(current_goal) { current_goal = goal; }
ApproximationGoalScope::~ApproximationGoalScope() { current_goal = previous_; }

void ApproximationReport::note(double relative_error) {
  std::lock_guard lock(mutex_);
  worst_ = worst_ ? std::max(*worst_, relative_error) : relative_error;
}

std::optional<double> ApproximationReport::worst() const {
  std::lock_guard lock(mutex_);
  return worst_;
}

ApproximationReport* current_approximation_report() { return current_report; }

void report_approximation(ApproximationReport& report, const std::vector<planner::AggregateCall>& calls,
                          std::size_t key_count, const Chunk& rows) {
  for (std::size_t e = 0; e < calls.size(); ++e) {
    if (!is_error_call(calls[e].kind)) continue;
    for (std::size_t a = 0; a < calls.size(); ++a) {
      const planner::AggregateCall& estimate = calls[a];
      if (estimate.kind != estimate_of(calls[e].kind) || !same_arguments(estimate, calls[e])) {
        continue;
      }
      const Vector& values = rows.columns[key_count + a];
      const Vector& errors = rows.columns[key_count + e];
      for (std::size_t row = 0; row < rows.size; ++row) {
        if (values.is_null(row) || errors.is_null(row)) continue;
        double magnitude = std::abs(values.doubles[row]);
        // An estimate of zero with any error has no relative precision.
        double relative = magnitude > 0 ? errors.doubles[row] / magnitude : (errors.doubles[row] > 0 ? INFINITY : 0);
        report.note(relative);
      }
    }
  }
}

bool runs_progressively(const planner::SelectPlan& plan, const ApproximationGoal& goal) {
  return goal.relative_error > 0 && planner::approximated_sample_percentage(*plan.root) != nullptr;
}

std::vector<Chunk> run_progressively(const planner::SelectPlan& plan, const ApproximationGoal& goal, RowSink* sink,
                                     std::vector<std::string>& notices) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  double percent = 0;
  {
    PlanExecutor executor;
    Chunk one_row;
    one_row.size = 1;
    Vector value = evaluate(executor.prepare(*planner::approximated_sample_percentage(*plan.root)), one_row);
    if (value.is_null(0)) throw SqlError("2202H", "TABLESAMPLE parameter cannot be null");
    percent = static_cast<double>(static_cast<float>(value.doubles[0]));
  }
  auto tell = [&](const std::string& message) {
    if (sink != nullptr) {
      sink->notice(message);
    } else {
      notices.push_back(message);
    }
  };
  for (int round = 1;; ++round) {
    const auto round_start = Clock::now();
    ApproximationReport report;
    std::vector<Chunk> rows;
    {
      ReportScope scope(&report);
      planner::PlanPtr root = planner::with_sample_percentage(plan.root, percent);
      PlanExecutor executor;
      rows = executor.collect(*root);
    }
    double elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    std::optional<double> worst = report.worst();
    std::string message = "approximation round " + std::to_string(round) + ": " + percent_text(percent) +
                          " sample, largest relative error " +
                          (worst ? percent_text(100 * *worst) : std::string("not computed")) + " (target " +
                          percent_text(100 * goal.relative_error) + "), " +
                          std::to_string(static_cast<long long>(elapsed_ms)) + " ms";
    // Done: precise enough, the whole table read, out of time, or nothing
    // to judge by (no estimate has its error beside it).
    const bool precise = worst && *worst <= goal.relative_error;
    const bool out_of_time = goal.time_limit_ms > 0 && elapsed_ms >= goal.time_limit_ms;
    if (precise || percent >= 100 || out_of_time || !worst) {
      tell(message + (percent >= 100 ? ": the whole table was read" : precise ? ": done" :
                      out_of_time ? ": time limit reached" : ": no approx_*_error beside its estimate"));
      return rows;
    }
    // The interval narrows with the square root of the sample size: aim a
    // little past the target, and at least double the sample.
    double ratio = std::isfinite(*worst) ? *worst / goal.relative_error : 4;
    double next = std::min(100.0, std::max({2 * percent, percent * ratio * ratio * 1.2, 0.001}));
    if (goal.time_limit_ms > 0) {
      // A round's time grows with its sample: take no more than the time
      // left allows, judged by this round's pace.
      double round_ms = std::max(0.05, std::chrono::duration<double, std::milli>(Clock::now() - round_start).count());
      next = std::min(next, percent * 0.8 * (goal.time_limit_ms - elapsed_ms) / round_ms);
      if (next <= percent) {
        tell(message + ": time limit reached");
        return rows;
      }
    }
    tell(message + ": sampling " + percent_text(next) + " next");
    percent = next;
  }
}

}  // namespace ptreedb::exec
