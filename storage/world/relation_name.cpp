#include "storage/world/relation_name.h"

namespace ptreedb::storage {

std::string relation_key(const std::string& schema, const std::string& relation) {
  if (schema.empty() || schema == kPublicSchema) return relation;
  return schema + "." + relation;
}

RelationName split_relation_key(const std::string& key) {
  const auto dot = key.find('.');
  if (dot == std::string::npos) return {kPublicSchema, key};
  return {key.substr(0, dot), key.substr(dot + 1)};
}

std::string sibling_key(const std::string& key, const std::string& relation) {
  return relation_key(split_relation_key(key).schema, relation);
}

bool is_temp_schema(std::string_view schema) {
  return schema.starts_with(kTempSchemaPrefix) && schema.size() > std::string_view(kTempSchemaPrefix).size();
}

bool is_temp_relation_key(std::string_view key) {
  const auto dot = key.find('.');
  return dot != std::string_view::npos && is_temp_schema(key.substr(0, dot));
}

}  // namespace ptreedb::storage
