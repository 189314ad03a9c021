#include "exec/ddl_executor.h"

#include "exec/ddl_changes.h"
#include "exec/object_ownership.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {
namespace {

std::string drop_tag(storage::RelationKind kind) {
  switch (kind) {
    case storage::RelationKind::kTable: return "DROP TABLE";
    case storage::RelationKind::kView: return "DROP VIEW";
    case storage::RelationKind::kIndex: return "DROP INDEX";
    case storage::RelationKind::kSequence: return "DROP SEQUENCE";
  }
  return "DROP TABLE";
}

// Ownership and privileges are checked against the world the change commits to.
template <class Plan>
void commit(txn::WriteTarget& database, const Plan& plan, WorldPtr (*change)(const storage::World&, const Plan&)) {
  database.write([&](const storage::World& world) -> WorldPtr {
    check_ddl_privileges(world, planner::DdlPlan(plan));
    WorldPtr next = change(world, plan);
    if (next == nullptr) return next;
    if constexpr (std::is_same_v<Plan, planner::CreateViewPlan>) {
      if (!world.find_view(plan.name)) next = with_creator_as_owner(next, next->find_view(plan.name)->oid);
    }
    if constexpr (std::is_same_v<Plan, planner::DropPlan>) next = without_orphan_acls(next);
    return next;
  });
}

}  // namespace

QueryResult execute_ddl(const planner::DdlPlan& plan, txn::WriteTarget& database) {
  QueryResult result;
  if (const auto* view = std::get_if<planner::CreateViewPlan>(&plan)) {
    commit(database, *view, create_view);
    result.command_tag = "CREATE VIEW";
  } else if (const auto* index = std::get_if<planner::CreateIndexPlan>(&plan)) {
    commit(database, *index, create_index);
    result.command_tag = "CREATE INDEX";
  } else if (const auto* drop = std::get_if<planner::DropPlan>(&plan)) {
    commit(database, *drop, drop_relations);
    result.command_tag = drop_tag(drop->kind);
  } else if (const auto* create = std::get_if<planner::CreateSequencePlan>(&plan)) {
    commit(database, *create, create_sequence);
    result.command_tag = "CREATE SEQUENCE";
  } else if (const auto* alter_sequence_plan = std::get_if<planner::AlterSequencePlan>(&plan)) {
    commit(database, *alter_sequence_plan, alter_sequence);
    result.command_tag = "ALTER SEQUENCE";
  } else if (const auto* create_enum = std::get_if<planner::CreateEnumTypePlan>(&plan)) {
    commit(database, *create_enum, create_enum_type);
    result.command_tag = "CREATE TYPE";
  } else if (const auto* alter_enum = std::get_if<planner::AlterEnumTypePlan>(&plan)) {
    commit(database, *alter_enum, alter_enum_type);
    result.command_tag = "ALTER TYPE";
  } else if (const auto* drop_type = std::get_if<planner::DropTypePlan>(&plan)) {
    commit(database, *drop_type, drop_types);
    result.command_tag = "DROP TYPE";
  } else if (const auto* create_domain_plan = std::get_if<planner::CreateDomainPlan>(&plan)) {
    commit(database, *create_domain_plan, create_domain);
    result.command_tag = "CREATE DOMAIN";
  } else if (const auto* alter_domain_plan = std::get_if<planner::AlterDomainPlan>(&plan)) {
    commit(database, *alter_domain_plan, alter_domain);
    result.command_tag = "ALTER DOMAIN";
  } else if (const auto* drop_domain_plan = std::get_if<planner::DropDomainPlan>(&plan)) {
    commit(database, *drop_domain_plan, drop_domains);
    result.command_tag = "DROP DOMAIN";
  } else {
    const auto& alter = std::get<planner::AlterTablePlan>(plan);
    commit(database, alter, alter_relation);
    result.command_tag = alter.command_tag;
  }
  return result;
}

void check_referenced_tables(const storage::World& world, const storage::TableSchema& schema) {
  for (const auto& key : schema.foreign_keys()) {
    if (key.referenced_table != schema.name() && !world.find_table(key.referenced_table)) {
      throw SqlError(sqlstate::kUndefinedTable, "relation \"" + key.referenced_table + "\" does not exist");
    }
  }
}

}  // namespace ptreedb::exec
