#include "planner/catalog/catalog_objects.h"

#include <algorithm>

#include "planner/catalog/catalog_oids.h"
#include "storage/table/table_keys.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner::catalog {
namespace {

std::string column_list(const storage::TableSchema& schema, const std::vector<std::size_t>& columns) {
  std::string out;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (i > 0) out += ", ";
    out += quote_identifier(schema.column(columns[i]).name);
  }
  return out;
}

}  // namespace

std::vector<std::shared_ptr<const storage::Table>> tables_of(const storage::World& world) {
  std::vector<std::shared_ptr<const storage::Table>> out;
  for (auto entry : world.tables()) out.push_back(entry.value);
  return out;
}

std::vector<std::shared_ptr<const storage::ViewDefinition>> views_of(const storage::World& world) {
  std::vector<std::shared_ptr<const storage::ViewDefinition>> out;
  for (auto entry : world.views()) out.push_back(entry.value);
  return out;
}

std::vector<IndexEntry> indexes_of(const storage::World& world) {
  std::vector<IndexEntry> out;
  for (const auto& table : tables_of(world)) {
    const storage::TableSchema& schema = table->schema();
    if (schema.has_primary_key()) {
      out.push_back({primary_key_index_oid(schema), storage::primary_key_index_name(schema), table,
                     schema.primary_key(), true, true, true, primary_key_constraint_oid(schema)});
    }
    for (std::size_t i = 0; i < schema.indexes().size(); ++i) {
      const auto& index = schema.indexes()[i];
      bool constraint = index.unique && !index.standalone;
      out.push_back({secondary_index_oid(schema, i), index.name, table, index.columns, index.unique, false,
                     constraint, constraint ? unique_constraint_oid(schema, i) : 0});
    }
  }
  return out;
}

std::vector<ForeignKeyEntry> foreign_keys_of(const storage::World& world) {
  std::vector<ForeignKeyEntry> out;
  for (const auto& table : tables_of(world)) {
    const storage::TableSchema& schema = table->schema();
    for (std::size_t i = 0; i < schema.foreign_keys().size(); ++i) {
      out.push_back({foreign_key_constraint_oid(schema, i), table, i,
                     world.find_table(schema.foreign_keys()[i].referenced_table)});
    }
  }
  return out;
}

std::string quote_identifier(const std::string& name) {
  bool plain = !name.empty() && ((name[0] >= 'a' && name[0] <= 'z') || name[0] == '_');
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) plain = false;
  }
  // A few reserved words clients meet in column names.
  static const char* const kReserved[] = {"all",   "and",   "as",    "case",  "check", "column", "default",
                                          "desc",  "end",   "from",  "group", "in",    "limit",  "not",
                                          "null",  "order", "select", "table", "to",   "user",   "where",
                                          "with",  "primary", "references", "unique", "union", "when"};
  for (const char* word : kReserved) {
    if (name == word) plain = false;
  }
  if (plain) return name;
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string index_definition(const IndexEntry& index, bool qualify_schema) {
  const storage::TableSchema& schema = index.table->schema();
  return std::string("CREATE ") + (index.unique ? "UNIQUE " : "") + "INDEX " + quote_identifier(index.name) +
         " ON " + (qualify_schema ? "public." : "") + quote_identifier(schema.name()) + " USING btree (" + column_list(schema, index.columns) +
         ")";
}

std::string unique_constraint_definition(const IndexEntry& index) {
  return std::string(index.primary ? "PRIMARY KEY (" : "UNIQUE (") +
         column_list(index.table->schema(), index.columns) + ")";
}

std::string qualified_identifier(const std::string& key) {
  const storage::RelationName name = storage::split_relation_key(key);
  if (name.schema == storage::kPublicSchema) return quote_identifier(name.relation);
  return quote_identifier(name.schema) + "." + quote_identifier(name.relation);
}

std::string foreign_key_definition(const ForeignKeyEntry& entry) {
  const storage::TableSchema& schema = entry.table->schema();
  const storage::ForeignKeySchema& key = schema.foreign_keys()[entry.position];
  std::string out = "FOREIGN KEY (" + column_list(schema, key.columns) + ") REFERENCES " +
                    qualified_identifier(key.referenced_table) + "(";
  if (entry.referenced) out += column_list(entry.referenced->schema(), key.referenced_columns);
  out += ")";
  if (key.match_full) out += " MATCH FULL";
  if (key.on_delete == storage::ForeignKeyAction::kCascade) out += " ON DELETE CASCADE";
  if (key.on_delete == storage::ForeignKeyAction::kRestrict) out += " ON DELETE RESTRICT";
  return out;
}

}  // namespace ptreedb::planner::catalog
