// A system relation (pg_catalog.pg_class, information_schema.tables, ...): its
// columns and a function producing its rows from the statement's world. Rows
// are made at plan time and planned as constant rows, so system relations
// join, filter and aggregate like any table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "storage/value/type_id.h"
#include "storage/world/world.h"

namespace ptreedb::planner::catalog {

// One value: NULL, an integer (boolean, oid, int2/4/8), or text.
using Cell = std::variant<std::monostate, std::int64_t, std::string>;

struct SystemColumn {
  std::string name;
  value::SqlType type;
};

using SystemRows = std::vector<std::vector<Cell>>;
using RowsFunction = SystemRows (*)(const storage::World& world);

struct SystemRelation {
  const char* schema;  // "pg_catalog" or "information_schema"
  const char* name;
  std::vector<SystemColumn> columns;
  RowsFunction rows;
};

// Column type shorthands: oids, "char" and name are kept as bigint and text.
inline constexpr value::SqlType kOidType = value::SqlType::of(value::TypeId::kBigint);
inline constexpr value::SqlType kBoolType = value::SqlType::of(value::TypeId::kBoolean);
inline constexpr value::SqlType kInt2Type = value::SqlType::of(value::TypeId::kSmallint);
inline constexpr value::SqlType kInt4Type = value::SqlType::of(value::TypeId::kInteger);
inline constexpr value::SqlType kInt8Type = value::SqlType::of(value::TypeId::kBigint);
inline constexpr value::SqlType kTextType = value::SqlType::of(value::TypeId::kText);
inline constexpr value::SqlType kFloat4Type = value::SqlType::of(value::TypeId::kReal);
inline constexpr value::SqlType kTimestampType = value::SqlType::of(value::TypeId::kTimestamp);
inline constexpr value::SqlType kTextArrayType = value::SqlType::array_of(kTextType);

inline Cell boolean(bool value) { return Cell{std::int64_t{value ? 1 : 0}}; }
inline Cell yes_no(bool value) { return Cell{std::string(value ? "YES" : "NO")}; }

// The families, one file each.
std::vector<SystemRelation> pg_catalog_relations();
std::vector<SystemRelation> information_schema_relations();

// Every system relation, pg_catalog's first; its position gives its oid.
const std::vector<SystemRelation>& system_relations();

// The relation `schema.name` (schema empty: pg_catalog only, as the search
// path puts it first), if it is a system relation.
const SystemRelation* find_system_relation(const std::string& schema, const std::string& name);
std::size_t system_relation_position(const SystemRelation& relation);

}  // namespace ptreedb::planner::catalog
