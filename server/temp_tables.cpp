#include "server/temp_tables.h"

#include <memory>
#include <vector>

#include "exec/ddl_changes.h"
#include "exec/object_ownership.h"
#include "storage/world/relation_name.h"

namespace ptreedb::server {

using storage::World;
using WorldPtr = std::shared_ptr<const World>;

void remember_on_commit(const PgQuery__Node& statement, TempOnCommit& actions) {
  auto creation = planner::temp_table_creation(statement);
  if (!creation) return;
  if (creation->on_commit == planner::OnCommitAction::kPreserveRows) {
    actions.erase(creation->key);
  } else {
    actions[creation->key] = creation->on_commit;
  }
}

void apply_on_commit(TempOnCommit& actions, txn::WriteTarget& target) {
  if (actions.empty()) return;
  target.write([&](const World& world) -> WorldPtr {
    WorldPtr next = std::make_shared<const World>(world);
    bool changed = false;
    planner::DropPlan drop;
    drop.cascade = true;
    drop.missing_ok = true;
    for (const auto& [key, action] : actions) {
      auto table = world.find_table(key);
      if (!table) continue;
      if (action == planner::OnCommitAction::kDrop) {
        drop.names.push_back(key);
      } else if (table->row_count() > 0) {
        next = next->with_table(std::make_shared<storage::Table>(table->truncated()));
        changed = true;
      }
    }
    if (!drop.names.empty()) {
      if (WorldPtr dropped = exec::drop_relations(*next, drop)) {
        next = exec::without_orphan_acls(dropped);  // their owners' entries too
        changed = true;
      }
    }
    return changed ? next : nullptr;
  });
  // Tables gone (dropped, or created in a block rolled back) need nothing more.
  auto world = target.snapshot();
  for (auto it = actions.begin(); it != actions.end();) {
    it = world->find_table(it->first) ? std::next(it) : actions.erase(it);
  }
}

void drop_temp_schema(std::int32_t pid, txn::WriteTarget& target) {
  const std::string schema = storage::kTempSchemaPrefix + std::to_string(pid);
  target.write([&](const World& world) -> WorldPtr {
    WorldPtr next = std::make_shared<const World>(world);
    bool changed = false;
    // Views first (those over the tables go with them anyway), then tables,
    // then the sequences no table owned.
    for (auto kind : {storage::RelationKind::kView, storage::RelationKind::kTable, storage::RelationKind::kSequence}) {
      planner::DropPlan drop;
      drop.kind = kind;
      drop.cascade = true;
      drop.missing_ok = true;
      auto add = [&](const std::string& key) {
        if (storage::split_relation_key(key).schema == schema) drop.names.push_back(key);
      };
      if (kind == storage::RelationKind::kView) {
        for (auto entry : next->views()) add(entry.key);
      } else if (kind == storage::RelationKind::kTable) {
        for (auto entry : next->tables()) add(entry.key);
      } else {
        for (auto entry : next->sequences()) add(entry.key);
      }
      if (drop.names.empty()) continue;
      if (WorldPtr dropped = exec::drop_relations(*next, drop)) {
        next = dropped;
        changed = true;
      }
    }
    return changed ? exec::without_orphan_acls(next) : nullptr;  // their owners' entries too
  });
}

}  // namespace ptreedb::server
