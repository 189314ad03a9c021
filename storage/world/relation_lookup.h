// Names in a world's one relation namespace, as PostgreSQL's pg_class has it:
// tables, views, sequences and indexes (a primary key's index included)
// share names.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "storage/table/table_keys.h"
#include "storage/world/world.h"

namespace ptreedb::storage {

enum class RelationKind : std::uint8_t { kTable, kView, kIndex, kSequence };

// What `name` is in `world`, if anything.
std::optional<RelationKind> relation_kind(const World& world, const std::string& name);

struct IndexLocation {
  std::shared_ptr<const Table> table;
  std::optional<std::size_t> position;  // in the table's index list; none for the primary key
};

// The table holding index `name`, if any.
std::optional<IndexLocation> find_index(const World& world, const std::string& name);

// PostgreSQL's makeObjectName: "<table>_<columns>_<suffix>" (no "_<columns>"
// when empty), the longer of table and columns cut until it fits in 63 bytes.
std::string make_object_name(std::string table, std::string columns, const std::string& suffix);

// PostgreSQL's ChooseRelationName: "<base>" if free, else "<base>1", "<base>2", ...
// where base is "<table>_<columns...>_<suffix>" (each part cut so the whole
// fits in 63 bytes).
std::string choose_relation_name(const World& world, const std::string& table, const std::string& columns,
                                 const std::string& suffix);

}  // namespace ptreedb::storage
