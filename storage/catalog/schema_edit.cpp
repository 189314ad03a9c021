#include "storage/catalog/schema_edit.h"

#include <algorithm>

namespace ptreedb::storage {
namespace {

bool uses(const std::vector<std::size_t>& columns, std::size_t column) {
  return std::find(columns.begin(), columns.end(), column) != columns.end();
}

void shift_after_drop(std::vector<std::size_t>& columns, std::size_t dropped) {
  for (auto& position : columns) position = position_after_drop(position, dropped);
}

}  // namespace

SchemaParts parts_of(const TableSchema& schema) {
  return {schema.oid(),     schema.name(),    schema.columns(), schema.primary_key(),
          schema.indexes(), schema.foreign_keys(), schema.checks(), schema.options()};
}

std::shared_ptr<const TableSchema> make_schema(SchemaParts parts) {
  return std::make_shared<TableSchema>(parts.oid, std::move(parts.name), std::move(parts.columns),
                                       std::move(parts.primary_key), std::move(parts.indexes),
                                       std::move(parts.foreign_keys), std::move(parts.checks),
                                       std::move(parts.options));
}

SchemaParts parts_without_column(const TableSchema& schema, std::size_t column) {
  SchemaParts parts = parts_of(schema);
  parts.columns.erase(parts.columns.begin() + static_cast<std::ptrdiff_t>(column));
  if (uses(parts.primary_key, column)) parts.primary_key.clear();
  shift_after_drop(parts.primary_key, column);
  std::erase_if(parts.indexes, [&](const IndexSchema& index) { return uses(index.columns, column); });
  for (auto& index : parts.indexes) shift_after_drop(index.columns, column);
  std::erase_if(parts.foreign_keys, [&](const ForeignKeySchema& key) {
    return uses(key.columns, column) || (key.referenced_table == schema.name() && uses(key.referenced_columns, column));
  });
  for (auto& key : parts.foreign_keys) {
    shift_after_drop(key.columns, column);
    if (key.referenced_table == schema.name()) shift_after_drop(key.referenced_columns, column);
  }
  std::erase_if(parts.checks, [&](const CheckConstraintSchema& check) { return uses(check.columns, column); });
  for (auto& check : parts.checks) shift_after_drop(check.columns, column);
  return parts;
}

}  // namespace ptreedb::storage
