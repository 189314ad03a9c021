// The world after each DDL statement, as pure functions of the world before
// it: they throw PostgreSQL's errors, or return the next world (null when an
// IF [NOT] EXISTS clause leaves nothing to do). ddl_executor.cpp runs them
// inside WriteTarget::write (autocommit or the transaction's private world).
#pragma once

#include <memory>

#include "planner/ddl_plan.h"
#include "storage/world/world.h"

namespace ptreedb::exec {

using WorldPtr = std::shared_ptr<const storage::World>;

WorldPtr create_view(const storage::World& world, const planner::CreateViewPlan& plan);      // view_ddl.cpp
WorldPtr create_index(const storage::World& world, const planner::CreateIndexPlan& plan);    // index_ddl.cpp
WorldPtr drop_relations(const storage::World& world, const planner::DropPlan& plan);         // drop_relations.cpp
WorldPtr alter_relation(const storage::World& world, const planner::AlterTablePlan& plan);   // alter_table.cpp
WorldPtr create_sequence(const storage::World& world, const planner::CreateSequencePlan& plan);  // sequence_ddl.cpp
WorldPtr alter_sequence(const storage::World& world, const planner::AlterSequencePlan& plan);    // sequence_ddl.cpp
WorldPtr create_enum_type(const storage::World& world, const planner::CreateEnumTypePlan& plan);  // enum_type_ddl.cpp
WorldPtr alter_enum_type(const storage::World& world, const planner::AlterEnumTypePlan& plan);    // enum_type_ddl.cpp
WorldPtr drop_types(const storage::World& world, const planner::DropTypePlan& plan);             // enum_type_ddl.cpp
WorldPtr create_domain(const storage::World& world, const planner::CreateDomainPlan& plan);   // domain_ddl.cpp
WorldPtr alter_domain(const storage::World& world, const planner::AlterDomainPlan& plan);     // domain_ddl.cpp
WorldPtr drop_domains(const storage::World& world, const planner::DropDomainPlan& plan);      // domain_ddl.cpp
// OWNED BY table.column or NONE (empty pair), checked against `world` (sequence_ddl.cpp).
std::pair<std::string, std::string> resolve_sequence_owner(const storage::World& world,
                                                           const std::vector<std::string>& names);

// UNIQUE constraint `name` ("" = "<table>_<columns>_key") on `columns` of
// table `table`, built over its rows (index_ddl.cpp).
WorldPtr add_unique_constraint(const storage::World& world, const std::string& table, const std::string& name,
                               const std::vector<std::string>& columns);

}  // namespace ptreedb::exec
