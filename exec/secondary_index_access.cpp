#include "exec/secondary_index_access.h"

#include <algorithm>

#include "exec/key_range.h"

namespace ptreedb::exec {

namespace {

// Appends the positions of the rows under `ranges` of the row tree; false
// (and stops) once there would be more than `limit`.
bool primary_key_positions(const storage::RowTree& rows, const std::vector<KeyRange>& ranges, std::size_t limit,
                           std::vector<std::size_t>& positions) {
  for (const KeyRange& range : ranges) {
    auto [first, end] = entries_between(rows, range);
    if (end <= first) continue;
    if (positions.size() + (end - first) > limit) return false;
    for (std::size_t position = first; position < end; ++position) positions.push_back(position);
  }
  return true;
}

// The same for ranges of a secondary index: each index key's rows, by their
// primary keys' positions.
bool index_positions(const storage::RowTree& rows, const storage::IndexTree& index,
                     const std::vector<KeyRange>& ranges, std::size_t limit, std::vector<std::size_t>& positions) {
  for (const KeyRange& range : ranges) {
    if (range.high < range.low) continue;
    bool within = index.for_each_between(range.low, range.high, [&](const storage::RowKey&,
                                                                    const storage::KeySet& keys) {
      if (positions.size() + keys.size() > limit) return false;
      for (const auto& entry : keys) positions.push_back(rows.rank(entry.key));
      return true;
    });
    if (!within) return false;
  }
  return true;
}

}  // namespace

std::optional<IndexAccess> choose_index_access(const storage::Table& table, const planner::BoundExpression& filter,
                                               bool selective_only) {
  const storage::TableSchema& schema = table.schema();
  const storage::RowTree& rows = table.rows();
  std::optional<IndexAccess> best;
  std::size_t limit = selective_only ? rows.size() / kIndexFractionDivisor : rows.size();
  // Takes `candidate` when it holds fewer rows than the best so far; later
  // candidates must then hold strictly fewer (on a tie the first wins).
  auto consider = [&](IndexAccess& candidate) {
    bool none = candidate.positions.empty();
    limit = none ? 0 : candidate.positions.size() - 1;
    best = std::move(candidate);
    return !none;
  };
  // The primary key's own points (`pk IN (...)`): a range on it is the
  // scan's own narrowing, tried before this.
  {
    IndexAccess candidate;
    candidate.index = IndexAccess::kPrimaryKey;
    std::optional<std::vector<KeyRange>> points = primary_key_points(schema, filter, &candidate.conditions);
    if (points && primary_key_positions(rows, *points, limit, candidate.positions) && !consider(candidate)) {
      return best;
    }
  }
  for (std::size_t i = 0; i < schema.indexes().size(); ++i) {
    IndexAccess candidate;
    candidate.index = i;
    const storage::IndexSchema& index = schema.indexes()[i];
    std::optional<std::vector<KeyRange>> ranges;
    if (std::optional<KeyRange> range = index_key_range(schema, index, filter, &candidate.conditions)) {
      ranges = std::vector<KeyRange>{std::move(*range)};
    } else {
      ranges = index_key_points(schema, index, filter, &candidate.conditions);
    }
    if (!ranges || !index_positions(rows, table.index(i), *ranges, limit, candidate.positions)) continue;
    if (!consider(candidate)) break;
  }
  if (best) std::sort(best->positions.begin(), best->positions.end());
  return best;
}

}  // namespace ptreedb::exec
