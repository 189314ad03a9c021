// A world's enum types and domains as the value layer's lookup by oid
// (value::UserTypesScope), installed on this thread while the object lives:
// a statement plans and runs against its own world's types.
#pragma once

#include <cstdint>
#include <memory>

#include "storage/value/domain_type.h"
#include "storage/value/enum_type.h"
#include "storage/value/user_types_scope.h"
#include "storage/world/world.h"

namespace ptreedb::storage {

class WorldUserTypes final : public value::UserTypeSource {
 public:
  // `world` must outlive this object.
  explicit WorldUserTypes(const World& world) : world_(world), scope_(this) {}

  std::shared_ptr<const value::EnumType> enum_type(std::uint32_t oid) const override {
    return world_.find_enum_type(oid);
  }
  std::shared_ptr<const value::DomainType> domain(std::uint32_t oid) const override { return world_.find_domain(oid); }

 private:
  const World& world_;
  value::UserTypesScope scope_;
};

}  // namespace ptreedb::storage
