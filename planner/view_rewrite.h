// Views keep their queries as SQL text (naming tables and columns), so
// renaming a relation or column a view uses means rewriting that text, as
// PostgreSQL's views (stored by object identity) follow renames by themselves.
#pragma once

#include <optional>
#include <string>

namespace ptreedb::planner {

// `query_sql` with every FROM reference to relation `from` naming `to`,
// aliased as `from` where it had no alias, so qualified column references
// keep resolving. None when a WITH query of that name makes it unsafe.
std::optional<std::string> rename_relation_in_query(const std::string& query_sql, const std::string& from,
                                                    const std::string& to);

// `query_sql` with column `from` of relation `relation` named `to`, in every
// query block reading that relation; select list items keep their output
// names ("b AS a"). Best effort: the caller plans the result to confirm it.
std::optional<std::string> rename_column_in_query(const std::string& query_sql, const std::string& relation,
                                                  const std::string& from, const std::string& to);

}  // namespace ptreedb::planner
