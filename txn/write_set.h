// What a transaction changed: the difference between the snapshot it started
// from and its private world, found with PTree::diff (shared subtrees are
// skipped, so this costs about O(m log n) for m changed rows). Applying a write
// set to a newer committed world is where first-committer-wins is decided.
#pragma once

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "storage/world/world.h"
#include "txn/isolation_level.h"
#include "txn/read_set.h"
#include "txn/write_target.h"

namespace ptreedb::txn {

struct TableWrites {
  std::string name;
  std::shared_ptr<const storage::Table> snapshot_table;  // as the transaction read it
  std::shared_ptr<const storage::Table> private_table;   // as the transaction left it
  std::vector<storage::RowKey> replaced_keys;            // snapshot rows updated or deleted
  std::vector<storage::RowRef> replaced_rows;            // their snapshot versions
  std::vector<storage::RowRef> new_rows;                 // rows inserted, or new versions
};

struct WriteSet {
  // Tables created, dropped or altered, views or roles changed (DDL). Each such
  // relation is taken whole from the private world (null: dropped); the
  // commit fails with 40001 if a concurrent commit changed the same name.
  bool catalog_changed = false;
  std::vector<std::pair<std::string, std::shared_ptr<const storage::Table>>> changed_tables;
  std::vector<std::pair<std::string, std::shared_ptr<const storage::ViewDefinition>>> changed_views;
  std::vector<std::pair<std::string, std::shared_ptr<const storage::SequenceDefinition>>> changed_sequences;
  std::vector<std::pair<std::string, std::shared_ptr<const storage::NamespaceDefinition>>> changed_namespaces;
  std::vector<std::pair<std::string, std::shared_ptr<const value::EnumType>>> changed_enum_types;
  std::vector<std::pair<std::string, std::shared_ptr<const value::DomainType>>> changed_domains;
  // Roles created, altered or dropped (null), merged by name like views.
  std::vector<std::pair<std::string, std::shared_ptr<const storage::Role>>> changed_roles;
  std::vector<std::pair<std::uint32_t, std::shared_ptr<const storage::ObjectAcl>>> changed_acls;  // by oid
  std::vector<TableWrites> tables;
  bool empty() const { return !catalog_changed && tables.empty(); }
  std::size_t row_count() const;
};

WriteSet write_set_of(const storage::World& snapshot, const storage::World& private_world);

// Whether writes planned against `planned` may be applied to `now`: the
// same relation (its schema object, not its name: CREATE and every ALTER
// make a new one, so a table dropped and created again under the same name,
// or with another row layout, is never the same) in the same storage (not
// truncated since, as PostgreSQL's TRUNCATE gives it a new relfilenode).
// PostgreSQL's DDL would have waited for the writer's lock; here the first
// committer wins. Null: no such table.
bool same_relation(const storage::Table* planned, const storage::Table* now);

// The first table the transaction wrote (one its snapshot held, changed in
// its private world) that `current` no longer holds as that same relation,
// if any. Writes planned against it must not be applied to what now has its
// name.
std::optional<std::string> written_relation_replaced(const storage::World& snapshot,
                                                     const storage::World& private_world,
                                                     const storage::World& current);

// `current` with the write set applied. Throws SqlError 40001 ("could not
// serialize access due to concurrent update") when a row the transaction
// replaced was changed by a transaction committed after `snapshot`, a table
// it wrote is no longer the same relation (same_relation), or the catalog
// changed concurrently; 23505 when an inserted key now exists;
// 23503 when a foreign key no longer holds. SERIALIZABLE transactions that
// write also fail when something they read (`reads`; null: anything)
// changed after their snapshot, so what they read is what they commit onto.
WorldPtr apply_write_set(const WorldPtr& current, const WorldPtr& snapshot, const WorldPtr& private_world,
                         const WriteSet& writes, IsolationLevel isolation, const ReadSet* reads = nullptr);

}  // namespace ptreedb::txn
