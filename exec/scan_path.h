// How a scan with a filter reaches its rows: the whole row tree, the stretch
// of it under the filter's primary-key range, or the rows under a secondary
// index's range when that holds fewer rows than the primary-key range (a
// range as wide as `id > 0` does not hide an index on `g = 3`). The scan,
// the sample scan and EXPLAIN all choose through here.
#pragma once

#include <cstddef>
#include <optional>

#include "exec/key_range.h"
#include "exec/secondary_index_access.h"
#include "planner/bound_expression.h"
#include "planner/planner_methods.h"
#include "storage/table/table.h"

namespace ptreedb::exec {

struct ScanPath {
  std::optional<KeyRange> range;  // the primary-key range the filter allows
  std::size_t first = 0;          // its rows' positions in the row tree
  std::size_t count = 0;
  std::optional<IndexAccess> index;  // set: read these positions instead
};

// `filter` (may be null) must have its constants folded. With
// `consider_index` false, only the primary-key range is taken; `index_use`
// is the planner's reading of enable_indexscan and enable_seqscan.
ScanPath choose_scan_path(const storage::Table& table, const planner::BoundExpression* filter,
                          bool consider_index = true, planner::IndexUse index_use = planner::IndexUse::kWhenSelective);

}  // namespace ptreedb::exec
