#include "exec/object_ownership.h"

#include <set>

#include "planner/privileges.h"
#include "storage/world/relation_lookup.h"

namespace ptreedb::exec {
namespace {

// The oid and catalog word of relation `name`, if it exists; an index is its table's.
struct Owned {
  std::uint32_t oid = 0;
  std::string kind;
};

std::optional<Owned> owned_relation(const storage::World& world, const std::string& name) {
  if (auto table = world.find_table(name)) return Owned{table->schema().oid(), "table"};
  if (auto view = world.find_view(name)) return Owned{view->oid, "view"};
  if (auto sequence = world.find_sequence(name)) return Owned{sequence->oid, "sequence"};
  if (auto index = storage::find_index(world, name)) return Owned{index->table->schema().oid(), "index"};
  return std::nullopt;
}

void check_owner_of(const storage::World& world, const std::string& name) {
  if (auto owned = owned_relation(world, name)) planner::check_owner(world, owned->oid, owned->kind, name);
}

}  // namespace

WorldPtr with_creator_as_owner(const WorldPtr& world, std::uint32_t oid) {
  std::uint32_t owner = planner::checking_role_oid(*world);
  if (owner == 0) owner = storage::kBootstrapSuperuserOid;
  auto acl = std::make_shared<storage::ObjectAcl>();
  acl->owner = owner;
  // The owner's ALTER DEFAULT PRIVILEGES ... ON TABLES, if any, become a new
  // table's or view's ACL (a sequence's would come from ... ON SEQUENCES).
  if (auto defaults = world->find_acl(storage::default_table_acl_key(owner));
      defaults && defaults->acl && world->find_sequence(oid) == nullptr) {
    acl->acl = *defaults->acl;
  }
  return world->with_acl(oid, std::move(acl));
}

WorldPtr without_orphan_acls(const WorldPtr& world) {
  std::set<std::uint32_t> live{storage::kPublicNamespaceOid};
  for (auto it = world->namespaces().begin(); it != world->namespaces().end(); ++it) live.insert((*it).value->oid);
  for (auto it = world->tables().begin(); it != world->tables().end(); ++it) live.insert((*it).value->schema().oid());
  for (auto it = world->views().begin(); it != world->views().end(); ++it) live.insert((*it).value->oid);
  for (auto it = world->sequences().begin(); it != world->sequences().end(); ++it) live.insert((*it).value->oid);
  WorldPtr result = world;
  for (auto it = world->acls().begin(); it != world->acls().end(); ++it) {
    if (((*it).key & storage::kDefaultTableAclKeyBit) != 0) continue;  // a role's default privileges
    if (!live.contains((*it).key)) result = result->without_acl((*it).key);
  }
  return result;
}

void check_ddl_privileges(const storage::World& world, const planner::DdlPlan& plan) {
  if (const auto* view = std::get_if<planner::CreateViewPlan>(&plan)) {
    if (auto existing = world.find_view(view->name); existing && view->replace) {
      planner::check_owner(world, existing->oid, "view", view->name);
    } else {
      planner::check_create_in_public_schema(world, 0, view->name);
    }
  } else if (const auto* index = std::get_if<planner::CreateIndexPlan>(&plan)) {
    if (auto table = world.find_table(index->table)) {
      planner::check_owner(world, table->schema().oid(), "table", index->table);
      planner::check_create_in_public_schema(world, 0, index->table);  // the index is created in the table's schema
    }
  } else if (const auto* drop = std::get_if<planner::DropPlan>(&plan)) {
    for (const std::string& name : drop->names) check_owner_of(world, name);
  } else if (const auto* sequence = std::get_if<planner::CreateSequencePlan>(&plan)) {
    planner::check_create_in_public_schema(world, 0, sequence->name);
  } else if (const auto* alter_sequence = std::get_if<planner::AlterSequencePlan>(&plan)) {
    check_owner_of(world, alter_sequence->name);
  } else if (std::holds_alternative<planner::CreateEnumTypePlan>(plan) ||
             std::holds_alternative<planner::AlterEnumTypePlan>(plan) ||
             std::holds_alternative<planner::DropTypePlan>(plan) ||
             std::holds_alternative<planner::CreateDomainPlan>(plan) ||
             std::holds_alternative<planner::AlterDomainPlan>(plan) ||
             std::holds_alternative<planner::DropDomainPlan>(plan)) {
    // Types and domains have no owners here yet: any role that may create in public may create and alter them.
  } else {
    const auto& alter = std::get<planner::AlterTablePlan>(plan);
    check_owner_of(world, alter.relation);
    for (const auto& action : alter.actions) {
      if (const auto* key = std::get_if<planner::AddForeignKey>(&action)) {
        if (auto referenced = world.find_table(key->key.referenced_table)) {
          planner::check_relation_privilege(world, referenced->schema().oid(), key->key.referenced_table, false,
                                            storage::kPrivReferences);
        }
      }
    }
  }
}

void check_references_privilege(const storage::World& world, const storage::TableSchema& schema) {
  for (const auto& key : schema.foreign_keys()) {
    if (auto referenced = world.find_table(key.referenced_table); referenced && key.referenced_table != schema.name()) {
      planner::check_relation_privilege(world, referenced->schema().oid(), key.referenced_table, false,
                                        storage::kPrivReferences);
    }
  }
}

}  // namespace ptreedb::exec
