// The text pg_get_expr(adbin, adrelid) prints for a column default, as
// PostgreSQL 15 does: a quoted literal of a character or date/time column is
// canonicalized and carries its cast ('2024-01-01'::date, 'none'::text).
#pragma once

#include <string>

#include "storage/value/type_id.h"

namespace ptreedb::planner::catalog {

std::string default_expression_text(const std::string& default_sql, const value::SqlType& type);

}  // namespace ptreedb::planner::catalog
