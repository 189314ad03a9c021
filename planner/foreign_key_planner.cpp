#include "planner/foreign_key_planner.h"

#include <algorithm>

#include "planner/ddl_clauses.h"
#include "storage/constraints/foreign_key_keys.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner {

using storage::ForeignKeyAction;
using storage::ForeignKeySchema;
using storage::TableSchema;

namespace {

std::vector<std::string> names_of(PgQuery__Node** nodes, std::size_t count) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < count; ++i) {
    if (nodes[i]->node_case == PG_QUERY__NODE__NODE_STRING) names.push_back(nodes[i]->string->sval);
  }
  return names;
}

[[noreturn]] void not_supported(const std::string& what, int location) {
  throw SqlError(sqlstate::kFeatureNotSupported, what + " is not supported", {}, {}, location + 1);
}

std::vector<std::size_t> column_positions(const TableSchema& table, const std::vector<std::string>& names) {
  std::vector<std::size_t> positions;
  for (const auto& name : names) {
    auto position = table.find_column(name);
    if (!position) {
      throw SqlError(sqlstate::kUndefinedColumn,
                     "column \"" + name + "\" referenced in foreign key constraint does not exist");
    }
    positions.push_back(*position);
  }
  return positions;
}

bool name_taken(const std::string& name, const storage::World& world, const std::vector<ForeignKeySchema>& existing) {
  auto same = [&](const ForeignKeySchema& key) { return key.name == name; };
  if (std::any_of(existing.begin(), existing.end(), same)) return true;
  for (auto entry : world.tables()) {
    const auto& keys = entry.value->schema().foreign_keys();
    if (std::any_of(keys.begin(), keys.end(), same)) return true;
  }
  return false;
}

// ChooseConstraintName: "<table>_<columns>_fkey", numbered past names in use.
std::string default_name(const TableSchema& table, const std::vector<std::size_t>& columns,
                         const storage::World& world, const std::vector<ForeignKeySchema>& existing) {
  std::string joined;
  for (std::size_t column : columns) {
    if (!joined.empty()) joined += "_";
    joined += table.column(column).name;
  }
  std::string name = storage::make_object_name(storage::split_relation_key(table.name()).relation, joined, "fkey");
  for (int number = 1; name_taken(name, world, existing); ++number) {
    name = storage::make_object_name(storage::split_relation_key(table.name()).relation, joined,
                                      "fkey" + std::to_string(number));
  }
  return name;
}

}  // namespace

ForeignKeyDefinition foreign_key_definition(const PgQuery__Constraint& constraint, const char* column) {
  ForeignKeyDefinition definition;
  if (constraint.conname != nullptr) definition.name = constraint.conname;
  definition.columns = column != nullptr ? std::vector<std::string>{column}
                                         : names_of(constraint.fk_attrs, constraint.n_fk_attrs);
  check_named_relation_schema(*constraint.pktable);
  definition.referenced_table = constraint.pktable->relname;
  definition.referenced_columns = names_of(constraint.pk_attrs, constraint.n_pk_attrs);
  if (constraint.deferrable || constraint.initdeferred) not_supported("DEFERRABLE", constraint.location);
  definition.validate_existing_rows = !constraint.skip_validation;

  const std::string matching = constraint.fk_matchtype != nullptr ? constraint.fk_matchtype : "";
  if (matching == "p") {
    throw SqlError(sqlstate::kFeatureNotSupported, "MATCH PARTIAL not yet implemented", {}, {},
                   constraint.location + 1);
  }
  definition.match_full = matching == "f";

  const std::string on_update = constraint.fk_upd_action != nullptr ? constraint.fk_upd_action : "";
  if (!on_update.empty() && on_update != "a" && on_update != "r") {
    not_supported("ON UPDATE CASCADE, SET NULL and SET DEFAULT", constraint.location);
  }
  const std::string on_delete = constraint.fk_del_action != nullptr ? constraint.fk_del_action : "";
  if (on_delete == "c") {
    definition.on_delete = ForeignKeyAction::kCascade;
  } else if (on_delete == "r") {
    definition.on_delete = ForeignKeyAction::kRestrict;
  } else if (!on_delete.empty() && on_delete != "a") {
    not_supported("ON DELETE SET NULL and SET DEFAULT", constraint.location);
  }
  return definition;
}

ForeignKeySchema resolve_foreign_key(const ForeignKeyDefinition& definition, const TableSchema& table,
                                     const storage::World& world, const std::vector<ForeignKeySchema>& existing) {
  // The referenced table: the one being defined for a self-reference.
  std::shared_ptr<const storage::Table> stored;
  const TableSchema* referenced = nullptr;
  if (definition.referenced_table == table.name()) {
    referenced = &table;
  } else if ((stored = world.find_table(definition.referenced_table))) {
    referenced = &stored->schema();
  } else if (world.find_view(definition.referenced_table) ||
             storage::find_index(world, definition.referenced_table)) {
    throw SqlError("42809", "referenced relation \"" + definition.referenced_table + "\" is not a table");
  } else {
    throw SqlError(sqlstate::kUndefinedTable, "relation \"" + definition.referenced_table + "\" does not exist");
  }

  ForeignKeySchema key;
  key.columns = column_positions(table, definition.columns);
  key.referenced_table = referenced->name();
  if (definition.referenced_columns.empty()) {
    if (!referenced->has_primary_key()) {
      throw SqlError(sqlstate::kUndefinedObject,
                     "there is no primary key for referenced table \"" + referenced->name() + "\"");
    }
    key.referenced_columns = referenced->primary_key();
  } else {
    key.referenced_columns = column_positions(*referenced, definition.referenced_columns);
  }
  if (key.columns.size() != key.referenced_columns.size()) {
    throw SqlError("42830", "number of referencing and referenced columns for foreign key disagree");
  }
  if (!storage::find_reference_target(*referenced, key.columns, key.referenced_columns)) {
    throw SqlError("42830", "there is no unique constraint matching given keys for referenced table \"" +
                                referenced->name() + "\"");
  }
  key.name = definition.name.empty() ? default_name(table, key.columns, world, existing) : definition.name;
  if (!definition.name.empty()) {
    for (const auto& other : existing) {
      if (other.name == key.name) {
        throw SqlError("42710", "constraint \"" + key.name + "\" for relation \"" + table.name() + "\" already exists");
      }
    }
  }
  for (std::size_t i = 0; i < key.columns.size(); ++i) {
    const auto& from = table.column(key.columns[i]);
    const auto& to = referenced->column(key.referenced_columns[i]);
    const bool other_enum = from.type.id == value::TypeId::kEnum && from.type.enum_oid != to.type.enum_oid;
    if (other_enum || !storage::foreign_key_types_compatible(from.type.id, to.type.id)) {
      auto shown = [](value::SqlType type) {
        return value::format_type(type.id == value::TypeId::kEnum ? type : value::SqlType::of(type.id));
      };
      throw SqlError(sqlstate::kDatatypeMismatch,
                     "foreign key constraint \"" + key.name + "\" cannot be implemented",
                     "Key columns \"" + from.name + "\" and \"" + to.name + "\" are of incompatible types: " +
                         shown(from.type) + " and " + shown(to.type) + ".");
    }
  }
  key.on_delete = definition.on_delete;
  key.match_full = definition.match_full;
  return key;
}

}  // namespace ptreedb::planner
