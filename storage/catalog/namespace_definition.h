// A schema created with CREATE SCHEMA (PostgreSQL's pg_namespace row). Its
// owner and grants live in the world's ACL map under its oid, as those of the
// public schema do. Relations of a schema other than public are kept in the
// world's maps under the qualified name "schema.relation"
// (storage/world/relation_name.h).
#pragma once

#include <cstdint>
#include <string>

namespace ptreedb::storage {

struct NamespaceDefinition {
  std::string name;
  std::uint32_t oid = 0;
};

}  // namespace ptreedb::storage
