// CHECK constraints in the planner: an expression checked and bound as
// PostgreSQL's cookConstraint does it (over the table's columns only, no
// subqueries or aggregates, boolean), the name PostgreSQL would generate for
// it, and a table's constraints bound for the statements that write rows.
#pragma once

#include <set>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "planner/bound_expression.h"
#include "storage/catalog/table_schema.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

// One CHECK bound over the table's columns (column i is input column i).
struct BoundCheck {
  std::string name;
  BoundExpression condition;
};

// The expression bound over `columns`; 0A000 for a subquery, 42803 for an
// aggregate, 42P20 for a window function, 42703 for an unknown column,
// 42804 when it is not boolean.
BoundExpression bind_check_expression(const std::vector<storage::ColumnSchema>& columns, const std::string& table,
                                      const PgQuery__Node* expression);

// Every constraint name in the world (PostgreSQL's constraint names are
// unique in a schema when it generates them).
std::set<std::string> constraint_names(const storage::World& world);

// The catalog entry for CHECK (`expression`) of table `table` with columns
// `columns`: the expression checked and kept as SQL text, the columns it
// reads, and its name: `given`, or as PostgreSQL's ChooseConstraintName
// makes it ("<table>_<column>_check" when it reads one column, else
// "<table>_check", numbered past names in `taken`). `existing` are the
// table's constraints (a given name must not repeat one: 42710).
storage::CheckConstraintSchema make_check_constraint(const std::vector<storage::ColumnSchema>& columns,
                                                     const std::string& table, const PgQuery__Node* expression,
                                                     const std::string& given, const std::set<std::string>& taken,
                                                     const std::set<std::string>& existing);

// The same for ALTER TABLE ADD CONSTRAINT, whose expression the plan keeps as SQL text.
storage::CheckConstraintSchema make_check_constraint(const storage::TableSchema& table,
                                                     const std::string& expression_sql, const std::string& given,
                                                     const std::set<std::string>& taken);

// Names of the table's constraints (a given CHECK name must differ from them).
std::set<std::string> table_constraint_names(const storage::TableSchema& schema);

// A table's checks bound for a write, in name order.
std::vector<BoundCheck> bind_table_checks(const storage::TableSchema& schema);

// A check's SQL with column `from` of table `table` named `to` (ALTER TABLE
// RENAME COLUMN), references qualified by the table's name included.
std::string rename_column_in_check(const std::string& expression_sql, const std::string& table, const std::string& from,
                                   const std::string& to);

// Refuses NOT VALID and NO INHERIT (0A000), which ptreedb does not keep.
void check_check_constraint_clauses(const PgQuery__Constraint& constraint);

}  // namespace ptreedb::planner
