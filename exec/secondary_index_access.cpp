#include "exec/secondary_index_access.h"

#include <algorithm>

#include "exec/key_range.h"

namespace ptreedb::exec {

std::optional<IndexAccess> choose_index_access(const storage::Table& table, const planner::BoundExpression& filter) {
  const storage::TableSchema& schema = table.schema();
  const storage::RowTree& rows = table.rows();
  std::optional<IndexAccess> best;
  std::size_t limit = rows.size() / kIndexFractionDivisor;
  for (std::size_t i = 0; i < schema.indexes().size(); ++i) {
    IndexAccess candidate;
    candidate.index = i;
    std::optional<KeyRange> range = index_key_range(schema, schema.indexes()[i], filter, &candidate.conditions);
    if (!range || range->high < range->low) continue;
    bool within = table.index(i).for_each_between(range->low, range->high, [&](const storage::RowKey&,
                                                                               const storage::KeySet& keys) {
      if (candidate.positions.size() + keys.size() > limit) return false;
      for (const auto& entry : keys) candidate.positions.push_back(rows.rank(entry.key));
      return true;
    });
    if (!within) continue;
    // Later indexes must hold strictly fewer rows: on a tie the first (often
    // the narrower) index wins.
    bool none_fewer = candidate.positions.empty();
    limit = none_fewer ? 0 : candidate.positions.size() - 1;
    best = std::move(candidate);
    if (none_fewer) break;
  }
  if (best) std::sort(best->positions.begin(), best->positions.end());
  return best;
}

}  // namespace ptreedb::exec
