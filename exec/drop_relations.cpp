// DROP TABLE / VIEW / INDEX [IF EXISTS] ... [CASCADE]: what depends on the
// dropped relations (views naming them, foreign keys referencing them) stops
// the drop with 2BP01, or with CASCADE goes too, as PostgreSQL's dependency
// walk does.
#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "exec/ddl_changes.h"
#include "planner/view_dependencies.h"
#include "storage/catalog/schema_edit.h"
#include "storage/constraints/foreign_key_keys.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"

namespace ptreedb::exec {

using storage::RelationKind;

namespace {

std::string kind_word(RelationKind kind) {
  switch (kind) {
    case RelationKind::kTable: return "table";
    case RelationKind::kView: return "view";
    case RelationKind::kIndex: return "index";
    case RelationKind::kSequence: return "sequence";
  }
  return "relation";
}

std::string drop_hint(RelationKind actual) {
  switch (actual) {
    case RelationKind::kTable: return "Use DROP TABLE to remove a table.";
    case RelationKind::kView: return "Use DROP VIEW to remove a view.";
    case RelationKind::kIndex: return "Use DROP INDEX to remove an index.";
    case RelationKind::kSequence: return "Use DROP SEQUENCE to remove a sequence.";
  }
  return {};
}

[[noreturn]] void throw_missing(RelationKind kind, const std::string& name) {
  throw SqlError(kind == RelationKind::kIndex ? sqlstate::kUndefinedObject : sqlstate::kUndefinedTable,
                 kind_word(kind) + " \"" + name + "\" does not exist");
}

// Everything one DROP removes, and what it found depending on it.
class DropSet {
 public:
  DropSet(const storage::World& world, bool cascade) : world_(world), cascade_(cascade) {}

  void add_relation(const std::string& name, RelationKind kind) {
    if (kind == RelationKind::kTable && tables_.insert(name).second) pending_.push_back({name, kind});
    if (kind == RelationKind::kView && views_.insert(name).second) pending_.push_back({name, kind});
    if (kind == RelationKind::kSequence && sequences_.insert(name).second) pending_.push_back({name, kind});
  }

  void add_index(const std::string& name) {
    auto location = storage::find_index(world_, name);
    const storage::TableSchema& schema = location->table->schema();
    if (!location->position || !schema.indexes()[*location->position].standalone) {
      throw SqlError("2BP01",
                     "cannot drop index " + name + " because constraint " + name + " on table " + schema.name() +
                         " requires it",
                     {}, "You can drop constraint " + name + " on table " + schema.name() + " instead.");
    }
    // Foreign keys looking their referenced rows up in this (unique) index.
    for (auto entry : world_.tables()) {
      for (const auto& key : entry.value->schema().foreign_keys()) {
        if (key.referenced_table != schema.name()) continue;
        auto target = storage::find_reference_target(schema, key.columns, key.referenced_columns);
        if (target && target->index == location->position) {
          depends("constraint " + key.name + " on table " + entry.key + " depends on index " + name);
          dropped_keys_[entry.key].insert(key.name);
        }
      }
    }
    indexes_.push_back(name);
  }

  // Follows dependencies from every relation added, transitively.
  void collect_dependents() {
    while (!pending_.empty()) {
      auto [name, kind] = pending_.front();
      pending_.pop_front();
      for (const auto& view : planner::views_naming(world_, name)) {
        if (views_.contains(view->name)) continue;
        depends("view " + view->name + " depends on " + kind_word(kind) + " " + name);
        if (cascade_) add_relation(view->name, RelationKind::kView);
      }
      if (kind == RelationKind::kSequence) {
        add_defaults_using(name);
        continue;
      }
      if (kind != RelationKind::kTable) continue;
      // Sequences owned by the table's columns (serial, identity) go with it.
      for (auto entry : world_.sequences()) {
        if (entry.value->owner_table == name) add_relation(entry.key, RelationKind::kSequence);
      }
      for (auto entry : world_.tables()) {
        if (tables_.contains(entry.key)) continue;
        for (const auto& key : entry.value->schema().foreign_keys()) {
          if (key.referenced_table != name) continue;
          depends("constraint " + key.name + " on table " + entry.key + " depends on table " + name);
          dropped_keys_[entry.key].insert(key.name);
        }
      }
    }
  }

  const std::vector<std::string>& dependencies() const { return dependencies_; }

  WorldPtr apply() const {
    WorldPtr next = std::make_shared<const storage::World>(world_);
    for (const auto& [table_name, names] : dropped_keys_) {
      if (tables_.contains(table_name)) continue;
      auto table = next->find_table(table_name);
      storage::SchemaParts parts = storage::parts_of(table->schema());
      std::erase_if(parts.foreign_keys, [&](const auto& key) { return names.contains(key.name); });
      next = next->with_table(std::make_shared<storage::Table>(table->with_schema(storage::make_schema(parts))));
    }
    for (const auto& [table_name, columns] : dropped_defaults_) {
      if (tables_.contains(table_name)) continue;
      auto table = next->find_table(table_name);
      storage::SchemaParts parts = storage::parts_of(table->schema());
      for (auto& column : parts.columns) {
        if (columns.contains(column.name)) column.default_sql.reset();
      }
      next = next->with_table(std::make_shared<storage::Table>(table->with_schema(storage::make_schema(parts))));
    }
    for (const auto& view : views_) next = next->without_view(view);
    for (const auto& sequence : sequences_) next = next->without_sequence(sequence);
    for (const auto& table : tables_) next = next->without_table(table);
    for (const auto& index : indexes_) {
      auto location = storage::find_index(*next, index);
      storage::SchemaParts parts = storage::parts_of(location->table->schema());
      parts.indexes.erase(parts.indexes.begin() + static_cast<std::ptrdiff_t>(*location->position));
      next = next->with_table(std::make_shared<storage::Table>(
          location->table->without_index(storage::make_schema(parts), *location->position)));
    }
    return next;
  }

 private:
  void depends(std::string line) {
    if (std::find(dependencies_.begin(), dependencies_.end(), line) == dependencies_.end()) {
      dependencies_.push_back(std::move(line));
    }
  }

  // Column defaults calling nextval of the sequence: DROP ... CASCADE drops the defaults.
  void add_defaults_using(const std::string& sequence) {
    // As written (nextval('s')) or as serial and identity columns store it (nextval('s'::regclass)).
    const std::string reference = "'" + sequence + "'";
    const std::string quoted_reference = "'\"" + sequence + "\"'";
    for (auto entry : world_.tables()) {
      if (tables_.contains(entry.key)) continue;
      for (const auto& column : entry.value->schema().columns()) {
        if (!column.default_sql || column.default_sql->find("val(") == std::string::npos) continue;
        if (column.default_sql->find(reference) == std::string::npos &&
            column.default_sql->find(quoted_reference) == std::string::npos) {
          continue;
        }
        if (column.identity != 0) {
          throw SqlError("2BP01",
                         "cannot drop sequence " + sequence + " because column " + column.name + " of table " +
                             entry.key + " requires it",
                         {}, "You can drop column " + column.name + " of table " + entry.key + " instead.");
        }
        depends("default value for column " + column.name + " of table " + entry.key + " depends on sequence " +
                sequence);
        dropped_defaults_[entry.key].insert(column.name);
      }
    }
  }

  const storage::World& world_;
  bool cascade_;
  std::set<std::string> tables_, views_, sequences_;
  std::map<std::string, std::set<std::string>> dropped_defaults_;  // table -> columns whose default goes
  std::vector<std::string> indexes_;
  std::deque<std::pair<std::string, RelationKind>> pending_;
  std::map<std::string, std::set<std::string>> dropped_keys_;  // referencing table -> foreign keys to drop
  std::vector<std::string> dependencies_;
};

}  // namespace

WorldPtr drop_relations(const storage::World& world, const planner::DropPlan& plan) {
  DropSet dropped(world, plan.cascade);
  std::vector<std::string> named;
  for (const auto& name : plan.names) {
    auto kind = storage::relation_kind(world, name);
    if (!kind) {
      if (plan.missing_ok) continue;
      throw_missing(plan.kind, name);
    }
    if (*kind != plan.kind) {
      throw SqlError("42809", "\"" + name + "\" is not " + (plan.kind == RelationKind::kIndex ? "an " : "a ") +
                                  kind_word(plan.kind),
                     {}, drop_hint(*kind));
    }
    if (std::find(named.begin(), named.end(), name) != named.end()) continue;
    named.push_back(name);
    if (plan.kind == RelationKind::kIndex) {
      dropped.add_index(name);
    } else {
      dropped.add_relation(name, plan.kind);
    }
  }
  if (named.empty()) return nullptr;
  dropped.collect_dependents();
  if (!dropped.dependencies().empty() && !plan.cascade) {
    std::string detail;
    for (const auto& line : dropped.dependencies()) detail += (detail.empty() ? "" : "\n") + line;
    std::string message = named.size() == 1 ? "cannot drop " + kind_word(plan.kind) + " " + named[0] +
                                                  " because other objects depend on it"
                                            : "cannot drop desired object(s) because other objects depend on them";
    throw SqlError("2BP01", message, detail, "Use DROP ... CASCADE to drop the dependent objects too.");
  }
  return dropped.apply();
}

}  // namespace ptreedb::exec
