// The text pg_get_constraintdef prints for a CHECK constraint, as PostgreSQL
// 15's ruleutils deparses the stored expression: "CHECK (x > 0)" in the
// pretty form psql's \d asks for, "CHECK ((x > 0))" otherwise; literals carry
// their types ('a'::text, 1::numeric), IN lists read x = ANY (ARRAY[...]).
#pragma once

#include <string>

#include "storage/catalog/table_schema.h"

namespace ptreedb::planner::catalog {

std::string check_constraint_definition(const storage::TableSchema& table, const storage::CheckConstraintSchema& check,
                                        bool pretty);

}  // namespace ptreedb::planner::catalog
