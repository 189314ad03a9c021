// Access path through a secondary index (or the primary key's points): when a scan's filter bounds an
// index's leading columns and few enough rows lie in that range, the scan
// reads just those rows, found by position in the row tree, instead of the
// whole table. The index tree holds, per index key, the set of its rows'
// primary keys (storage/table/table.h).
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "planner/bound_expression.h"
#include "storage/table/table.h"

namespace ptreedb::exec {

struct IndexAccess {
  static constexpr std::size_t kPrimaryKey = static_cast<std::size_t>(-1);
  std::size_t index = 0;  // position among the schema's indexes, or kPrimaryKey
  // The filter's conjuncts that bound the index key (EXPLAIN's Index Cond).
  std::vector<const planner::BoundExpression*> conditions;
  std::vector<std::size_t> positions;  // the rows' positions in the row tree, ascending
};

// Looking rows up costs several times reading them in order, so an index is
// used only while its range holds at most this fraction of the table.
inline constexpr std::size_t kIndexFractionDivisor = 8;

// The index whose range holds the fewest rows, when one holds at most
// 1/kIndexFractionDivisor of them; nullopt when no index's leading column is
// bounded. An index's range comes from equalities and a range on its columns
// (exec/key_range.h), or from an IN list (or OR of equalities) on its first
// column, as do the primary key's points (its ranges are the scan's own). Walks each candidate's range at most that far, so choosing costs
// at most a fraction of the scan it may replace. `filter` must have its
// constants folded (parameters and stable functions replaced by values).
// With `selective_only` false (enable_seqscan off) an index is taken however
// many rows its range holds.
std::optional<IndexAccess> choose_index_access(const storage::Table& table, const planner::BoundExpression& filter,
                                               bool selective_only = true);

}  // namespace ptreedb::exec
