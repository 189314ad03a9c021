#include "storage/catalog/table_schema.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string_view>

namespace ptreedb::storage {
namespace {

RowLayout layout_of(const std::vector<ColumnSchema>& columns) {
  std::vector<value::TypeId> types, elements;
  types.reserve(columns.size());
  for (const auto& column : columns) {
    types.push_back(column.type.id);
    elements.push_back(column.type.element);
  }
  RowLayout layout(types);
  layout.set_elements(std::move(elements));
  return layout;
}

}  // namespace

TableSchema::TableSchema(std::uint32_t oid, std::string name, std::vector<ColumnSchema> columns,
                         std::vector<std::size_t> primary_key, std::vector<IndexSchema> indexes,
                         std::vector<ForeignKeySchema> foreign_keys, std::vector<CheckConstraintSchema> checks,
                         std::vector<std::string> options)
    : oid_(oid),
      name_(std::move(name)),
      columns_(std::move(columns)),
      primary_key_(std::move(primary_key)),
      indexes_(std::move(indexes)),
      foreign_keys_(std::move(foreign_keys)),
      checks_(std::move(checks)),
      options_(std::move(options)),
      layout_(layout_of(columns_)) {
  // Primary key columns are NOT NULL, as PostgreSQL makes them.
  for (std::size_t position : primary_key_) columns_[position].not_null = true;
  std::sort(checks_.begin(), checks_.end(),
            [](const CheckConstraintSchema& a, const CheckConstraintSchema& b) { return a.name < b.name; });
}

int TableSchema::fillfactor() const {
  constexpr std::string_view kPrefix = "fillfactor=";
  for (const std::string& option : options_) {
    if (!option.starts_with(kPrefix)) continue;
    // As written and checked when set: PostgreSQL's parse_int (any base
    // strtol reads, a fraction rounded), within 10..100.
    const char* text = option.c_str() + kPrefix.size();
    char* end = nullptr;
    long long value = std::strtoll(text, &end, 0);
    if (end != nullptr && (*end == '.' || *end == 'e' || *end == 'E')) value = std::llround(std::strtod(text, nullptr));
    return static_cast<int>(std::clamp<long long>(value, 10, 100));
  }
  return 100;
}

std::optional<std::size_t> TableSchema::find_column(std::string_view name) const {
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    if (columns_[i].name == name) return i;
  }
  return std::nullopt;
}

}  // namespace ptreedb::storage
