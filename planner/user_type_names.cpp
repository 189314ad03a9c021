#include "planner/user_type_names.h"

#include <string>

#include "planner/catalog/catalog_functions.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {

value::SqlType resolve_type(std::string_view name, std::span<const std::int32_t> modifiers) {
  try {
    return value::resolve_type_name(name, modifiers);
  } catch (const SqlError& error) {
    if (error.sqlstate() != std::string(sqlstate::kUndefinedObject)) throw;
    const storage::World* world = catalog::PlanningWorld::current();
    if (world == nullptr) throw;
    auto not_modifiable = [&] {
      if (!modifiers.empty()) {
        throw SqlError(sqlstate::kSyntaxError, "type modifier is not allowed for type \"" + std::string(name) + "\"");
      }
    };
    if (auto type = world->find_enum_type(std::string(name))) {
      not_modifiable();
      return value::SqlType::enumeration(type->oid);
    }
    if (auto domain = world->find_domain(std::string(name))) {
      not_modifiable();
      return value::domain_sql_type(*domain);
    }
    throw;
  }
}

std::shared_ptr<const value::EnumType> planning_enum_type(std::uint32_t oid) {
  const storage::World* world = catalog::PlanningWorld::current();
  return world == nullptr ? nullptr : world->find_enum_type(oid);
}

std::shared_ptr<const value::DomainType> planning_domain(std::uint32_t oid) {
  const storage::World* world = catalog::PlanningWorld::current();
  return world == nullptr ? nullptr : world->find_domain(oid);
}

}  // namespace ptreedb::planner
