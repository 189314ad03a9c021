#include "planner/catalog/system_relation.h"

namespace ptreedb::planner::catalog {

const std::vector<SystemRelation>& system_relations() {
  static const std::vector<SystemRelation> all = [] {
    std::vector<SystemRelation> relations = pg_catalog_relations();
    for (auto& relation : information_schema_relations()) relations.push_back(std::move(relation));
    return relations;
  }();
  return all;
}

const SystemRelation* find_system_relation(const std::string& schema, const std::string& name) {
  const std::string wanted_schema = schema.empty() ? "pg_catalog" : schema;
  for (const auto& relation : system_relations()) {
    if (relation.schema == wanted_schema && relation.name == name) return &relation;
  }
  return nullptr;
}

std::size_t system_relation_position(const SystemRelation& relation) {
  return static_cast<std::size_t>(&relation - system_relations().data());
}

}  // namespace ptreedb::planner::catalog
