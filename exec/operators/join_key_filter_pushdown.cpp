// Key filters from hash joins down to the scans of their streamed sides
// (exec/join_key_filter.h): which scan column carries the join's key
// unchanged, and the registry the scans read their filters from.
#include "exec/plan_executor.h"

#include <algorithm>
#include <optional>

namespace ptreedb::exec {

using planner::ExprKind;
using planner::JoinKind;
using planner::PlanNode;
using planner::PlanPtr;

namespace {

// A hashed side with more keys than this gets no filter (its size would
// rival the data it filters).
constexpr std::size_t kMaxFilterKeys = std::size_t{1} << 25;

struct ScanColumn {
  const PlanNode* scan;
  std::size_t column;
};

// The scan whose column reaches `node`'s output column `column` row for row,
// where dropping a scan row only drops the output rows made from it: through
// filters, plain column projections, and either side of inner joins (the
// probe side of left, semi, anti and mark joins). Not through a node other
// parents share (it also runs for them), a scan with a LIMIT of its own, or
// anything that aggregates, sorts or combines rows.
std::optional<ScanColumn> scan_column_below(const PlanPtr& start, std::size_t column) {
  const PlanPtr* node = &start;
  while (true) {
    if (!*node || node->use_count() > 1) return std::nullopt;
    const PlanNode& current = **node;
    if (const auto* scan = std::get_if<planner::ScanNode>(&current.op)) {
      if (scan->key_order_limit || column >= scan->table->schema().columns().size()) return std::nullopt;
      return ScanColumn{&current, column};
    }
    if (const auto* filter = std::get_if<planner::FilterNode>(&current.op)) {
      node = &filter->input;
      continue;
    }
    if (const auto* project = std::get_if<planner::ProjectNode>(&current.op)) {
      if (column >= project->expressions.size() || project->expressions[column].kind != ExprKind::kColumn) {
        return std::nullopt;
      }
      column = project->expressions[column].column;
      node = &project->input;
      continue;
    }
    if (const auto* join = std::get_if<planner::JoinNode>(&current.op)) {
      std::size_t probe_width = join->probe->types.size();
      if (join->kind == JoinKind::kFull) return std::nullopt;
      if (column < probe_width) {
        node = &join->probe;
        continue;
      }
      if (join->kind != JoinKind::kInner) return std::nullopt;
      column -= probe_width;
      node = &join->build;
      continue;
    }
    return std::nullopt;
  }
}

bool integer_key(const planner::BoundExpression& key) {
  return key.kind == ExprKind::kColumn && physical_of(key.type.id) == Physical::kInt;
}

}  // namespace

PlanExecutor::KeyFilterGuard PlanExecutor::push_key_filter(const PlanPtr& streamed,
                                                          const std::vector<planner::BoundExpression>& streamed_keys,
                                                          const std::vector<planner::BoundExpression>& hashed_keys,
                                                          const Chunk& hashed_rows) {
  if (hashed_rows.size > kMaxFilterKeys) return {};
  for (std::size_t k = 0; k < streamed_keys.size() && k < hashed_keys.size(); ++k) {
    if (!integer_key(streamed_keys[k]) || !integer_key(hashed_keys[k])) continue;
    std::optional<ScanColumn> target = scan_column_below(streamed, streamed_keys[k].column);
    if (!target) continue;
    auto filter = std::make_shared<const JoinKeyFilter>(hashed_rows.columns[hashed_keys[k].column]);
    const JoinKeyFilter* identity = filter.get();
    std::lock_guard lock(key_filters_mutex_);
    key_filters_[target->scan].push_back(ScanKeyFilter{target->column, std::move(filter)});
    return KeyFilterGuard(this, target->scan, identity);
  }
  return {};
}

std::vector<ScanKeyFilter> PlanExecutor::key_filters_for(const PlanNode& scan) {
  std::lock_guard lock(key_filters_mutex_);
  auto found = key_filters_.find(&scan);
  return found == key_filters_.end() ? std::vector<ScanKeyFilter>{} : found->second;
}

PlanExecutor::KeyFilterGuard::~KeyFilterGuard() {
  if (executor_ == nullptr) return;
  std::lock_guard lock(executor_->key_filters_mutex_);
  auto found = executor_->key_filters_.find(scan_);
  if (found == executor_->key_filters_.end()) return;
  auto& filters = found->second;
  filters.erase(std::remove_if(filters.begin(), filters.end(),
                               [&](const ScanKeyFilter& pushed) { return pushed.filter.get() == filter_; }),
                filters.end());
  if (filters.empty()) executor_->key_filters_.erase(found);
}

}  // namespace ptreedb::exec
