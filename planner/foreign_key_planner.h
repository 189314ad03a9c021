// FOREIGN KEY / REFERENCES constraints: read from the parse tree into a
// definition by names, then resolved against the referencing table's schema
// and the world into a storage::ForeignKeySchema, with PostgreSQL's checks
// and errors (42830 no matching unique key, 42804 incompatible types, ...).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "storage/catalog/table_schema.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

struct ForeignKeyDefinition {
  std::string name;  // empty: PostgreSQL's default "<table>_<columns>_fkey"
  std::vector<std::string> columns;
  std::string referenced_table;
  std::vector<std::string> referenced_columns;  // empty: the referenced table's primary key
  storage::ForeignKeyAction on_delete = storage::ForeignKeyAction::kNoAction;
  bool match_full = false;
  bool validate_existing_rows = true;  // false for NOT VALID
};

// Reads a CONSTR_FOREIGN constraint; `column` is the column a column-level
// REFERENCES is written on (null for a table constraint). Options ptreedb
// does not implement (SET NULL, ON UPDATE CASCADE, DEFERRABLE, ...) throw 0A000.
ForeignKeyDefinition foreign_key_definition(const PgQuery__Constraint& constraint, const char* column);

// Resolves `definition` for `table` (the referencing table, which may be
// being created: a self-reference then resolves against it) in `world`.
// `existing` are the constraints the table already has (for default names).
storage::ForeignKeySchema resolve_foreign_key(const ForeignKeyDefinition& definition,
                                              const storage::TableSchema& table, const storage::World& world,
                                              const std::vector<storage::ForeignKeySchema>& existing);

}  // namespace ptreedb::planner
