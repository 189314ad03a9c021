#include "planner/catalog/catalog_oids.h"

namespace ptreedb::planner::catalog {
namespace {

std::int64_t base(const storage::TableSchema& table) { return std::int64_t{table.oid()} * kOidsPerTable; }

}  // namespace

std::int64_t primary_key_index_oid(const storage::TableSchema& table) { return base(table) + 1; }
std::int64_t secondary_index_oid(const storage::TableSchema& table, std::size_t index) {
  return base(table) + 2 + static_cast<std::int64_t>(index % 14);
}
std::int64_t primary_key_constraint_oid(const storage::TableSchema& table) { return base(table) + 16; }
std::int64_t unique_constraint_oid(const storage::TableSchema& table, std::size_t index) {
  return base(table) + 17 + static_cast<std::int64_t>(index % 14);
}
std::int64_t foreign_key_constraint_oid(const storage::TableSchema& table, std::size_t foreign_key) {
  return base(table) + 31 + static_cast<std::int64_t>(foreign_key % 16);
}
std::int64_t check_constraint_oid(const storage::TableSchema& table, std::size_t check) {
  constexpr std::int64_t kCheckOidBase = 3'000'000'000;
  return kCheckOidBase + std::int64_t{table.oid()} * 32 + static_cast<std::int64_t>(check % 32);
}
std::int64_t default_oid(const storage::TableSchema& table, std::size_t column) {
  return base(table) + 47 + static_cast<std::int64_t>(column % 17);
}

std::int64_t system_relation_oid(std::size_t registry_position) {
  return 12000 + static_cast<std::int64_t>(registry_position);
}

}  // namespace ptreedb::planner::catalog
