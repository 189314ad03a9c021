// CREATE TYPE ... AS ENUM, ALTER TYPE and DROP TYPE: the world's enum types.
#include <algorithm>
#include <optional>

#include "exec/ddl_changes.h"
#include "planner/privileges.h"
#include "storage/row/row_copy.h"
#include "storage/sql_error.h"
#include "storage/table/table_keys.h"
#include "storage/world/relation_lookup.h"

namespace ptreedb::exec {
namespace {

[[noreturn]] void type_missing(const std::string& name) {
  throw SqlError(sqlstate::kUndefinedObject, "type \"" + name + "\" does not exist");
}

// A name PostgreSQL's pg_type already holds: an enum type, or a relation's row type.
void check_type_name_free(const storage::World& world, const std::string& name) {
  if (world.find_enum_type(name) || storage::relation_kind(world, name)) {
    throw SqlError("42710", "type \"" + name + "\" already exists");
  }
}

// "column c of table t", for the first column whose type is the enum `oid`.
std::optional<std::string> first_dependent_column(const storage::World& world, std::uint32_t oid) {
  for (auto entry : world.domains()) {
    if (entry.value->base.id == value::TypeId::kEnum && entry.value->base.enum_oid == oid) {
      return "type " + entry.value->name;
    }
  }
  for (auto entry : world.tables()) {
    for (const auto& column : entry.value->schema().columns()) {
      if (column.type.id == value::TypeId::kEnum && column.type.enum_oid == oid) {
        return "column " + column.name + " of table " + entry.value->schema().name();
      }
    }
  }
  return std::nullopt;
}

// CASCADE: every column of the enum type `oid` is dropped, as ALTER TABLE DROP COLUMN ... CASCADE.
WorldPtr without_columns_of_type(const storage::World& world, std::uint32_t oid) {
  WorldPtr next;
  for (auto entry : world.tables()) {
    planner::AlterTablePlan alter;
    alter.relation = entry.value->schema().name();
    alter.command_tag = "ALTER TABLE";
    for (const auto& column : entry.value->schema().columns()) {
      if (column.type.id == value::TypeId::kEnum && column.type.enum_oid == oid) {
        alter.actions.push_back(planner::DropColumn{column.name, false, true});
      }
    }
    if (!alter.actions.empty()) next = alter_relation(next ? *next : world, alter);
  }
  return next;
}

// RENAME VALUE: stored values carry their label, so the rows holding the
// old one are rewritten (same order key, so keys keep their order) and their
// tables rebuilt with their keys and indexes.
WorldPtr with_values_relabeled(const storage::World& world, std::uint32_t oid, const std::string& old_stored,
                               const std::string& new_stored) {
  WorldPtr next;
  for (auto entry : world.tables()) {
    const storage::Table& table = *entry.value;
    const storage::TableSchema& schema = table.schema();
    std::vector<std::size_t> columns;
    for (std::size_t c = 0; c < schema.columns().size(); ++c) {
      const auto& type = schema.column(c).type;
      if (type.id == value::TypeId::kEnum && type.enum_oid == oid) columns.push_back(c);
    }
    if (columns.empty()) continue;
    const storage::RowLayout& layout = schema.layout();
    storage::RowBuilder builder(layout);
    auto entries = table.rows().to_vector();
    bool changed = false;
    for (auto& [key, row] : entries) {
      bool holds_old = false;
      for (std::size_t c : columns) holds_old |= !row.is_null(c) && row.get_text(layout.offset(c)) == old_stored;
      if (!holds_old) continue;
      for (std::size_t c = 0; c < schema.columns().size(); ++c) {
        const bool relabel = std::find(columns.begin(), columns.end(), c) != columns.end() && !row.is_null(c) &&
                             row.get_text(layout.offset(c)) == old_stored;
        if (relabel) {
          builder.set_text(c, new_stored);
        } else {
          storage::copy_column(builder, c, layout, row, c);
        }
      }
      row = builder.finish();
      if (schema.has_primary_key()) key = storage::primary_key_of(schema, row);
      changed = true;
    }
    if (!changed) continue;
    auto rebuilt = std::make_shared<const storage::Table>(
        storage::Table::from_rows(table.schema_ptr(), storage::RowTree::from_sorted(entries), table.next_row_id()));
    next = (next ? *next : world).with_table(std::move(rebuilt));
  }
  return next;
}

WorldPtr publish(const storage::World& world, value::EnumType type, const std::string* replaced_name = nullptr) {
  auto shared = std::make_shared<const value::EnumType>(std::move(type));
  WorldPtr base = replaced_name ? world.without_enum_type(*replaced_name) : nullptr;
  return (base ? *base : world).with_enum_type(std::move(shared));
}

}  // namespace

WorldPtr create_enum_type(const storage::World& world, const planner::CreateEnumTypePlan& plan) {
  planner::check_create_in_public_schema(world);
  check_type_name_free(world, plan.name);
  const std::uint32_t oid = world.next_oid();
  return publish(world, value::make_enum_type(plan.name, oid, plan.labels, oid + 1));
}

WorldPtr alter_enum_type(const storage::World& world, const planner::AlterEnumTypePlan& plan) {
  auto type = world.find_enum_type(plan.name);
  if (!type) type_missing(plan.name);
  using Action = planner::AlterEnumTypePlan::Action;
  switch (plan.action) {
    case Action::kAddValue:
      if (type->find(plan.value)) {
        if (plan.if_not_exists) return nullptr;
        throw SqlError("42710", "enum label \"" + plan.value + "\" already exists");
      }
      return publish(world, value::enum_with_label_added(*type, plan.value, plan.neighbor, plan.after, world.next_oid()));
    case Action::kRenameValue: {
      if (!type->find(plan.value)) {
        throw SqlError(sqlstate::kInvalidParameterValue, "\"" + plan.value + "\" is not an existing enum label");
      }
      if (type->find(plan.new_value)) {
        throw SqlError("42710", "enum label \"" + plan.new_value + "\" already exists");
      }
      value::check_enum_label(plan.new_value);
      value::EnumType renamed = *type;
      std::string old_stored, new_stored;
      for (auto& label : renamed.labels) {
        if (label.label != plan.value) continue;
        old_stored = value::enum_stored_value(label);
        label.label = plan.new_value;
        new_stored = value::enum_stored_value(label);
      }
      WorldPtr relabeled = with_values_relabeled(world, type->oid, old_stored, new_stored);
      return publish(relabeled ? *relabeled : world, std::move(renamed));
    }
    case Action::kRename: {
      if (plan.new_value == type->name) return publish(world, *type);
      check_type_name_free(world, plan.new_value);
      value::EnumType renamed = *type;
      renamed.name = plan.new_value;
      return publish(world, std::move(renamed), &plan.name);
    }
  }
  return nullptr;
}

WorldPtr drop_types(const storage::World& world, const planner::DropTypePlan& plan) {
  WorldPtr next;
  for (const std::string& name : plan.names) {
    const storage::World& current = next ? *next : world;
    auto type = current.find_enum_type(name);
    if (!type) {
      if (plan.missing_ok) continue;
      type_missing(name);
    }
    if (auto column = first_dependent_column(current, type->oid)) {
      if (!plan.cascade) {
        throw SqlError("2BP01", "cannot drop type " + name + " because other objects depend on it",
                       *column + " depends on type " + name, "Use DROP ... CASCADE to drop the dependent objects too.");
      }
      if (column->rfind("type ", 0) == 0) {
        throw SqlError(sqlstate::kFeatureNotSupported,
                       "DROP TYPE ... CASCADE of an enum type that a domain uses is not supported yet");
      }
      next = without_columns_of_type(current, type->oid);
    }
    next = (next ? *next : current).without_enum_type(name);
  }
  return next;
}

}  // namespace ptreedb::exec
