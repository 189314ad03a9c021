// The direction an ORDER BY item asks for: ASC, DESC, or USING < / USING >
// (PostgreSQL's ordering operators; any other operator is 42809).
#pragma once

#include <pg_query/pg_query.pb-c.h>

namespace ptreedb::planner {

bool sort_is_descending(const PgQuery__SortBy& sort);

}  // namespace ptreedb::planner
