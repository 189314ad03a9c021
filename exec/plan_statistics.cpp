#include "exec/plan_statistics.h"

namespace ptreedb::exec {

namespace {

thread_local PlanStatistics* active_statistics = nullptr;

}  // namespace

NodeStatistics& PlanStatistics::of(const planner::PlanNode* node) {
  std::lock_guard lock(mutex_);
  auto& slot = nodes_[node];
  if (!slot) slot = std::make_unique<NodeStatistics>();
  return *slot;
}

const NodeStatistics* PlanStatistics::find(const planner::PlanNode* node) const {
  std::lock_guard lock(mutex_);
  auto found = nodes_.find(node);
  return found == nodes_.end() ? nullptr : found->second.get();
}

PlanStatistics* active_plan_statistics() { return active_statistics; }

ScopedPlanStatistics::ScopedPlanStatistics(PlanStatistics& statistics) : previous_(active_statistics) {
  active_statistics = &statistics;
}

ScopedPlanStatistics::~ScopedPlanStatistics() { active_statistics = previous_; }

}  // namespace ptreedb::exec
