#include "storage/value/domain_type.h"

#include "storage/value/user_types_scope.h"

namespace ptreedb::value {

SqlType domain_sql_type(const DomainType& domain) {
  SqlType type = domain.base;
  type.domain_oid = domain.oid;
  return type;
}

std::shared_ptr<const DomainType> registered_domain_type(std::uint32_t oid) {
  const UserTypeSource* source = UserTypesScope::current();
  return source == nullptr ? nullptr : source->domain(oid);
}

}  // namespace ptreedb::value
