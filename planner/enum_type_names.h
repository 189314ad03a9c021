// Type names as the planner resolves them: PostgreSQL's built-in types
// (storage/value/type_id), then the enum types of the world being planned
// (catalog::PlanningWorld).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "storage/value/enum_type.h"
#include "storage/value/type_id.h"
#include "storage/world/world.h"

namespace ptreedb::planner {

// Throws 42704 for a name that is neither, 42601 for modifiers on an enum type.
value::SqlType resolve_type(std::string_view name, std::span<const std::int32_t> modifiers = {});

// Makes the registry (value::registered_enum_type, read where no catalog is
// at hand: exec's casts, COPY, format_type) hold `world`'s version of each of
// its enum types, so a rolled-back ALTER TYPE is forgotten by the next statement.
void register_enum_types_of(const storage::World& world);

// The enum type of that oid in the planning world, or nullptr.
std::shared_ptr<const value::EnumType> planning_enum_type(std::uint32_t oid);

}  // namespace ptreedb::planner
