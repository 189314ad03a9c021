// The oids the system catalogs show, as PostgreSQL 15 numbers them: fixed ones
// for the built-in namespaces, role, database, access methods and collations,
// and oids of user objects derived from the world's catalog so they stay the
// same from one statement to the next.
#pragma once

#include <cstdint>
#include <string>

#include "storage/catalog/table_schema.h"

namespace ptreedb::planner::catalog {

inline constexpr std::int64_t kPgCatalogNamespace = 11;
inline constexpr std::int64_t kPgToastNamespace = 99;
inline constexpr std::int64_t kPublicNamespace = 2200;
inline constexpr std::int64_t kInformationSchemaNamespace = 13207;
inline constexpr std::int64_t kSuperuserOid = 10;         // the bootstrap role "postgres"
inline constexpr std::int64_t kDatabaseOwnerOid = 6171;   // pg_database_owner, owner of public
inline constexpr std::int64_t kPostgresDatabase = 5;
inline constexpr std::int64_t kHeapAm = 2;
inline constexpr std::int64_t kBtreeAm = 403;
inline constexpr std::int64_t kDefaultCollation = 100;
inline constexpr std::int64_t kCCollation = 950;
inline constexpr std::int64_t kUtf8Encoding = 6;
inline constexpr const char* kUserName = "postgres";
inline constexpr const char* kDatabaseName = "postgres";

// A table's indexes and constraints have no oids of their own in the catalog:
// they get table_oid * 64 + a small number (user oids count up from 16384, so
// these never meet a table's or view's oid before 2^20 relations). Slots:
// 1 primary key index, 2..15 secondary indexes, 16 primary key constraint,
// 17..30 unique constraints, 31..46 foreign keys, 47..63 column defaults;
// a table with more than 14 indexes or 16 foreign keys repeats oids.
inline constexpr std::int64_t kOidsPerTable = 64;
std::int64_t primary_key_index_oid(const storage::TableSchema& table);
std::int64_t secondary_index_oid(const storage::TableSchema& table, std::size_t index);
std::int64_t primary_key_constraint_oid(const storage::TableSchema& table);
std::int64_t unique_constraint_oid(const storage::TableSchema& table, std::size_t index);
std::int64_t foreign_key_constraint_oid(const storage::TableSchema& table, std::size_t foreign_key);
// A CHECK constraint's oid, from a range of its own (the per-table block is full).
std::int64_t check_constraint_oid(const storage::TableSchema& table, std::size_t check);
// A column default's pg_attrdef oid.
std::int64_t default_oid(const storage::TableSchema& table, std::size_t column);

// The oids pg_class gives the system relations themselves (pg_catalog.pg_class
// is 1259 as in PostgreSQL; the others are numbered from a fixed base).
std::int64_t system_relation_oid(std::size_t registry_position);

}  // namespace ptreedb::planner::catalog
