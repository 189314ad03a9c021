// The SQL text CREATE VIEW stores for a view's query. PostgreSQL expands a
// view's "*" into the columns that exist when the view is created, so a
// column added to a table later does not appear in the view; the stored text
// therefore lists those columns instead of "*" (qualified by their FROM item).
#pragma once

#include <string>

#include <pg_query/pg_query.pb-c.h>

#include "storage/world/world.h"

namespace ptreedb::planner {

// The deparsed text of `query` (a SELECT node), with the "*" and "t.*" items
// of its select lists replaced by the columns they stand for in `world`.
// Forms whose columns it cannot name (NATURAL/USING joins, ...) keep their "*".
std::string view_query_text(const PgQuery__Node& query, const storage::World& world);

}  // namespace ptreedb::planner
