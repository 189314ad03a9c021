// A table's definition as the catalog keeps it: columns with their SQL types
// and constraints, the primary key, secondary indexes and foreign keys, plus
// the row layout derived from the column types. Immutable once published: DDL
// makes a new schema and a new world.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/row/row_layout.h"
#include "storage/value/type_id.h"

namespace ptreedb::storage {

struct ColumnSchema {
  ColumnSchema() = default;
  ColumnSchema(std::string column_name, value::SqlType column_type, bool is_not_null = false,
               std::optional<std::string> default_text = std::nullopt)
      : name(std::move(column_name)),
        type(column_type),
        not_null(is_not_null),
        default_sql(std::move(default_text)) {}

  std::string name;
  value::SqlType type;
  bool not_null = false;
  // DEFAULT as SQL text; the planner parses and binds it when a row needs it.
  // An identity column's is nextval of its sequence (not shown as a default).
  std::optional<std::string> default_sql;
  // GENERATED ALWAYS ('a') / BY DEFAULT ('d') AS IDENTITY; 0 when not.
  char identity = 0;
};

struct IndexSchema {
  std::string name;
  std::vector<std::size_t> columns;  // positions in the table's column list
  bool unique = false;
  // Made by CREATE INDEX rather than for a UNIQUE constraint: only such an
  // index may be dropped with DROP INDEX, as in PostgreSQL.
  bool standalone = false;
};

// What deleting a referenced row does to the rows referencing it.
enum class ForeignKeyAction : std::uint8_t { kNoAction, kRestrict, kCascade };

struct ForeignKeySchema {
  std::string name;
  std::vector<std::size_t> columns;
  std::string referenced_table;
  std::vector<std::size_t> referenced_columns;  // a primary key or unique index's columns, in any order
  ForeignKeyAction on_delete = ForeignKeyAction::kNoAction;
  bool match_full = false;  // MATCH FULL: all key columns NULL or none
};

// CHECK (expression): the expression as SQL text over the table's column
// names (the planner binds it where rows are written), and the columns it
// reads in order of first appearance (pg_constraint.conkey; a dropped column
// takes the constraint with it, as in PostgreSQL).
struct CheckConstraintSchema {
  std::string name;
  std::string expression_sql;
  std::vector<std::size_t> columns;
};

class TableSchema {
 public:
  TableSchema(std::uint32_t oid, std::string name, std::vector<ColumnSchema> columns,
              std::vector<std::size_t> primary_key, std::vector<IndexSchema> indexes = {},
              std::vector<ForeignKeySchema> foreign_keys = {}, std::vector<CheckConstraintSchema> checks = {},
              std::vector<std::string> options = {});

  std::uint32_t oid() const { return oid_; }
  const std::string& name() const { return name_; }
  const std::vector<ColumnSchema>& columns() const { return columns_; }
  const ColumnSchema& column(std::size_t position) const { return columns_[position]; }
  // Empty when the table has no primary key: rows are then keyed by a hidden row id.
  const std::vector<std::size_t>& primary_key() const { return primary_key_; }
  bool has_primary_key() const { return !primary_key_.empty(); }
  const std::vector<IndexSchema>& indexes() const { return indexes_; }
  const std::vector<ForeignKeySchema>& foreign_keys() const { return foreign_keys_; }
  // In name order: PostgreSQL checks them, and psql lists them, in that order.
  const std::vector<CheckConstraintSchema>& checks() const { return checks_; }
  const RowLayout& layout() const { return layout_; }
  // WITH (...) storage parameters as pg_class.reloptions shows them
  // ("fillfactor=10"), in the order given.
  const std::vector<std::string>& options() const { return options_; }
  // The fillfactor option as a percentage (100 when not set).
  int fillfactor() const;

  std::optional<std::size_t> find_column(std::string_view name) const;

 private:
  std::uint32_t oid_;
  std::string name_;
  std::vector<ColumnSchema> columns_;
  std::vector<std::size_t> primary_key_;
  std::vector<IndexSchema> indexes_;
  std::vector<ForeignKeySchema> foreign_keys_;
  std::vector<CheckConstraintSchema> checks_;
  std::vector<std::string> options_;
  RowLayout layout_;
};

}  // namespace ptreedb::storage
