// CREATE SEQUENCE and ALTER SEQUENCE as pure functions of the world: the
// options are resolved against the sequence as it is at commit. ALTER keeps
// the sequence's counter (values handed out meanwhile stay handed out);
// RESTART gives the new definition a counter of its own, so it takes effect
// with the commit, as PostgreSQL's ALTER SEQUENCE is transactional.
#include "exec/ddl_changes.h"
#include "exec/object_ownership.h"
#include "planner/privileges.h"
#include "storage/sequence/identity_sequence.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

namespace ptreedb::exec {

std::pair<std::string, std::string> resolve_sequence_owner(const storage::World& world,
                                                           const std::vector<std::string>& names) {
  if (names.size() == 1 && names[0] == "none") return {};
  if (names.size() < 2) {
    throw SqlError(sqlstate::kSyntaxError, "invalid OWNED BY option", {},
                   "Specify OWNED BY table.column or OWNED BY NONE.");
  }
  const std::string& table_name = names[names.size() - 2];
  const std::string& column = names.back();
  auto kind = storage::relation_kind(world, table_name);
  if (!kind) throw SqlError(sqlstate::kUndefinedTable, "relation \"" + table_name + "\" does not exist");
  if (*kind != storage::RelationKind::kTable) {
    throw SqlError("42809", "referenced relation \"" + table_name + "\" is not a table or foreign table");
  }
  if (!world.find_table(table_name)->schema().find_column(column)) {
    throw SqlError(sqlstate::kUndefinedColumn,
                   "column \"" + column + "\" of relation \"" + table_name + "\" does not exist");
  }
  return {table_name, column};
}

WorldPtr create_sequence(const storage::World& world, const planner::CreateSequencePlan& plan) {
  if (storage::relation_kind(world, plan.name)) {
    if (plan.if_not_exists) return nullptr;
    throw SqlError("42P07", "relation \"" + storage::split_relation_key(plan.name).relation + "\" already exists");
  }
  planner::check_create_in_public_schema(world, 0, plan.name);
  auto resolved = planner::resolve_sequence_options(nullptr, 0, plan.changes);
  auto sequence = std::make_shared<storage::SequenceDefinition>();
  sequence->name = plan.name;
  sequence->oid = world.next_oid();
  sequence->options = resolved.options;
  if (plan.changes.owned_by) {
    std::tie(sequence->owner_table, sequence->owner_column) = resolve_sequence_owner(world, *plan.changes.owned_by);
  }
  sequence->counter =
      std::make_shared<storage::SequenceCounter>(sequence->oid, resolved.restart->last_value, false);
  const std::uint32_t oid = sequence->oid;
  return with_creator_as_owner(world.with_sequence(std::move(sequence)), oid);
}

WorldPtr alter_sequence(const storage::World& world, const planner::AlterSequencePlan& plan) {
  auto existing = world.find_sequence(plan.name);
  if (!existing) {
    auto kind = storage::relation_kind(world, plan.name);
    if (kind) throw SqlError("42809", "\"" + plan.name + "\" is not a sequence");
    if (plan.missing_ok) return nullptr;
    throw SqlError(sqlstate::kUndefinedTable, "relation \"" + plan.name + "\" does not exist");
  }
  auto resolved = planner::resolve_sequence_options(&existing->options, existing->counter->state().last_value,
                                                    plan.changes);
  auto altered = std::make_shared<storage::SequenceDefinition>(*existing);
  altered->options = resolved.options;
  if (plan.changes.owned_by) {
    // An identity column's sequence belongs to it for good, as in PostgreSQL.
    if (storage::is_identity_sequence(world, *existing)) {
      throw SqlError(sqlstate::kFeatureNotSupported, "cannot change ownership of identity sequence",
                     "Sequence \"" + storage::split_relation_key(plan.name).relation + "\" is linked to table \"" +
                         storage::split_relation_key(existing->owner_table).relation + "\".");
    }
    std::tie(altered->owner_table, altered->owner_column) = resolve_sequence_owner(world, *plan.changes.owned_by);
  }
  if (resolved.restart) {
    altered->counter = std::make_shared<storage::SequenceCounter>(altered->oid, resolved.restart->last_value, false);
  } else if (!(altered->options == existing->options)) {
    // Values logged ahead were stepped under the old options.
    existing->counter->log_on_next_call();
  }
  return world.with_sequence(std::move(altered));
}

}  // namespace ptreedb::exec
