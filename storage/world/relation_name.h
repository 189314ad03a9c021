// How a relation's schema is part of its key in the world's maps: relations of
// schema public are kept under their bare name, those of any other schema
// (CREATE SCHEMA's, or a session's temporary schema pg_temp_N) under
// "schema.relation". Index and sequence names derived from a table's key
// ("s.t_pkey", "s.t_a_seq") are thereby in the table's schema too.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ptreedb::storage {

inline constexpr const char* kPublicSchema = "public";
inline constexpr const char* kTempSchemaPrefix = "pg_temp_";

struct RelationName {
  std::string schema;    // "public" for a bare key
  std::string relation;  // the name as pg_class.relname has it
};

// The key of `relation` in `schema`.
std::string relation_key(const std::string& schema, const std::string& relation);
// The schema and name a key stands for.
RelationName split_relation_key(const std::string& key);
// The key of another relation in the same schema as `key` (an index or a new name).
std::string sibling_key(const std::string& key, const std::string& relation);
// pg_temp_N: a session's schema of temporary relations.
bool is_temp_schema(std::string_view schema);
// A temporary relation's key: never logged, never checkpointed.
bool is_temp_relation_key(std::string_view key);

}  // namespace ptreedb::storage
