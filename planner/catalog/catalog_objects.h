// The user's objects as the catalogs list them: every table, view and index
// of a world with its oid, and the SQL text PostgreSQL's pg_get_indexdef and
// pg_get_constraintdef print for indexes and constraints.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "storage/world/world.h"

namespace ptreedb::planner::catalog {

struct IndexEntry {
  std::int64_t oid = 0;
  std::string name;
  std::shared_ptr<const storage::Table> table;
  std::vector<std::size_t> columns;
  bool unique = false;
  bool primary = false;
  bool constraint = false;  // made by PRIMARY KEY or UNIQUE (pg_constraint has a row)
  std::int64_t constraint_oid = 0;
};

struct ForeignKeyEntry {
  std::int64_t oid = 0;
  std::shared_ptr<const storage::Table> table;
  std::size_t position = 0;  // in the table's foreign key list
  std::shared_ptr<const storage::Table> referenced;  // null if it is gone
};

std::vector<std::shared_ptr<const storage::Table>> tables_of(const storage::World& world);
std::vector<std::shared_ptr<const storage::ViewDefinition>> views_of(const storage::World& world);
std::vector<IndexEntry> indexes_of(const storage::World& world);
std::vector<ForeignKeyEntry> foreign_keys_of(const storage::World& world);

// "id" stays id; "Mixed Case" or a keyword-like name gets double quotes.
std::string quote_identifier(const std::string& name);
// A relation's key as SQL names it: "s.t" as s.t (each part quoted as needed), public's bare.
std::string qualified_identifier(const std::string& key);
// "CREATE UNIQUE INDEX t_pkey ON public.t USING btree (id)"
// pg_get_indexdef's text; the pretty form leaves out the (visible) schema.
std::string index_definition(const IndexEntry& index, bool qualify_schema = true);
// "PRIMARY KEY (id)", "UNIQUE (a, b)", "FOREIGN KEY (a) REFERENCES u(id) ON DELETE CASCADE"
std::string unique_constraint_definition(const IndexEntry& index);
std::string foreign_key_definition(const ForeignKeyEntry& foreign_key);

}  // namespace ptreedb::planner::catalog
