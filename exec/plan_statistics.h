// What EXPLAIN ANALYZE reports per operator: rows produced and when. The plan
// executor records into a PlanStatistics only while one is installed on its
// thread (ScopedPlanStatistics), so ordinary queries pay one pointer test per
// operator, nothing per row.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "planner/logical_plan.h"

namespace ptreedb::exec {

struct NodeStatistics {
  std::atomic<std::uint64_t> rows{0};
  std::atomic<std::uint32_t> loops{0};           // times the operator was run
  std::atomic<std::int64_t> first_row_ns{-1};    // since the operator started, first loop
  std::atomic<std::int64_t> total_ns{0};         // start to end, summed over loops
};

class PlanStatistics {
 public:
  // The node's counters, created on first use (thread-safe).
  NodeStatistics& of(const planner::PlanNode* node);
  // Null when the node never ran.
  const NodeStatistics* find(const planner::PlanNode* node) const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<const planner::PlanNode*, std::unique_ptr<NodeStatistics>> nodes_;
};

// The statistics plan executors created on this thread record into; null
// outside EXPLAIN ANALYZE.
PlanStatistics* active_plan_statistics();

// Installs `statistics` for this thread for the scope's lifetime, so every
// executor a statement creates (subqueries, DML sources) is measured.
class ScopedPlanStatistics {
 public:
  explicit ScopedPlanStatistics(PlanStatistics& statistics);
  ~ScopedPlanStatistics();
  ScopedPlanStatistics(const ScopedPlanStatistics&) = delete;
  ScopedPlanStatistics& operator=(const ScopedPlanStatistics&) = delete;

 private:
  PlanStatistics* previous_;
};

}  // namespace ptreedb::exec
