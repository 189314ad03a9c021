// CREATE TABLE ... (LIKE source [{INCLUDING | EXCLUDING} option ...]): what
// the new table copies from a table, as PostgreSQL's
// transformTableLikeClause copies it. Column names, types and NOT NULL
// always; defaults, identity (a new sequence with the source's options),
// CHECK constraints (names kept) and indexes (primary key, unique and plain,
// named for the new table) when included. Foreign keys are never copied.
#pragma once

#include <optional>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "planner/sequence_options_clause.h"
#include "storage/catalog/table_schema.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

// Positions are the copied columns' own (0 = the source's first column).
struct CopiedTableParts {
  std::vector<storage::ColumnSchema> columns;
  // Per column: INCLUDING IDENTITY's options for the column's new sequence.
  std::vector<std::optional<SequenceOptionChanges>> identity_sequences;
  std::vector<storage::CheckConstraintSchema> checks;
  std::vector<std::size_t> primary_key;
  std::vector<storage::IndexSchema> indexes;  // names left for the new table to choose
};

CopiedTableParts copy_table_like(const PgQuery__TableLikeClause& like, const storage::World& world);

}  // namespace ptreedb::planner
