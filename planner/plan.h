// What the planner hands the executor for each kind of statement.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "planner/bound_expression.h"
#include "planner/check_constraint.h"
#include "planner/ddl_plan.h"
#include "planner/logical_plan.h"
#include "storage/catalog/table_schema.h"
#include "storage/sequence/sequence_definition.h"
#include "storage/table/table.h"

namespace ptreedb::planner {

struct OutputColumn {
  std::string name;
  value::SqlType type;
  std::uint32_t table_oid = 0;        // for RowDescription, when a plain column
  std::int16_t column_number = 0;
  // A bare NULL or string literal: a set operation may still give it the
  // other side's type, as PostgreSQL resolves "unknown" columns.
  bool unknown_literal = false;
};

// A query: the operator tree and the columns it returns to the client.
struct SelectPlan {
  PlanPtr root;
  std::vector<OutputColumn> columns;
};

// INSERT (VALUES, SELECT or DEFAULT VALUES; planner/dml_planner.cpp): `source`
// yields one row per new row: a column per table column, already coerced to
// its type (columns not listed hold their default), then the RETURNING values.
// INSERT ... ON CONFLICT (planner/on_conflict_planner.cpp): the unique
// constraints that arbitrate (a proposed row conflicting with one of them is
// not inserted), and what a conflict does instead.
struct OnConflictPlan {
  bool do_update = false;                   // DO UPDATE; else DO NOTHING
  bool primary_key = false;                 // the primary key arbitrates
  std::vector<std::size_t> unique_indexes;  // so do these unique indexes (schema positions)
  bool without_target = false;              // no conflict target: every unique constraint
  // DO UPDATE, over the existing row's columns followed by the proposed
  // (EXCLUDED) row's: each column's new value (coerced), and the WHERE.
  std::vector<BoundExpression> new_values;
  std::optional<BoundExpression> where;
  std::string target_alias;  // the existing row's name, for EXPLAIN
};

struct InsertPlan {
  std::string table_name;
  std::shared_ptr<const storage::TableSchema> schema;
  PlanPtr source;
  std::optional<std::vector<OutputColumn>> returning;
  // With ON CONFLICT, `source` yields only the table's columns, and RETURNING
  // is `returning_values` over the columns of each row inserted or updated.
  std::optional<OnConflictPlan> on_conflict;
  std::vector<BoundExpression> returning_values;
  std::vector<BoundCheck> checks;  // the table's CHECK constraints
};

// UPDATE and DELETE: `source` is a query over `table`, the version the
// statement was planned against, whose scan also emits each row's position
// in that version's row tree (ScanNode::row_positions). Per matched row
// (repeated when a FROM/USING join matches it twice) it yields the position,
// for UPDATE the new value of every column (coerced), then the RETURNING values.
struct RowChangePlan {
  std::string table_name;
  std::shared_ptr<const storage::Table> table;
  PlanPtr source;
  std::optional<std::vector<OutputColumn>> returning;
  std::vector<BoundCheck> checks;  // UPDATE: the table's CHECK constraints
  // A part (or the main statement) of a data-modifying WITH: a row another
  // part already changed is skipped, as PostgreSQL skips a row the same
  // command modified, instead of failing as a concurrent change.
  bool skip_rows_changed_by_statement = false;
};
struct UpdatePlan : RowChangePlan {};
struct DeletePlan : RowChangePlan {};

struct TruncatePlan {
  std::vector<std::string> names;  // tables, each once
  bool cascade = false;            // also truncate tables whose foreign keys reference them
};

struct CreateTablePlan {
  std::shared_ptr<const storage::TableSchema> schema;
  bool if_not_exists = false;
  // CREATE TABLE ... AS / SELECT ... INTO: the query whose rows fill the
  // table (none WITH NO DATA; its columns made the schema).
  std::shared_ptr<const SelectPlan> query;
  bool as_query = false;
  // Sequences of serial and identity columns, owned by them; oids and
  // counters are given at commit.
  std::vector<storage::SequenceDefinition> sequences;
};

// COPY's data format, validated and with PostgreSQL 15's defaults filled in.
struct CopyOptions {
  enum class Header : std::uint8_t { kNone, kPresent, kMatch };  // kMatch: COPY FROM checks the names

  bool csv = false;
  bool binary = false;              // FORMAT binary: none of the text options apply
  char delimiter = '\t';            // ',' for CSV
  std::string null_string = "\\N";  // "" for CSV
  Header header = Header::kNone;
  char quote = '"';   // CSV only
  char escape = '"';  // CSV only; the quote unless given
  // CSV only, one flag per target column (empty: none): FORCE_QUOTE for COPY
  // TO, FORCE_NOT_NULL and FORCE_NULL for COPY FROM.
  std::vector<std::uint8_t> force_quote;
  std::vector<std::uint8_t> force_not_null;
  std::vector<std::uint8_t> force_null;
};

// COPY FROM STDIN loads the client's data into a table; COPY TO STDOUT sends
// the rows of a query (COPY table TO is planned as SELECT columns FROM table).
struct CopyPlan {
  bool from = false;
  CopyOptions options;
  // COPY FROM:
  std::string table_name;
  std::shared_ptr<const storage::TableSchema> schema;
  std::vector<std::size_t> target_columns;  // table positions, in the order of the data's fields
  std::vector<BoundExpression> defaults;    // one per table column, used for those not targeted
  std::optional<BoundExpression> where;     // over the table's columns
  std::vector<BoundCheck> checks;           // the table's CHECK constraints
  // COPY TO:
  std::optional<SelectPlan> query;
};

// EXPLAIN [ANALYZE]: the explained statement's plan (planner/explain_planner.h),
// printed by exec/explain.h and, for ANALYZE, run.
struct ExplainTarget;
struct ExplainPlan {
  std::shared_ptr<const ExplainTarget> target;
  bool analyze = false;
  bool costs = true;     // print estimated rows
  bool timing = true;    // ANALYZE: print actual times
  bool summary = false;  // print planning and execution time (on with ANALYZE)
  double planning_ms = 0;
};

// A statement whose WITH list holds INSERT, UPDATE or DELETE queries
// (planner/modifying_with.h): each runs once, its RETURNING rows kept in its
// slot for the CTE scans that read them. The parts something reads run
// first, in `parts` order (a part after the parts it reads), then `main`,
// then the parts nothing reads, as PostgreSQL finishes those after the main
// statement. Every part was planned against the statement's snapshot, so
// none sees another's changes to the tables; a row already changed by an
// earlier part is left as that part left it.
struct ModifyingWithPart {
  std::variant<InsertPlan, UpdatePlan, DeletePlan> plan;
  std::shared_ptr<ReturnedRowsSlot> slot;
  bool read = false;  // a CTE scan reads its rows: it runs before `main`
};
struct ModifyingWithPlan {
  std::vector<ModifyingWithPart> parts;
  std::variant<SelectPlan, InsertPlan, UpdatePlan, DeletePlan> main;
};

using StatementPlan = std::variant<SelectPlan, InsertPlan, CreateTablePlan, CopyPlan, UpdatePlan,
                                   DeletePlan, TruncatePlan, DdlPlan, ExplainPlan, ModifyingWithPlan>;

struct ExplainTarget {
  StatementPlan plan;
};

}  // namespace ptreedb::planner
