// WITH RECURSIVE checked as PostgreSQL's parse_cte.c checks it, before any
// of its queries is planned: which queries refer to themselves, no mutual
// recursion between them, and each self-reference in a place where it can
// be read as the work table of a recursive union.
#pragma once

#include <vector>

#include <pg_query/pg_query.pb-c.h>

namespace ptreedb::planner {

// The queries of a WITH RECURSIVE list that refer to themselves (a name an
// inner WITH shadows is not a reference). Throws PostgreSQL's errors:
// 42712 for a name listed twice, 0A000 for mutual recursion, and for each
// self-referring query 42P19 unless it has the form `non-recursive term
// UNION [ALL] recursive term` with exactly one reference, in the recursive
// term, outside subqueries, outer joins' nullable sides, INTERSECT ALL and
// EXCEPT; 0A000 for ORDER BY, LIMIT, OFFSET, FOR UPDATE around its UNION,
// and for the SEARCH and CYCLE clauses.
std::vector<const PgQuery__CommonTableExpr*> check_recursive_with(const PgQuery__WithClause& with);

// A WITH query's SEARCH and CYCLE clauses, which are not implemented: the
// errors PostgreSQL reports for them first (columns not in the query's
// column list or named twice, generated column names already used, a side
// of the UNION that is not a SELECT, mark values of types that do not
// match), then 0A000 naming the clause.
[[noreturn]] void refuse_search_and_cycle(const PgQuery__CommonTableExpr& common, bool self_referring);

}  // namespace ptreedb::planner
