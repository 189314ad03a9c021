#include "exec/scan_path.h"

#include "storage/table/table_keys.h"

namespace ptreedb::exec {

ScanPath choose_scan_path(const storage::Table& table, const planner::BoundExpression* filter, bool consider_index,
                          planner::IndexUse index_use) {
  ScanPath path;
  const storage::RowTree& tree = table.rows();
  path.count = tree.size();
  if (filter == nullptr) return path;
  path.range = primary_key_range(table.schema(), *filter);
  if (path.range) {
    // Two O(log n) walks, no nodes copied (a point lookup per UPDATE makes that count).
    auto [first, end] = entries_between(tree, *path.range);
    path.first = first;
    path.count = end - first;
  }
  // An index can only win where the primary-key range leaves more rows than
  // an index is ever used for (unless sequential scans are disabled).
  const bool selective_only = index_use != planner::IndexUse::kWhenever;
  if (consider_index && index_use != planner::IndexUse::kNever &&
      (!selective_only || path.count * kIndexFractionDivisor > tree.size())) {
    path.index = choose_index_access(table, *filter, selective_only);
    if (path.index && path.index->positions.size() >= path.count) path.index.reset();
  }
  return path;
}

}  // namespace ptreedb::exec
