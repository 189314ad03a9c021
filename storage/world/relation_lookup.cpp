#include "storage/world/relation_lookup.h"

#include "storage/world/relation_name.h"

namespace ptreedb::storage {
namespace {

constexpr std::size_t kMaxNameBytes = 63;  // PostgreSQL's NAMEDATALEN - 1

}  // namespace

std::string make_object_name(std::string table, std::string columns, const std::string& suffix) {
  // A table of another schema names its objects in that schema, cut on the name alone.
  if (const RelationName name = split_relation_key(table); name.schema != kPublicSchema) {
    return relation_key(name.schema, make_object_name(name.relation, std::move(columns), suffix));
  }
  std::size_t overhead = suffix.size() + 1 + (columns.empty() ? 0 : 1);
  while (table.size() + columns.size() + overhead > kMaxNameBytes) {
    if (table.size() > columns.size()) {
      table.pop_back();
    } else {
      columns.pop_back();
    }
  }
  return table + (columns.empty() ? "" : "_" + columns) + "_" + suffix;
}

std::optional<IndexLocation> find_index(const World& world, const std::string& name) {
  for (auto entry : world.tables()) {
    const auto& table = entry.value;
    const TableSchema& schema = table->schema();
    if (schema.has_primary_key() && primary_key_index_name(schema) == name) return IndexLocation{table, std::nullopt};
    for (std::size_t i = 0; i < schema.indexes().size(); ++i) {
      if (schema.indexes()[i].name == name) return IndexLocation{table, i};
    }
  }
  return std::nullopt;
}

std::optional<RelationKind> relation_kind(const World& world, const std::string& name) {
  if (world.find_table(name)) return RelationKind::kTable;
  if (world.find_view(name)) return RelationKind::kView;
  if (world.find_sequence(name)) return RelationKind::kSequence;
  if (find_index(world, name)) return RelationKind::kIndex;
  return std::nullopt;
}

std::string choose_relation_name(const World& world, const std::string& table, const std::string& columns,
                                 const std::string& suffix) {
  std::string name = make_object_name(table, columns, suffix);
  for (int number = 1; relation_kind(world, name); ++number) {
    // The number goes on the suffix, so the cut keeps room for it.
    name = make_object_name(table, columns, suffix + std::to_string(number));
  }
  return name;
}

}  // namespace ptreedb::storage
