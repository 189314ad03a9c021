// PostgreSQL's planner method settings that ptreedb's planner has a choice
// for. As in PostgreSQL they discourage a method rather than forbid it: a
// plan still uses it where nothing else can answer. The others (enable_hashagg,
// enable_sort, enable_mergejoin, the parallel and cost settings, ...) are
// accepted and shown but leave nothing to choose: ptreedb has one method for
// what they govern (docs/compatibility.md).
#pragma once

#include <cstdint>

namespace ptreedb::planner {

// How a scan with a filter may read through an index (exec/scan_path.h).
enum class IndexUse : std::uint8_t {
  kWhenSelective,  // when its range holds few enough rows (the default)
  kNever,          // enable_indexscan = off: the table's own key range only
  kWhenever,       // enable_seqscan = off: whenever an index bounds the filter
};

struct PlannerMethods {
  IndexUse index_use = IndexUse::kWhenSelective;
  bool key_lookup_joins = true;  // enable_nestloop: joins that look keys up in a tree
};

// The installed session's settings (the defaults when none is installed).
PlannerMethods current_planner_methods();

}  // namespace ptreedb::planner
