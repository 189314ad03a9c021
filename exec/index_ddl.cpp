// CREATE [UNIQUE] INDEX and UNIQUE constraints added by ALTER TABLE: both
// build a secondary index over the table's rows in one bulk pass.
#include "exec/ddl_changes.h"
#include "storage/catalog/schema_edit.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

namespace ptreedb::exec {

using storage::RelationKind;

namespace {

std::shared_ptr<const storage::Table> indexed_table(const storage::World& world, const std::string& name) {
  if (auto table = world.find_table(name)) return table;
  if (world.find_view(name)) {
    throw SqlError("42809", "cannot create index on relation \"" + name + "\"",
                   "This operation is not supported for views.");
  }
  throw SqlError(sqlstate::kUndefinedTable, "relation \"" + name + "\" does not exist");
}

std::string joined_names(const std::vector<std::string>& columns) {
  std::string joined;
  for (const auto& column : columns) joined += (joined.empty() ? "" : "_") + column;
  return joined;
}

// The world with `index` added to `table` and built over its rows.
WorldPtr with_index(const storage::World& world, const storage::Table& table, storage::IndexSchema index) {
  storage::SchemaParts parts = storage::parts_of(table.schema());
  parts.indexes.push_back(std::move(index));
  return world.with_table(std::make_shared<storage::Table>(table.with_added_index(storage::make_schema(parts))));
}

}  // namespace

WorldPtr create_index(const storage::World& world, const planner::CreateIndexPlan& plan) {
  auto table = indexed_table(world, plan.table);
  const storage::TableSchema& schema = table->schema();
  std::vector<std::size_t> positions;
  for (const auto& column : plan.columns) {
    auto position = schema.find_column(column);
    if (!position) throw SqlError(sqlstate::kUndefinedColumn, "column \"" + column + "\" does not exist");
    positions.push_back(*position);
  }
  std::string name = plan.name.empty()
                         ? storage::choose_relation_name(world, schema.name(), joined_names(plan.columns), "idx")
                         : plan.name;
  if (storage::relation_kind(world, name)) {
    if (plan.if_not_exists) return nullptr;
    throw SqlError("42P07", "relation \"" + storage::split_relation_key(name).relation + "\" already exists");
  }
  return with_index(world, *table, {name, std::move(positions), plan.unique, /*standalone=*/true});
}

WorldPtr add_unique_constraint(const storage::World& world, const std::string& table_name, const std::string& name,
                               const std::vector<std::string>& columns) {
  auto table = world.find_table(table_name);
  const storage::TableSchema& schema = table->schema();
  std::vector<std::size_t> positions;
  for (const auto& column : columns) {
    auto position = schema.find_column(column);
    if (!position) {
      throw SqlError(sqlstate::kUndefinedColumn, "column \"" + column + "\" named in key does not exist");
    }
    positions.push_back(*position);
  }
  std::string index_name =
      name.empty() ? storage::choose_relation_name(world, schema.name(), joined_names(columns), "key") : name;
  if (storage::relation_kind(world, index_name)) {
    throw SqlError("42P07", "relation \"" + storage::split_relation_key(index_name).relation + "\" already exists");
  }
  return with_index(world, *table, {index_name, std::move(positions), true, /*standalone=*/false});
}

}  // namespace ptreedb::exec
