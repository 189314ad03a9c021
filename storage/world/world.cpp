#include "storage/world/world.h"

#include <algorithm>

namespace ptreedb::storage {

World::World() {
  auto bootstrap = std::make_shared<Role>();
  bootstrap->name = kBootstrapSuperuser;
  bootstrap->oid = kBootstrapSuperuserOid;
  bootstrap->superuser = true;
  bootstrap->can_login = true;
  roles_ = roles_.insert(kBootstrapSuperuser, std::move(bootstrap));
}

std::shared_ptr<const World> World::with_table(std::shared_ptr<const Table> table) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->next_oid_ = std::max(next_oid_, table->schema().oid() + 1);
  std::string name = table->schema().name();
  next->tables_ = tables_.insert(std::move(name), std::move(table));
  return next;
}

std::shared_ptr<const World> World::without_table(const std::string& name) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->tables_ = tables_.erase(name);
  return next;
}

std::shared_ptr<const World> World::with_view(std::shared_ptr<const ViewDefinition> view) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->next_oid_ = std::max(next_oid_, view->oid + 1);
  std::string name = view->name;
  next->views_ = views_.insert(std::move(name), std::move(view));
  return next;
}

std::shared_ptr<const World> World::without_view(const std::string& name) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->views_ = views_.erase(name);
  return next;
}

std::shared_ptr<const value::EnumType> World::find_enum_type(std::uint32_t oid) const {
  for (auto entry : enum_types_) {
    if (entry.value->oid == oid) return entry.value;
  }
  return nullptr;
}

std::shared_ptr<const World> World::with_enum_type(std::shared_ptr<const value::EnumType> type) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->next_oid_ = std::max(next_oid_, type->oid + 1);
  for (const auto& label : type->labels) next->next_oid_ = std::max(next->next_oid_, label.oid + 1);
  std::string name = type->name;
  next->enum_types_ = enum_types_.insert(std::move(name), std::move(type));
  return next;
}

std::shared_ptr<const World> World::without_enum_type(const std::string& name) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->enum_types_ = enum_types_.erase(name);
  return next;
}

std::shared_ptr<const value::DomainType> World::find_domain(std::uint32_t oid) const {
  for (auto entry : domains_) {
    if (entry.value->oid == oid) return entry.value;
  }
  return nullptr;
}

std::shared_ptr<const World> World::with_domain(std::shared_ptr<const value::DomainType> domain) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->next_oid_ = std::max(next_oid_, domain->oid + 1);
  for (const auto& check : domain->checks) next->next_oid_ = std::max(next->next_oid_, check.oid + 1);
  std::string name = domain->name;
  next->domains_ = domains_.insert(std::move(name), std::move(domain));
  return next;
}

std::shared_ptr<const World> World::without_domain(const std::string& name) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->domains_ = domains_.erase(name);
  return next;
}

std::shared_ptr<const SequenceDefinition> World::find_sequence(std::uint32_t oid) const {
  for (auto entry : sequences_) {
    if (entry.value->oid == oid) return entry.value;
  }
  return nullptr;
}

std::shared_ptr<const World> World::with_sequence(std::shared_ptr<const SequenceDefinition> sequence) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->next_oid_ = std::max(next_oid_, sequence->oid + 1);
  std::string name = sequence->name;
  next->sequences_ = sequences_.insert(std::move(name), std::move(sequence));
  return next;
}

std::shared_ptr<const World> World::without_sequence(const std::string& name) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->sequences_ = sequences_.erase(name);
  return next;
}

std::shared_ptr<const World> World::with_namespace(std::shared_ptr<const NamespaceDefinition> schema) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->next_oid_ = std::max(next_oid_, schema->oid + 1);
  std::string name = schema->name;
  next->namespaces_ = namespaces_.insert(std::move(name), std::move(schema));
  return next;
}

std::shared_ptr<const World> World::without_namespace(const std::string& name) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->namespaces_ = namespaces_.erase(name);
  return next;
}

std::shared_ptr<const World> World::with_role(std::shared_ptr<const Role> role) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->next_oid_ = std::max(next_oid_, role->oid + 1);
  std::string name = role->name;
  next->roles_ = roles_.insert(std::move(name), std::move(role));
  return next;
}

std::shared_ptr<const World> World::without_role(const std::string& name) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->roles_ = roles_.erase(name);
  return next;
}

std::shared_ptr<const World> World::with_acl(std::uint32_t oid, std::shared_ptr<const ObjectAcl> acl) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->acls_ = acls_.insert(oid, std::move(acl));
  return next;
}

std::shared_ptr<const World> World::without_acl(std::uint32_t oid) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->acls_ = acls_.erase(oid);
  return next;
}

std::shared_ptr<const World> World::with_next_oid(std::uint32_t oid) const {
  auto next = std::make_shared<World>(*this);
  next->version_ = version_ + 1;
  next->next_oid_ = std::max(next_oid_, oid);
  return next;
}

}  // namespace ptreedb::storage
