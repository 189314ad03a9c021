#include "storage/value/domain_type.h"

#include <map>
#include <mutex>

namespace ptreedb::value {

namespace {

std::mutex registry_mutex;
std::map<std::uint32_t, std::shared_ptr<const DomainType>>& registry() {
  static std::map<std::uint32_t, std::shared_ptr<const DomainType>> domains;
  return domains;
}

}  // namespace

SqlType domain_sql_type(const DomainType& domain) {
  SqlType type = domain.base;
  type.domain_oid = domain.oid;
  return type;
}

void register_domain_type(std::shared_ptr<const DomainType> domain) {
  std::lock_guard lock(registry_mutex);
  registry()[domain->oid] = std::move(domain);
}

std::shared_ptr<const DomainType> registered_domain_type(std::uint32_t oid) {
  std::lock_guard lock(registry_mutex);
  auto found = registry().find(oid);
  return found == registry().end() ? nullptr : found->second;
}

}  // namespace ptreedb::value
