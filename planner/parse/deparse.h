// Parse tree -> SQL text, through libpg_query's deparser. Used to keep
// expressions the catalog stores as text, such as column defaults.
#pragma once

#include <string>

#include <pg_query/pg_query.pb-c.h>

namespace ptreedb::planner {

// The SQL text of one expression node.
std::string deparse_expression(const PgQuery__Node* expression);

// The SQL text of one statement node (a view's query, kept as text).
std::string deparse_statement(const PgQuery__Node* statement);

}  // namespace ptreedb::planner
