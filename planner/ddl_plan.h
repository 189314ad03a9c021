// Plans of the DDL statements beyond CREATE TABLE: views, indexes, ALTER and
// DROP. They carry names and definitions; the executor resolves them against
// the world it commits to, so no concurrent statement slips in between.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "planner/foreign_key_planner.h"
#include "planner/sequence_options_clause.h"
#include "storage/catalog/table_schema.h"
#include "storage/value/domain_type.h"
#include "storage/value/type_id.h"
#include "storage/world/relation_lookup.h"

namespace ptreedb::planner {

// CREATE [OR REPLACE] VIEW: the query as SQL text, checked by planning it.
struct CreateViewPlan {
  std::string name;
  bool replace = false;
  std::string query_sql;
  std::vector<std::string> column_names;  // after the alias list
  std::vector<value::SqlType> column_types;
};

// CREATE [UNIQUE] INDEX [IF NOT EXISTS] [name] ON table (columns).
struct CreateIndexPlan {
  std::string name;  // empty: PostgreSQL's "<table>_<columns>_idx", numbered on clashes
  std::string table;
  std::vector<std::string> columns;
  bool unique = false;
  bool if_not_exists = false;
};

// CREATE SEQUENCE [IF NOT EXISTS] name options: resolved at commit.
struct CreateSequencePlan {
  std::string name;
  SequenceOptionChanges changes;
  bool if_not_exists = false;
};

// ALTER SEQUENCE [IF EXISTS] name options (RENAME TO is an AlterTablePlan).
struct AlterSequencePlan {
  std::string name;
  SequenceOptionChanges changes;
  bool missing_ok = false;
};

// DROP TABLE / VIEW / INDEX / SEQUENCE [IF EXISTS] names [CASCADE].
struct DropPlan {
  storage::RelationKind kind = storage::RelationKind::kTable;
  std::vector<std::string> names;
  bool missing_ok = false;
  bool cascade = false;
};

// ALTER TABLE subcommands (and the RENAME forms, which PostgreSQL parses apart).
// ADD [CONSTRAINT name] CHECK (expression): existing rows are checked.
struct AddCheck {
  std::string name;  // empty: PostgreSQL's generated name
  std::string expression_sql;
};
struct AddColumn {
  storage::ColumnSchema column;
  bool if_not_exists = false;
  std::optional<std::string> unique;  // UNIQUE on the column: the constraint name ("" = default)
  bool primary_key = false;
  std::optional<ForeignKeyDefinition> reference;
  std::vector<AddCheck> checks;  // CHECK on the column, added after it
};
struct DropColumn {
  std::string name;
  bool missing_ok = false;
  bool cascade = false;
};
struct RenameColumn {
  std::string from;
  std::string to;
};
struct RenameRelation {
  std::string to;
};
struct AddUnique {
  std::string name;  // empty: "<table>_<columns>_key"
  std::vector<std::string> columns;
};
// ADD PRIMARY KEY: the table is re-keyed by these columns.
struct AddPrimaryKey {
  std::vector<std::string> columns;
};
struct AddForeignKey {
  ForeignKeyDefinition key;
};
struct DropConstraint {
  std::string name;
  bool missing_ok = false;
  bool cascade = false;
};
// ALTER COLUMN c SET DEFAULT expr / DROP DEFAULT.
struct SetColumnDefault {
  std::string column;
  std::optional<std::string> default_sql;
};
// ALTER COLUMN c SET NOT NULL / DROP NOT NULL.
struct SetColumnNotNull {
  std::string column;
  bool not_null = false;
};
// ALTER COLUMN c ADD GENERATED {ALWAYS|BY DEFAULT} AS IDENTITY [(options)].
struct AddIdentity {
  std::string column;
  char generated = 'a';
  SequenceOptionChanges options;
};
// ALTER COLUMN c SET GENERATED ... / SET sequence options / RESTART.
struct SetIdentity {
  std::string column;
  std::optional<char> generated;
  SequenceOptionChanges options;
};
// ALTER COLUMN c DROP IDENTITY [IF EXISTS]: the column's sequence goes too.
struct DropIdentity {
  std::string column;
  bool missing_ok = false;
};
// SET (storage parameters) / RESET (names) on a table: its reloptions.
struct SetStorageParameters {
  std::vector<std::string> set;    // "name=value"
  std::vector<std::string> reset;  // names
};
using AlterAction = std::variant<AddColumn, DropColumn, RenameColumn, RenameRelation, AddUnique, AddPrimaryKey,
                                 AddForeignKey, AddCheck, DropConstraint, SetColumnDefault, SetColumnNotNull, AddIdentity,
                                 SetIdentity, DropIdentity, SetStorageParameters>;

struct AlterTablePlan {
  std::string relation;
  storage::RelationKind kind = storage::RelationKind::kTable;  // what the statement says it alters
  bool missing_ok = false;                                      // ALTER ... IF EXISTS
  std::vector<AlterAction> actions;
  std::string command_tag;  // "ALTER TABLE", "ALTER VIEW", "ALTER INDEX"
};

// CREATE TYPE name AS ENUM (labels).
struct CreateEnumTypePlan {
  std::string name;
  std::vector<std::string> labels;
};

// ALTER TYPE name ADD VALUE [IF NOT EXISTS] 'v' [BEFORE|AFTER 'n'] /
// RENAME VALUE 'old' TO 'new' / RENAME TO new_name.
struct AlterEnumTypePlan {
  enum class Action : std::uint8_t { kAddValue, kRenameValue, kRename };
  std::string name;
  Action action = Action::kAddValue;
  std::string value;                    // the label added, or the old label renamed
  std::string new_value;                // RENAME VALUE's new label, or RENAME TO's new name
  std::optional<std::string> neighbor;  // ADD VALUE ... BEFORE/AFTER
  bool after = false;
  bool if_not_exists = false;
};

// DROP TYPE [IF EXISTS] names [CASCADE | RESTRICT].
struct DropTypePlan {
  std::vector<std::string> names;
  bool missing_ok = false;
  bool cascade = false;
};

// CREATE DOMAIN: the domain as planned (oids and unnamed checks' names are
// given at commit).
struct CreateDomainPlan {
  value::DomainType domain;
};

// ALTER DOMAIN name SET/DROP DEFAULT, SET/DROP NOT NULL, ADD [CONSTRAINT c]
// CHECK (...) / NOT NULL, DROP CONSTRAINT [IF EXISTS] c, RENAME TO,
// RENAME CONSTRAINT.
struct AlterDomainPlan {
  enum class Action : std::uint8_t {
    kSetDefault, kDropDefault, kSetNotNull, kDropNotNull, kAddCheck, kDropConstraint, kRename, kRenameConstraint
  };
  std::string name;
  Action action = Action::kSetDefault;
  std::optional<std::string> default_sql;  // kSetDefault
  std::string constraint;                  // kAddCheck (empty: generated), kDropConstraint, kRenameConstraint
  std::string expression_sql;              // kAddCheck
  std::string new_name;                    // kRename, kRenameConstraint
  bool missing_ok = false;                 // DROP CONSTRAINT IF EXISTS
};

// DROP DOMAIN [IF EXISTS] names [CASCADE | RESTRICT].
struct DropDomainPlan {
  std::vector<std::string> names;
  bool missing_ok = false;
  bool cascade = false;
};

using DdlPlan = std::variant<CreateViewPlan, CreateIndexPlan, DropPlan, AlterTablePlan, CreateSequencePlan,
                             AlterSequencePlan, CreateEnumTypePlan, AlterEnumTypePlan, DropTypePlan, CreateDomainPlan,
                             AlterDomainPlan, DropDomainPlan>;

}  // namespace ptreedb::planner
