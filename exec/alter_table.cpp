// ALTER TABLE / VIEW / INDEX: each action derives the next world from the
// previous one, so a statement's actions apply in order and commit together.
// Adding or dropping a column rewrites every row into the new layout in one
// parallel pass (Table::with_rewritten_rows); other actions keep the rows.
#include <algorithm>
#include <functional>
#include <optional>
#include <set>

#include "exec/check_constraints.h"
#include "exec/ddl_changes.h"
#include "exec/evaluate.h"
#include "planner/statement_planner.h"
#include "planner/catalog/catalog_functions.h"
#include "planner/ddl_planner.h"
#include "exec/object_ownership.h"
#include "planner/sequence_options_clause.h"
#include "planner/storage_parameters.h"
#include "planner/view_dependencies.h"
#include "planner/view_rewrite.h"
#include "storage/catalog/schema_edit.h"
#include "storage/constraints/foreign_key_check.h"
#include "storage/constraints/foreign_key_keys.h"
#include "storage/row/row_copy.h"
#include "storage/table/index_build.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

namespace ptreedb::exec {

using storage::RelationKind;
using storage::SchemaParts;
using storage::Table;
using storage::TableSchema;

namespace {

bool uses(const std::vector<std::size_t>& columns, std::size_t column) {
  return std::find(columns.begin(), columns.end(), column) != columns.end();
}

WorldPtr with_table(const WorldPtr& world, Table table) {
  return world->with_table(std::make_shared<Table>(std::move(table)));
}

WorldPtr with_schema(const WorldPtr& world, const Table& table, SchemaParts parts) {
  return with_table(world, table.with_schema(storage::make_schema(std::move(parts))));
}

std::size_t existing_column(const TableSchema& schema, const std::string& name) {
  auto position = schema.find_column(name);
  if (!position) {
    throw SqlError(sqlstate::kUndefinedColumn,
                   "column \"" + name + "\" of relation \"" + storage::split_relation_key(schema.name()).relation + "\" does not exist");
  }
  return *position;
}

[[noreturn]] void throw_dependents(const std::string& what, const std::vector<std::string>& lines) {
  std::string detail;
  for (const auto& line : lines) detail += (detail.empty() ? "" : "\n") + line;
  throw SqlError("2BP01", "cannot drop " + what + " because other objects depend on it", detail,
                 "Use DROP ... CASCADE to drop the dependent objects too.");
}

// Element 0 of `value` into column `column` of the row being built.
void store_scalar(storage::RowBuilder& builder, std::size_t column, const Vector& value) {
  if (value.is_null(0)) {
    builder.set_null(column);
    return;
  }
  using value::TypeId;
  switch (value.type.id) {
    case TypeId::kBoolean: builder.set_bool(column, value.ints[0] != 0); break;
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: builder.set_int(column, value.ints[0]); break;
    case TypeId::kReal:
    case TypeId::kDouble: builder.set_double(column, value.doubles[0]); break;
    case TypeId::kNumeric: builder.set_decimal(column, value.decimal(0)); break;
    case TypeId::kChar:
    case TypeId::kVarchar:
    case TypeId::kUuid:
    case TypeId::kBytea:
    case TypeId::kEnum:
    case TypeId::kJson:
    case TypeId::kJsonb:
    case TypeId::kArray:
    case TypeId::kName:
    case TypeId::kText: builder.set_text(column, value.texts[0]); break;
    case TypeId::kDate: builder.set_date(column, static_cast<std::int32_t>(value.ints[0])); break;
    case TypeId::kTimestampTz:
    case TypeId::kTime:
    case TypeId::kTimeTz:
    case TypeId::kTimestamp: builder.set_timestamp(column, value.ints[0]); break;
    case TypeId::kInterval: builder.set_interval(column, value.intervals[0]); break;
  }
}

std::vector<std::optional<std::size_t>> same_indexes(const TableSchema& schema) {
  std::vector<std::optional<std::size_t>> sources;
  for (std::size_t i = 0; i < schema.indexes().size(); ++i) sources.push_back(i);
  return sources;
}

// Foreign keys (of any table, `table` itself included) whose referenced rows
// are looked up in index `index` of `table` (none: its primary key).
std::vector<std::pair<std::string, std::string>> keys_using(const storage::World& world, const TableSchema& table,
                                                            std::optional<std::size_t> index) {
  std::vector<std::pair<std::string, std::string>> found;  // (referencing table, constraint)
  for (auto entry : world.tables()) {
    const TableSchema& referencing = entry.key == table.name() ? table : entry.value->schema();
    for (const auto& key : referencing.foreign_keys()) {
      if (key.referenced_table != table.name()) continue;
      auto target = storage::find_reference_target(table, key.columns, key.referenced_columns);
      if (target && target->index == index) found.emplace_back(entry.key, key.name);
    }
  }
  return found;
}

WorldPtr without_foreign_keys(WorldPtr world, const std::vector<std::pair<std::string, std::string>>& keys) {
  for (const auto& [table_name, key_name] : keys) {
    auto table = world->find_table(table_name);
    SchemaParts parts = storage::parts_of(table->schema());
    std::erase_if(parts.foreign_keys, [&](const auto& key) { return key.name == key_name; });
    world = with_schema(world, *table, std::move(parts));
  }
  return world;
}

class AlterTable {
 public:
  AlterTable(WorldPtr world, const planner::AlterTablePlan& plan, RelationKind kind)
      : world_(std::move(world)), plan_(plan), name_(plan.relation), kind_(kind) {}

  WorldPtr run() {
    for (const auto& action : plan_.actions) std::visit([&](const auto& step) { apply(step); }, action);
    return world_;
  }

 private:
  const Table& table() {
    if (kind_ != RelationKind::kTable) throw SqlError("42809", "\"" + name_ + "\" is not a table");
    current_ = world_->find_table(name_);
    return *current_;
  }

  // Column grants are keyed by name; they follow a renamed column and go with
  // a dropped one (PostgreSQL keys them by attribute number), so no later
  // column of the same name inherits them.
  void move_column_grants(const std::string& from, const std::optional<std::string>& to) {
    const std::uint32_t oid = table().schema().oid();
    auto acl = world_->find_acl(oid);
    if (acl == nullptr || !acl->column_acls.contains(from)) return;
    auto next = std::make_shared<storage::ObjectAcl>(*acl);
    auto grants = std::move(next->column_acls.at(from));
    next->column_acls.erase(from);
    if (to) next->column_acls[*to] = std::move(grants);
    world_ = world_->with_acl(oid, std::move(next));
  }

  void apply(const planner::AddColumn& action) {
    const Table& old = table();
    const TableSchema& schema = old.schema();
    if (schema.find_column(action.column.name)) {
      if (action.if_not_exists) return;
      throw SqlError("42701", "column \"" + action.column.name + "\" of relation \"" + relation_name() + "\" already exists");
    }
    // The default is computed once and stored in every existing row.
    planner::BoundExpression default_value = planner::bind_default(action.column);
    if (!default_value.is_constant_tree() && old.row_count() > 0) {
      throw SqlError(sqlstate::kFeatureNotSupported,
                     "ADD COLUMN with a volatile default (nextval) on a table with rows is not supported");
    }
    Chunk one_row;
    one_row.size = 1;
    Vector value = evaluate(default_value, one_row);
    if (value.is_null(0) && action.column.not_null && old.row_count() > 0) {
      throw SqlError(sqlstate::kNotNullViolation,
                     "column \"" + action.column.name + "\" of relation \"" + relation_name() + "\" contains null values");
    }
    SchemaParts parts = storage::parts_of(schema);
    parts.columns.push_back(action.column);
    auto next_schema = storage::make_schema(std::move(parts));
    const std::size_t added = schema.columns().size();
    storage::RowBuilder filler(next_schema->layout());
    store_scalar(filler, added, value);
    const storage::RowRef default_row = filler.finish();
    const storage::RowLayout& old_layout = schema.layout();
    const storage::RowLayout& new_layout = next_schema->layout();
    auto rewrite = [&](const storage::RowRef& row, storage::RowBuilder& builder) {
      for (std::size_t c = 0; c < added; ++c) storage::copy_column(builder, c, old_layout, row, c);
      storage::copy_column(builder, added, new_layout, default_row, added);
      return builder.finish();
    };
    world_ = with_table(world_, old.with_rewritten_rows(next_schema, rewrite, same_indexes(schema)));
    if (action.primary_key) apply(planner::AddPrimaryKey{{action.column.name}});
    if (action.unique) world_ = add_unique_constraint(*world_, name_, *action.unique, {action.column.name});
    if (action.reference) apply(planner::AddForeignKey{*action.reference});
    for (const auto& check : action.checks) apply(check);
  }

  void apply(const planner::DropColumn& action) {
    const Table& old = table();
    const TableSchema& schema = old.schema();
    auto found = schema.find_column(action.name);
    if (!found) {
      if (action.missing_ok) return;
      existing_column(schema, action.name);
    }
    const std::size_t dropped = *found;
    const std::string column_text = "column " + action.name + " of table " + name_;
    // The column's own sequence (serial, identity, OWNED BY) goes with it.
    if (auto owned = identity_sequence(action.name)) world_ = world_->without_sequence(owned->name);

    std::vector<std::string> lines, doomed_views;
    for (const auto& view : planner::views_naming(*world_, name_)) {
      if (!planner::table_columns_read(*view, *world_, name_).contains(action.name)) continue;
      lines.push_back("view " + view->name + " depends on " + column_text);
      doomed_views.push_back(view->name);
    }
    std::vector<std::pair<std::string, std::string>> doomed_keys;
    for (auto entry : world_->tables()) {
      if (entry.key == name_) continue;  // this table's own keys on the column just go
      for (const auto& key : entry.value->schema().foreign_keys()) {
        if (key.referenced_table == name_ && uses(key.referenced_columns, dropped)) {
          lines.push_back("constraint " + key.name + " on table " + entry.key + " depends on " + column_text);
          doomed_keys.emplace_back(entry.key, key.name);
        }
      }
    }
    if (!lines.empty() && !action.cascade) throw_dependents(column_text, lines);
    if (!doomed_views.empty()) {
      if (auto next = drop_relations(*world_, {RelationKind::kView, doomed_views, true, true})) world_ = next;
    }
    world_ = without_foreign_keys(world_, doomed_keys);

    // Other tables' keys referencing this one: their referenced positions shift.
    // The loop replaces world_, so it walks its own handle of the table map
    // (the old world, and the nodes under the iterator, may go with it).
    const auto tables = world_->tables();
    for (auto entry : tables) {
      if (entry.key == name_) continue;
      SchemaParts parts = storage::parts_of(entry.value->schema());
      bool changed = false;
      for (auto& key : parts.foreign_keys) {
        if (key.referenced_table != name_) continue;
        for (auto& position : key.referenced_columns) position = storage::position_after_drop(position, dropped);
        changed = true;
      }
      if (changed) world_ = with_schema(world_, *entry.value, std::move(parts));
    }

    auto next_schema = storage::make_schema(storage::parts_without_column(schema, dropped));
    std::vector<std::optional<std::size_t>> sources;
    for (const auto& index : next_schema->indexes()) {
      auto same = std::find_if(schema.indexes().begin(), schema.indexes().end(),
                               [&](const auto& old_index) { return old_index.name == index.name; });
      sources.push_back(static_cast<std::size_t>(same - schema.indexes().begin()));
    }
    const storage::RowLayout& old_layout = schema.layout();
    const std::size_t width = schema.columns().size();
    auto rewrite = [&](const storage::RowRef& row, storage::RowBuilder& builder) {
      for (std::size_t c = 0; c < width; ++c) {
        if (c != dropped) storage::copy_column(builder, storage::position_after_drop(c, dropped), old_layout, row, c);
      }
      return builder.finish();
    };
    auto current = world_->find_table(name_);  // its foreign keys may have changed above
    world_ = with_table(world_, current->with_rewritten_rows(next_schema, rewrite, sources));
    move_column_grants(action.name, std::nullopt);
  }

  void apply(const planner::RenameColumn& action) {
    if (kind_ == RelationKind::kView) return rename_view_column(action);
    const Table& old = table();
    const TableSchema& schema = old.schema();
    auto position = schema.find_column(action.from);
    if (!position) throw SqlError(sqlstate::kUndefinedColumn, "column \"" + action.from + "\" does not exist");
    if (schema.find_column(action.to)) {
      throw SqlError("42701", "column \"" + action.to + "\" of relation \"" + relation_name() + "\" already exists");
    }
    SchemaParts parts = storage::parts_of(schema);
    parts.columns[*position].name = action.to;
    for (auto& check : parts.checks) {  // checks name their columns
      check.expression_sql = planner::rename_column_in_check(check.expression_sql, name_, action.from, action.to);
    }
    WorldPtr before = world_;
    world_ = with_schema(world_, old, std::move(parts));
    if (auto owned = identity_sequence(action.from)) {  // serial or identity: OWNED BY follows the column
      auto renamed = std::make_shared<storage::SequenceDefinition>(*owned);
      renamed->owner_column = action.to;
      world_ = world_->with_sequence(std::move(renamed));
    }
    rewrite_dependent_views(*before, name_, [&](const std::string& sql) {
      return planner::rename_column_in_query(sql, name_, action.from, action.to);
    });
    move_column_grants(action.from, action.to);
  }

  void rename_view_column(const planner::RenameColumn& action) {
    auto view = world_->find_view(name_);
    auto at = std::find(view->column_names.begin(), view->column_names.end(), action.from);
    if (at == view->column_names.end()) {
      throw SqlError(sqlstate::kUndefinedColumn, "column \"" + action.from + "\" does not exist");
    }
    if (std::find(view->column_names.begin(), view->column_names.end(), action.to) != view->column_names.end()) {
      throw SqlError("42701", "column \"" + action.to + "\" of relation \"" + relation_name() + "\" already exists");
    }
    auto renamed = std::make_shared<storage::ViewDefinition>(*view);
    renamed->column_names[static_cast<std::size_t>(at - view->column_names.begin())] = action.to;
    WorldPtr before = world_;
    world_ = world_->with_view(std::move(renamed));
    rewrite_dependent_views(*before, name_, [&](const std::string& sql) {
      return planner::rename_column_in_query(sql, name_, action.from, action.to);
    });
  }

  void apply(const planner::RenameRelation& action) {
    if (plan_.kind == RelationKind::kView && kind_ != RelationKind::kView) {
      throw SqlError("42809", "\"" + name_ + "\" is not a view");
    }
    if (storage::relation_kind(*world_, action.to)) {
      throw SqlError("42P07", "relation \"" + storage::split_relation_key(action.to).relation + "\" already exists");
    }
    if (kind_ == RelationKind::kIndex) return rename_index(action.to);
    if (kind_ == RelationKind::kSequence) return rename_sequence(action.to);
    WorldPtr before = world_;
    if (kind_ == RelationKind::kView) {
      auto renamed = std::make_shared<storage::ViewDefinition>(*world_->find_view(name_));
      renamed->name = action.to;
      world_ = world_->without_view(name_)->with_view(std::move(renamed));
    } else {
      const Table& old = table();
      SchemaParts parts = storage::parts_of(old.schema());
      parts.name = action.to;
      for (auto& key : parts.foreign_keys) {
        if (key.referenced_table == name_) key.referenced_table = action.to;
      }
      world_ = with_table(world_->without_table(name_), old.with_schema(storage::make_schema(std::move(parts))));
      // Sequences owned by its columns follow the table's name (walking a
      // handle of their own: the loop replaces world_).
      const auto sequences = world_->sequences();
      for (auto entry : sequences) {
        if (entry.value->owner_table != name_) continue;
        auto owned = std::make_shared<storage::SequenceDefinition>(*entry.value);
        owned->owner_table = action.to;
        world_ = world_->with_sequence(std::move(owned));
      }
      // Foreign keys of other tables name the referenced table (walking a
      // handle of its own: the loop replaces world_).
      const auto tables = world_->tables();
      for (auto entry : tables) {
        SchemaParts other = storage::parts_of(entry.value->schema());
        bool changed = false;
        for (auto& key : other.foreign_keys) {
          if (key.referenced_table != name_) continue;
          key.referenced_table = action.to;
          changed = true;
        }
        if (changed) world_ = with_schema(world_, *entry.value, std::move(other));
      }
    }
    rewrite_dependent_views(*before, name_, [&](const std::string& sql) {
      return planner::rename_relation_in_query(sql, name_, action.to);
    });
    name_ = action.to;
  }

  // A sequence's new name, and the defaults that call nextval on it (stored
  // as text, where PostgreSQL stores the oid and prints the current name).
  void rename_sequence(const std::string& to) {
    auto renamed = std::make_shared<storage::SequenceDefinition>(*world_->find_sequence(name_));
    renamed->name = to;
    world_ = world_->without_sequence(name_)->with_sequence(std::move(renamed));
    const std::string old_default = planner::nextval_default_sql(name_);
    const auto tables = world_->tables();  // a handle of its own: the loop replaces world_
    for (auto entry : tables) {
      SchemaParts parts = storage::parts_of(entry.value->schema());
      bool changed = false;
      for (auto& column : parts.columns) {
        if (column.default_sql && *column.default_sql == old_default) {
          column.default_sql = planner::nextval_default_sql(to);
          changed = true;
        }
      }
      if (changed) world_ = with_schema(world_, *entry.value, std::move(parts));
    }
    name_ = to;
  }

  void rename_index(const std::string& to) {
    auto location = storage::find_index(*world_, name_);
    if (!location->position) {
      throw SqlError(sqlstate::kFeatureNotSupported, "renaming a primary key index is not supported");
    }
    SchemaParts parts = storage::parts_of(location->table->schema());
    parts.indexes[*location->position].name = to;
    world_ = with_schema(world_, *location->table, std::move(parts));
    name_ = to;
  }

  // Views keep their queries as SQL text: after a rename, those naming
  // `relation` (in `before`) get their text rewritten, and must still plan to
  // the columns they had.
  void rewrite_dependent_views(const storage::World& before, const std::string& relation,
                               const std::function<std::optional<std::string>(const std::string&)>& rewrite) {
    auto views = planner::views_naming(before, relation);
    for (const auto& view : views) {
      auto rewritten = std::make_shared<storage::ViewDefinition>(*world_->find_view(view->name));
      auto text = rewrite(rewritten->query_sql);
      if (!text) throw_unrewritable(view->name);
      rewritten->query_sql = std::move(*text);
      world_ = world_->with_view(std::move(rewritten));
    }
    for (const auto& view : views) {
      auto old_columns = planner::plan_view_columns(view->query_sql, view->column_names, before);
      std::optional<planner::ViewColumns> new_columns;
      try {
        const auto& current = *world_->find_view(view->name);
        new_columns = planner::plan_view_columns(current.query_sql, current.column_names, *world_);
      } catch (const SqlError&) {
        throw_unrewritable(view->name);
      }
      if (new_columns->types != old_columns.types) throw_unrewritable(view->name);
    }
  }

  [[noreturn]] static void throw_unrewritable(const std::string& view) {
    throw SqlError(sqlstate::kFeatureNotSupported,
                   "cannot rename an object that view \"" + view + "\" uses in a way ptreedb cannot rewrite");
  }

  void apply(const planner::AddUnique& action) {
    table();
    world_ = add_unique_constraint(*world_, name_, action.name, action.columns);
  }

  void apply(const planner::AddPrimaryKey& action) {
    const Table& old = table();
    const TableSchema& schema = old.schema();
    if (schema.has_primary_key()) {
      throw SqlError("42P16", "multiple primary keys for table \"" + name_ + "\" are not allowed");
    }
    SchemaParts parts = storage::parts_of(schema);
    for (const auto& column : action.columns) parts.primary_key.push_back(existing_column(schema, column));
    auto keyed_schema = storage::make_schema(parts);
    if (storage::relation_kind(*world_, storage::primary_key_index_name(*keyed_schema))) {
      throw SqlError("42P07", "relation \"" + storage::split_relation_key(storage::primary_key_index_name(*keyed_schema)).relation + "\" already exists");
    }
    for (auto entry : old.rows()) {
      for (std::size_t column : parts.primary_key) {
        if (!entry.value.is_null(column)) continue;
        // PostgreSQL builds the index (reporting duplicates) before it checks NOT NULL.
        storage::build_index(schema, {storage::primary_key_index_name(schema), parts.primary_key, true}, old.rows());
        throw SqlError(sqlstate::kNotNullViolation, "column \"" + schema.column(column).name + "\" of relation \"" +
                                                        name_ + "\" contains null values");
      }
    }
    auto same_row = [](const storage::RowRef& row, storage::RowBuilder&) { return row; };
    world_ = with_table(world_, old.with_rewritten_rows(keyed_schema, same_row, same_indexes(schema)));
  }

  void apply(const planner::AddForeignKey& action) {
    const Table& old = table();
    const TableSchema& schema = old.schema();
    SchemaParts parts = storage::parts_of(schema);
    parts.foreign_keys.push_back(planner::resolve_foreign_key(action.key, schema, *world_, schema.foreign_keys()));
    world_ = with_schema(world_, old, std::move(parts));
    if (!action.key.validate_existing_rows) return;
    auto constrained = world_->find_table(name_);
    std::vector<storage::RowRef> rows;
    rows.reserve(constrained->row_count());
    for (auto entry : constrained->rows()) rows.push_back(entry.value);
    storage::check_foreign_key_rows(*world_, *constrained, constrained->schema().foreign_keys().size() - 1, rows);
  }

  void apply(const planner::AddCheck& action) {
    const Table& old = table();
    SchemaParts parts = storage::parts_of(old.schema());
    parts.checks.push_back(planner::make_check_constraint(old.schema(), action.expression_sql, action.name,
                                                          planner::constraint_names(*world_)));
    const storage::CheckConstraintSchema added = parts.checks.back();
    world_ = with_schema(world_, old, std::move(parts));
    auto constrained = world_->find_table(name_);
    for (const auto& check : planner::bind_table_checks(constrained->schema())) {
      if (check.name == added.name) check_existing_rows(constrained, check);
    }
  }

  void apply(const planner::DropConstraint& action) {
    const Table& old = table();
    const TableSchema& schema = old.schema();
    SchemaParts parts = storage::parts_of(schema);
    auto check = std::find_if(parts.checks.begin(), parts.checks.end(),
                              [&](const auto& c) { return c.name == action.name; });
    if (check != parts.checks.end()) {
      parts.checks.erase(check);
      world_ = with_schema(world_, old, std::move(parts));
      return;
    }
    auto key = std::find_if(parts.foreign_keys.begin(), parts.foreign_keys.end(),
                            [&](const auto& k) { return k.name == action.name; });
    if (key != parts.foreign_keys.end()) {
      parts.foreign_keys.erase(key);
      world_ = with_schema(world_, old, std::move(parts));
      return;
    }
    std::optional<std::size_t> index;
    bool primary_key = schema.has_primary_key() && storage::primary_key_index_name(schema) == action.name;
    for (std::size_t i = 0; i < schema.indexes().size() && !primary_key; ++i) {
      if (schema.indexes()[i].name == action.name && !schema.indexes()[i].standalone) index = i;
    }
    if (!primary_key && !index) {
      if (action.missing_ok) return;
      throw SqlError(sqlstate::kUndefinedObject,
                     "constraint \"" + action.name + "\" of relation \"" + relation_name() + "\" does not exist");
    }
    // Foreign keys that look their rows up in this key depend on it.
    auto dependents = keys_using(*world_, schema, index);
    std::erase_if(dependents, [&](const auto& d) {
      return d.first == name_ && std::none_of(schema.foreign_keys().begin(), schema.foreign_keys().end(),
                                              [&](const auto& k) { return k.name == d.second; });
    });
    if (!dependents.empty() && !action.cascade) {
      std::vector<std::string> lines;
      for (const auto& [table_name, key_name] : dependents) {
        lines.push_back("constraint " + key_name + " on table " + table_name + " depends on index " + action.name);
      }
      throw_dependents("constraint " + action.name + " on table " + name_, lines);
    }
    world_ = without_foreign_keys(world_, dependents);
    auto current = world_->find_table(name_);
    parts = storage::parts_of(current->schema());
    if (index) {
      parts.indexes.erase(parts.indexes.begin() + static_cast<std::ptrdiff_t>(*index));
      world_ = with_table(world_, current->without_index(storage::make_schema(std::move(parts)), *index));
      return;
    }
    // Without a primary key the rows are keyed by row ids: a re-keying rewrite.
    parts.primary_key.clear();
    auto same_row = [](const storage::RowRef& row, storage::RowBuilder&) { return row; };
    world_ = with_table(world_, current->with_rewritten_rows(storage::make_schema(std::move(parts)), same_row,
                                                             same_indexes(current->schema())));
  }

  void apply(const planner::SetColumnDefault& action) {
    const Table& old = table();
    SchemaParts parts = storage::parts_of(old.schema());
    auto& column = parts.columns[existing_column(old.schema(), action.column)];
    if (column.identity != 0) {
      // Its default is its sequence's nextval, not shown and not replaced.
      throw SqlError("42601", "column \"" + action.column + "\" of relation \"" + relation_name() + "\" is an identity column",
                     {}, action.default_sql ? "" : "Use ALTER TABLE ... ALTER COLUMN ... DROP IDENTITY instead.");
    }
    column.default_sql = action.default_sql;
    planner::check_default(column);
    world_ = with_schema(world_, old, std::move(parts));
  }

  void apply(const planner::SetStorageParameters& action) {
    if (kind_ == RelationKind::kIndex) return;  // ALTER TABLE index SET (...): checked, and nothing to keep
    if (kind_ == RelationKind::kView) {
      throw SqlError(sqlstate::kFeatureNotSupported, "ALTER VIEW ... SET/RESET (view options) is not supported");
    }
    const Table& old = table();
    SchemaParts parts = storage::parts_of(old.schema());
    parts.options = planner::merged_storage_parameters(std::move(parts.options), action.set, action.reset);
    world_ = with_schema(world_, old, std::move(parts));
  }

  void apply(const planner::SetColumnNotNull& action) {
    const Table& old = table();
    const TableSchema& schema = old.schema();
    const std::size_t position = existing_column(schema, action.column);
    if (!action.not_null && schema.column(position).identity != 0) {
      throw SqlError("42601", "column \"" + action.column + "\" of relation \"" + relation_name() + "\" is an identity column");
    }
    if (!action.not_null && uses(schema.primary_key(), position)) {
      throw SqlError("42P16", "column \"" + action.column + "\" is in a primary key");
    }
    if (action.not_null && !schema.column(position).not_null) {
      for (auto entry : old.rows()) {
        if (entry.value.is_null(position)) {
          throw SqlError(sqlstate::kNotNullViolation,
                         "column \"" + action.column + "\" of relation \"" + relation_name() + "\" contains null values");
        }
      }
    }
    SchemaParts parts = storage::parts_of(schema);
    parts.columns[position].not_null = action.not_null;
    world_ = with_schema(world_, old, std::move(parts));
  }

  // Identity columns (ALTER COLUMN ... ADD/SET/DROP IDENTITY): the column's
  // owned sequence is created, altered or dropped with it.
  [[noreturn]] void not_identity(const std::string& column) {
    throw SqlError("55000", "column \"" + column + "\" of relation \"" + relation_name() + "\" is not an identity column");
  }

  std::shared_ptr<const storage::SequenceDefinition> identity_sequence(const std::string& column) {
    for (auto entry : world_->sequences()) {
      if (entry.value->owner_table == name_ && entry.value->owner_column == column) return entry.value;
    }
    return nullptr;
  }

  void apply(const planner::AddIdentity& action) {
    const Table& old = table();
    const TableSchema& schema = old.schema();
    const std::size_t position = existing_column(schema, action.column);
    const storage::ColumnSchema& column = schema.column(position);
    const auto type = column.type.id;
    if (type != value::TypeId::kSmallint && type != value::TypeId::kInteger && type != value::TypeId::kBigint) {
      throw SqlError(sqlstate::kInvalidParameterValue, "identity column type must be smallint, integer, or bigint");
    }
    const std::string where = "column \"" + action.column + "\" of relation \"" + relation_name() + "\"";
    if (!column.not_null) throw SqlError("55000", where + " must be declared NOT NULL before identity can be added");
    if (column.identity != 0) throw SqlError("55000", where + " is already an identity column");
    if (column.default_sql) throw SqlError("55000", where + " already has a default value");
    planner::SequenceOptionChanges changes = action.options;
    changes.type = type;
    changes.restart.reset();
    auto sequence = std::make_shared<storage::SequenceDefinition>();
    sequence->options = planner::resolve_sequence_options(nullptr, 0, changes).options;
    if (changes.sequence_name) {
      sequence->name = *changes.sequence_name;
      if (storage::relation_kind(*world_, sequence->name)) {
        throw SqlError("42P07", "relation \"" + storage::split_relation_key(sequence->name).relation + "\" already exists");
      }
    } else {
      sequence->name = storage::choose_relation_name(*world_, name_, action.column, "seq");
    }
    sequence->oid = world_->next_oid();
    sequence->owner_table = name_;
    sequence->owner_column = action.column;
    sequence->counter = std::make_shared<storage::SequenceCounter>(sequence->oid, sequence->options.start, false);
    SchemaParts parts = storage::parts_of(schema);
    parts.columns[position].identity = action.generated;
    parts.columns[position].default_sql = planner::nextval_default_sql(sequence->name);
    const std::uint32_t oid = sequence->oid;
    world_ = with_creator_as_owner(world_->with_sequence(std::move(sequence)), oid);
    world_ = with_schema(world_, *world_->find_table(name_), std::move(parts));
  }

  void apply(const planner::SetIdentity& action) {
    const Table& old = table();
    const TableSchema& schema = old.schema();
    const std::size_t position = existing_column(schema, action.column);
    if (schema.column(position).identity == 0) not_identity(action.column);
    auto existing = identity_sequence(action.column);
    if (existing) {
      auto resolved = planner::resolve_sequence_options(&existing->options, existing->counter->state().last_value,
                                                        action.options);
      auto altered = std::make_shared<storage::SequenceDefinition>(*existing);
      altered->options = resolved.options;
      if (resolved.restart) {
        altered->counter =
            std::make_shared<storage::SequenceCounter>(altered->oid, resolved.restart->last_value, false);
      } else if (!(altered->options == existing->options)) {
        existing->counter->log_on_next_call();
      }
      world_ = world_->with_sequence(std::move(altered));
    }
    if (action.generated) {
      SchemaParts parts = storage::parts_of(schema);
      parts.columns[position].identity = *action.generated;
      world_ = with_schema(world_, old, std::move(parts));
    }
  }

  void apply(const planner::DropIdentity& action) {
    const Table& old = table();
    const TableSchema& schema = old.schema();
    const std::size_t position = existing_column(schema, action.column);
    if (schema.column(position).identity == 0) {
      if (action.missing_ok) return;
      not_identity(action.column);
    }
    SchemaParts parts = storage::parts_of(schema);
    parts.columns[position].identity = 0;
    parts.columns[position].default_sql.reset();
    world_ = with_schema(world_, old, std::move(parts));
    if (auto sequence = identity_sequence(action.column)) world_ = world_->without_sequence(sequence->name);
  }

  WorldPtr world_;
  const planner::AlterTablePlan& plan_;
  std::string name_;
  // The table's name as PostgreSQL's messages give it: without its schema.
  std::string relation_name() const { return storage::split_relation_key(name_).relation; }
  RelationKind kind_;
  std::shared_ptr<const Table> current_;  // keeps table()'s result alive while an action runs
};

}  // namespace

WorldPtr alter_relation(const storage::World& world, const planner::AlterTablePlan& plan) {
  auto kind = storage::relation_kind(world, plan.relation);
  if (!kind) {
    if (plan.missing_ok) return nullptr;
    throw SqlError(sqlstate::kUndefinedTable, "relation \"" + plan.relation + "\" does not exist");
  }
  planner::catalog::PlanningWorld planning(world);  // defaults naming sequences bind against it
  return AlterTable(std::make_shared<const storage::World>(world), plan, *kind).run();
}

}  // namespace ptreedb::exec
