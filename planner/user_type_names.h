// Type names as the planner resolves them: PostgreSQL's built-in types
// (storage/value/type_id), then the enum types and domains of the world being
// planned (catalog::PlanningWorld).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "storage/value/domain_type.h"
#include "storage/value/enum_type.h"
#include "storage/value/type_id.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

// Throws 42704 for a name that is none of them, 42601 for modifiers on an
// enum type or a domain.
value::SqlType resolve_type(std::string_view name, std::span<const std::int32_t> modifiers = {});

// The enum type or domain of that oid in the planning world, or nullptr.
std::shared_ptr<const value::EnumType> planning_enum_type(std::uint32_t oid);
std::shared_ptr<const value::DomainType> planning_domain(std::uint32_t oid);

}  // namespace ptreedb::planner
