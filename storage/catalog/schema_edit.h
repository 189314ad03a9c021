// Deriving a table's next schema for DDL: take the parts of the current one,
// change them, and make a new immutable schema (same oid) from them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "storage/catalog/table_schema.h"

namespace ptreedb::storage {

struct SchemaParts {
  std::uint32_t oid = 0;
  std::string name;
  std::vector<ColumnSchema> columns;
  std::vector<std::size_t> primary_key;
  std::vector<IndexSchema> indexes;
  std::vector<ForeignKeySchema> foreign_keys;
  std::vector<CheckConstraintSchema> checks;
  std::vector<std::string> options;
};

SchemaParts parts_of(const TableSchema& schema);
std::shared_ptr<const TableSchema> make_schema(SchemaParts parts);

// The parts of `schema` without column `column`: indexes and foreign keys
// and checks using it go (a self-reference's referenced side included), the primary key
// goes if it uses it, and later column positions shift down by one.
SchemaParts parts_without_column(const TableSchema& schema, std::size_t column);

// A column position after column `dropped` was removed (positions above it shift down).
inline std::size_t position_after_drop(std::size_t position, std::size_t dropped) {
  return position > dropped ? position - 1 : position;
}

}  // namespace ptreedb::storage
