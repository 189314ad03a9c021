// A world is one committed state of the whole database: every table version
// (and with it the catalog) under one immutable record. Readers hold a world
// for as long as they like; writers make a new one by path copying and publish
// it with one atomic swap (DESIGN.md, "The one idea").
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "storage/catalog/namespace_definition.h"
#include "storage/catalog/object_acl.h"
#include "storage/catalog/role.h"
#include "storage/ptree/ptree.h"
#include "storage/sequence/sequence_definition.h"
#include "storage/table/table.h"
#include "storage/value/domain_type.h"
#include "storage/value/enum_type.h"

namespace ptreedb::storage {

// A view is its defining query, kept as SQL text and planned where it is used.
struct ViewDefinition {
  std::string name;
  std::string query_sql;
  std::vector<std::string> column_names;  // the output names, after any alias list
  std::uint32_t oid = 0;
};

class World {
 public:
  using TableMap = ptree::PTree<std::string, std::shared_ptr<const Table>>;
  using ViewMap = ptree::PTree<std::string, std::shared_ptr<const ViewDefinition>>;
  using RoleMap = ptree::PTree<std::string, std::shared_ptr<const Role>>;
  using SequenceMap = ptree::PTree<std::string, std::shared_ptr<const SequenceDefinition>>;
  // Schemas made by CREATE SCHEMA (public and the system schemas are not kept).
  using NamespaceMap = ptree::PTree<std::string, std::shared_ptr<const NamespaceDefinition>>;
  // CREATE TYPE ... AS ENUM types by name (pg_type's namespace, apart from relations here).
  using EnumTypeMap = ptree::PTree<std::string, std::shared_ptr<const value::EnumType>>;
  // CREATE DOMAIN domains by name (the same pg_type namespace as enum types).
  using DomainMap = ptree::PTree<std::string, std::shared_ptr<const value::DomainType>>;
  // Owners and grants by object oid (tables, views, the public schema). A
  // relation without an entry belongs to the bootstrap superuser, with
  // PostgreSQL's default privileges.
  using AclMap = ptree::PTree<std::uint32_t, std::shared_ptr<const ObjectAcl>>;

  // The empty cluster: no relations, and the bootstrap superuser role.
  World();

  std::uint64_t version() const { return version_; }
  const TableMap& tables() const { return tables_; }
  std::shared_ptr<const Table> find_table(const std::string& name) const {
    const auto* table = tables_.find(name);
    return table == nullptr ? nullptr : *table;
  }
  const ViewMap& views() const { return views_; }
  std::shared_ptr<const ViewDefinition> find_view(const std::string& name) const {
    const auto* view = views_.find(name);
    return view == nullptr ? nullptr : *view;
  }
  const SequenceMap& sequences() const { return sequences_; }
  std::shared_ptr<const SequenceDefinition> find_sequence(const std::string& name) const {
    const auto* sequence = sequences_.find(name);
    return sequence == nullptr ? nullptr : *sequence;
  }
  // By oid (nextval('s'::regclass) binds the oid); a scan, sequences are few.
  std::shared_ptr<const SequenceDefinition> find_sequence(std::uint32_t oid) const;
  const NamespaceMap& namespaces() const { return namespaces_; }
  std::shared_ptr<const NamespaceDefinition> find_namespace(const std::string& name) const {
    const auto* found = namespaces_.find(name);
    return found == nullptr ? nullptr : *found;
  }
  const EnumTypeMap& enum_types() const { return enum_types_; }
  std::shared_ptr<const value::EnumType> find_enum_type(const std::string& name) const {
    const auto* type = enum_types_.find(name);
    return type == nullptr ? nullptr : *type;
  }
  // By oid; a scan, types are few.
  std::shared_ptr<const value::EnumType> find_enum_type(std::uint32_t oid) const;
  const DomainMap& domains() const { return domains_; }
  std::shared_ptr<const value::DomainType> find_domain(const std::string& name) const {
    const auto* domain = domains_.find(name);
    return domain == nullptr ? nullptr : *domain;
  }
  // By oid; a scan, domains are few.
  std::shared_ptr<const value::DomainType> find_domain(std::uint32_t oid) const;
  const RoleMap& roles() const { return roles_; }
  std::shared_ptr<const Role> find_role(const std::string& name) const {
    const auto* role = roles_.find(name);
    return role == nullptr ? nullptr : *role;
  }
  const AclMap& acls() const { return acls_; }
  std::shared_ptr<const ObjectAcl> find_acl(std::uint32_t oid) const {
    const auto* acl = acls_.find(oid);
    return acl == nullptr ? nullptr : *acl;
  }
  // The oid the next created table gets (PostgreSQL user oids start at 16384).
  std::uint32_t next_oid() const { return next_oid_; }

  // New worlds, one version later; this one is unchanged.
  std::shared_ptr<const World> with_table(std::shared_ptr<const Table> table) const;
  std::shared_ptr<const World> without_table(const std::string& name) const;
  std::shared_ptr<const World> with_view(std::shared_ptr<const ViewDefinition> view) const;
  std::shared_ptr<const World> without_view(const std::string& name) const;
  std::shared_ptr<const World> with_sequence(std::shared_ptr<const SequenceDefinition> sequence) const;
  std::shared_ptr<const World> without_sequence(const std::string& name) const;
  std::shared_ptr<const World> with_namespace(std::shared_ptr<const NamespaceDefinition> schema) const;
  std::shared_ptr<const World> without_namespace(const std::string& name) const;
  // Adds or replaces the enum type of that name; next_oid() passes its and its labels' oids.
  std::shared_ptr<const World> with_enum_type(std::shared_ptr<const value::EnumType> type) const;
  std::shared_ptr<const World> without_enum_type(const std::string& name) const;
  // Adds or replaces the domain of that name; next_oid() passes its and its checks' oids.
  std::shared_ptr<const World> with_domain(std::shared_ptr<const value::DomainType> domain) const;
  std::shared_ptr<const World> without_domain(const std::string& name) const;
  // Adds or replaces the role of that name.
  std::shared_ptr<const World> with_role(std::shared_ptr<const Role> role) const;
  std::shared_ptr<const World> without_role(const std::string& name) const;
  std::shared_ptr<const World> with_acl(std::uint32_t oid, std::shared_ptr<const ObjectAcl> acl) const;
  std::shared_ptr<const World> without_acl(std::uint32_t oid) const;
  // The same relations with next_oid() at least `oid` (recovery restores it).
  std::shared_ptr<const World> with_next_oid(std::uint32_t oid) const;

 private:
  std::uint64_t version_ = 0;
  std::uint32_t next_oid_ = 16384;
  TableMap tables_;
  ViewMap views_;
  SequenceMap sequences_;
  NamespaceMap namespaces_;
  EnumTypeMap enum_types_;
  DomainMap domains_;
  RoleMap roles_;
  AclMap acls_;
};

// Holds the current world. Readers take it with one atomic load; a writer
// publishes a successor with one atomic store.
class WorldHolder {
 public:
  WorldHolder() : current_(std::make_shared<const World>()) {}

  std::shared_ptr<const World> current() const { return current_.load(std::memory_order_acquire); }
  void publish(std::shared_ptr<const World> world) {
    current_.store(std::move(world), std::memory_order_release);
  }

 private:
  std::atomic<std::shared_ptr<const World>> current_;
};

}  // namespace ptreedb::storage
