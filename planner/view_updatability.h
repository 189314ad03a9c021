// Whether PostgreSQL would write through a view by itself (its automatically
// updatable views): a view that is not is refused as PostgreSQL refuses it
// (55000, with its reason), one that is only lacks the rewrite here (0A000).
#pragma once

#include <optional>
#include <string>

namespace ptreedb::planner {

// PostgreSQL's view_query_is_auto_updatable reason (its DETAIL text) why a
// view over `query_sql` cannot be written through, or none when it can.
std::optional<std::string> view_not_auto_updatable_reason(const std::string& query_sql);

}  // namespace ptreedb::planner
