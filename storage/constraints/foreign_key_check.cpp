#include "storage/constraints/foreign_key_check.h"

#include <atomic>
#include <deque>
#include <set>
#include <vector>

#include "storage/constraints/foreign_key_keys.h"
#include "storage/constraints/referencing_rows.h"
#include "storage/ptree/parallel.h"
#include "storage/sql_error.h"
#include "storage/table/table_keys.h"
#include "storage/world/relation_name.h"

namespace ptreedb::storage {
namespace {

// Messages name a relation as PostgreSQL's RelationGetRelationName does: without its schema.
std::string relation_name(const std::string& key) { return split_relation_key(key).relation; }

constexpr std::size_t kCheckGrain = 1024;

void lower_to(std::atomic<std::size_t>& first, std::size_t candidate) {
  std::size_t seen = first.load(std::memory_order_relaxed);
  while (candidate < seen && !first.compare_exchange_weak(seen, candidate, std::memory_order_relaxed)) {
  }
}

const Table& referenced_table_of(const World& world, const ForeignKeySchema& key) {
  auto table = world.find_table(key.referenced_table);
  if (!table) {
    throw SqlError(sqlstate::kInternalError, "foreign key constraint \"" + key.name + "\" references a missing table");
  }
  return *table;
}

ReferenceTarget target_of(const ForeignKeySchema& key, const TableSchema& referenced) {
  auto target = find_reference_target(referenced, key.columns, key.referenced_columns);
  if (!target) {
    throw SqlError(sqlstate::kInternalError, "foreign key constraint \"" + key.name + "\" lost its referenced key");
  }
  return *target;
}

bool holds_key(const Table& table, const ReferenceTarget& target, const RowKey& key) {
  if (!target.index) return table.rows().contains(key);
  const KeySet* holders = table.index(*target.index).find(key);
  return holders != nullptr && !holders->empty();
}

void check_rows(const World& world, const TableSchema& schema, const ForeignKeySchema& key,
                std::span<const RowRef> rows) {
  const Table& referenced = referenced_table_of(world, key);
  const ReferenceTarget target = target_of(key, referenced.schema());
  // The first failing row in input order, so the error names the row
  // PostgreSQL (which checks rows in order) would name.
  std::atomic<std::size_t> first_failure{rows.size()};
  ptree::parallel_for_range(0, rows.size(), kCheckGrain, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end && i < first_failure.load(std::memory_order_relaxed); ++i) {
      const RowRef& row = rows[i];
      if (any_null(key.columns, row)) {
        if (key.match_full && !all_null(key.columns, row)) lower_to(first_failure, i);
        continue;  // MATCH SIMPLE: a NULL anywhere satisfies the constraint
      }
      auto lookup = reference_key(target, schema, referenced.schema(), row);
      if (!lookup || !holds_key(referenced, target, *lookup)) lower_to(first_failure, i);
    }
  });
  const std::size_t failed = first_failure.load();
  if (failed == rows.size()) return;
  const std::string message = "insert or update on table \"" + relation_name(schema.name()) +
                              "\" violates foreign key constraint \"" + key.name + "\"";
  if (any_null(key.columns, rows[failed])) {
    throw SqlError(sqlstate::kForeignKeyViolation, message,
                   "MATCH FULL does not allow mixing of null and nonnull key values.");
  }
  throw SqlError(sqlstate::kForeignKeyViolation, message,
                 "Key " + describe_key(schema, key.columns, rows[failed]) + " is not present in table \"" +
                     relation_name(key.referenced_table) + "\".");
}

struct Deletion {
  std::string table;
  std::vector<RowRef> rows;
  bool by_update = false;  // keys changed by an UPDATE: ON UPDATE NO ACTION applies
};

struct ReferencingKey {
  std::string table;
  std::size_t position;  // in the referencing table's foreign keys
};

std::vector<ReferencingKey> keys_referencing(const World& world, const std::string& table) {
  std::vector<ReferencingKey> found;
  for (auto entry : world.tables()) {
    const auto& keys = entry.value->schema().foreign_keys();
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (keys[i].referenced_table == table) found.push_back({entry.key, i});
    }
  }
  return found;
}

// Enforces one foreign key on rows deleted from the table it references;
// returns the world with cascaded deletions, which it queues for their own checks.
std::shared_ptr<const World> enforce_on_deletion(std::shared_ptr<const World> world, const Deletion& deletion,
                                                 const ReferencingKey& referencing, std::deque<Deletion>& queue) {
  auto referenced = world->find_table(deletion.table);
  auto table = world->find_table(referencing.table);
  if (!referenced || !table) return world;
  const TableSchema& schema = table->schema();
  const ForeignKeySchema& key = schema.foreign_keys()[referencing.position];
  const ReferenceTarget target = target_of(key, referenced->schema());

  // Deleted rows whose key the table no longer holds (each key once).
  std::vector<std::size_t> vanished;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < deletion.rows.size(); ++i) {
    const RowRef& row = deletion.rows[i];
    if (any_null(target.referenced_columns, row)) continue;
    RowKey held = referenced_key(target, referenced->schema(), row);
    if (holds_key(*referenced, target, held) || !seen.insert(std::string(held.view())).second) continue;
    vanished.push_back(i);
  }
  auto found = rows_referencing(*table, key, target, referenced->schema(), deletion.rows, vanished);
  if (found.empty()) return world;

  if (key.on_delete != ForeignKeyAction::kCascade || deletion.by_update) {
    // The first deleted row (in statement order) still referenced, as PostgreSQL reports.
    std::size_t culprit = found.front().referenced;
    for (const auto& match : found) culprit = std::min(culprit, match.referenced);
    throw SqlError(sqlstate::kForeignKeyViolation,
                   "update or delete on table \"" + relation_name(deletion.table) +
                       "\" violates foreign key constraint \"" + key.name + "\" on table \"" +
                       relation_name(schema.name()) + "\"",
                   "Key " + describe_key(referenced->schema(), key.referenced_columns, deletion.rows[culprit]) +
                       " is still referenced from table \"" + relation_name(schema.name()) + "\".");
  }
  Deletion cascaded{schema.name(), {}, false};
  std::vector<RowKey> doomed;
  for (auto& match : found) {
    doomed.push_back(std::move(match.key));
    cascaded.rows.push_back(std::move(match.row));
  }
  world = world->with_table(std::make_shared<Table>(table->delete_rows(std::move(doomed))));
  queue.push_back(std::move(cascaded));
  return world;
}

}  // namespace

void check_foreign_key_rows(const World& world, const Table& table, std::size_t position,
                            std::span<const RowRef> rows) {
  check_rows(world, table.schema(), table.schema().foreign_keys()[position], rows);
}

std::shared_ptr<const World> enforce_foreign_keys(std::shared_ptr<const World> next, const std::string& table,
                                                  std::span<const RowRef> inserted, std::span<const RowRef> deleted) {
  if (!inserted.empty()) {
    if (auto written = next->find_table(table)) {
      for (const auto& key : written->schema().foreign_keys()) check_rows(*next, written->schema(), key, inserted);
    }
  }
  if (deleted.empty()) return next;
  // A write both inserting and deleting is an UPDATE: the keys it changes
  // follow ON UPDATE, which is always NO ACTION here.
  std::deque<Deletion> queue;
  queue.push_back({table, std::vector<RowRef>(deleted.begin(), deleted.end()), !inserted.empty()});
  while (!queue.empty()) {
    Deletion deletion = std::move(queue.front());
    queue.pop_front();
    for (const auto& referencing : keys_referencing(*next, deletion.table)) {
      next = enforce_on_deletion(std::move(next), deletion, referencing, queue);
    }
  }
  return next;
}

}  // namespace ptreedb::storage
