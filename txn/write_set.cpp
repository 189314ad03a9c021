#include "txn/write_set.h"

#include "storage/constraints/foreign_key_check.h"
#include "storage/sql_error.h"

namespace ptreedb::txn {
namespace {

[[noreturn]] void throw_serialization_failure() {
  throw SqlError(sqlstate::kSerializationFailure, "could not serialize access due to concurrent update");
}

bool nothing_committed_since(const storage::World& current, const storage::World& snapshot) {
  return current.tables().same_root(snapshot.tables()) && current.views().same_root(snapshot.views()) &&
         current.sequences().same_root(snapshot.sequences()) &&
         current.namespaces().same_root(snapshot.namespaces()) &&
         current.enum_types().same_root(snapshot.enum_types()) && current.domains().same_root(snapshot.domains()) &&
         current.roles().same_root(snapshot.roles()) && current.acls().same_root(snapshot.acls());
}

}  // namespace

bool same_relation(const storage::Table* planned, const storage::Table* now) {
  if (planned == nullptr || now == nullptr) return planned == now;
  return planned->schema_ptr() == now->schema_ptr() && planned->storage_generation() == now->storage_generation();
}

std::optional<std::string> written_relation_replaced(const storage::World& snapshot,
                                                     const storage::World& private_world,
                                                     const storage::World& current) {
  std::optional<std::string> replaced;
  using TablePtr = std::shared_ptr<const storage::Table>;
  storage::World::TableMap::diff(
      snapshot.tables(), private_world.tables(), [](const TablePtr& a, const TablePtr& b) { return a == b; },
      [&](const std::string& name, const TablePtr* before, const TablePtr*) {
        if (replaced || before == nullptr) return;  // a table the transaction created is merged as DDL
        if (!same_relation(before->get(), current.find_table(name).get())) replaced = name;
      });
  return replaced;
}

std::size_t WriteSet::row_count() const {
  std::size_t count = 0;
  for (const auto& table : tables) count += table.replaced_keys.size() + table.new_rows.size();
  return count;
}

WriteSet write_set_of(const storage::World& snapshot, const storage::World& private_world) {
  WriteSet writes;
  using ViewPtr = std::shared_ptr<const storage::ViewDefinition>;
  storage::World::ViewMap::diff(
      snapshot.views(), private_world.views(), [](const ViewPtr& a, const ViewPtr& b) { return a == b; },
      [&](const std::string& name, const ViewPtr*, const ViewPtr* after) {
        writes.catalog_changed = true;
        writes.changed_views.emplace_back(name, after != nullptr ? *after : nullptr);
      });
  using SequencePtr = std::shared_ptr<const storage::SequenceDefinition>;
  storage::World::SequenceMap::diff(
      snapshot.sequences(), private_world.sequences(), [](const SequencePtr& a, const SequencePtr& b) { return a == b; },
      [&](const std::string& name, const SequencePtr*, const SequencePtr* after) {
        writes.catalog_changed = true;
        writes.changed_sequences.emplace_back(name, after != nullptr ? *after : nullptr);
      });
  using NamespacePtr = std::shared_ptr<const storage::NamespaceDefinition>;
  storage::World::NamespaceMap::diff(
      snapshot.namespaces(), private_world.namespaces(),
      [](const NamespacePtr& a, const NamespacePtr& b) { return a == b; },
      [&](const std::string& name, const NamespacePtr*, const NamespacePtr* after) {
        writes.catalog_changed = true;
        writes.changed_namespaces.emplace_back(name, after != nullptr ? *after : nullptr);
      });
  using EnumTypePtr = std::shared_ptr<const value::EnumType>;
  storage::World::EnumTypeMap::diff(
      snapshot.enum_types(), private_world.enum_types(), [](const EnumTypePtr& a, const EnumTypePtr& b) { return a == b; },
      [&](const std::string& name, const EnumTypePtr*, const EnumTypePtr* after) {
        writes.catalog_changed = true;
        writes.changed_enum_types.emplace_back(name, after != nullptr ? *after : nullptr);
      });
  using DomainPtr = std::shared_ptr<const value::DomainType>;
  storage::World::DomainMap::diff(
      snapshot.domains(), private_world.domains(), [](const DomainPtr& a, const DomainPtr& b) { return a == b; },
      [&](const std::string& name, const DomainPtr*, const DomainPtr* after) {
        writes.catalog_changed = true;
        writes.changed_domains.emplace_back(name, after != nullptr ? *after : nullptr);
      });
  using RolePtr = std::shared_ptr<const storage::Role>;
  storage::World::RoleMap::diff(
      snapshot.roles(), private_world.roles(), [](const RolePtr& a, const RolePtr& b) { return a == b; },
      [&](const std::string& name, const RolePtr*, const RolePtr* after) {
        writes.catalog_changed = true;
        writes.changed_roles.emplace_back(name, after != nullptr ? *after : nullptr);
      });
  using AclPtr = std::shared_ptr<const storage::ObjectAcl>;
  storage::World::AclMap::diff(
      snapshot.acls(), private_world.acls(), [](const AclPtr& a, const AclPtr& b) { return a == b; },
      [&](std::uint32_t oid, const AclPtr*, const AclPtr* after) {
        writes.catalog_changed = true;
        writes.changed_acls.emplace_back(oid, after != nullptr ? *after : nullptr);
      });
  using TablePtr = std::shared_ptr<const storage::Table>;
  storage::World::TableMap::diff(
      snapshot.tables(), private_world.tables(), [](const TablePtr& a, const TablePtr& b) { return a == b; },
      [&](const std::string& name, const TablePtr* before, const TablePtr* after) {
        if (before == nullptr || after == nullptr || (*before)->schema_ptr() != (*after)->schema_ptr()) {
          writes.catalog_changed = true;
          writes.changed_tables.emplace_back(name, after != nullptr ? *after : nullptr);
          return;
        }
        TableWrites table{name, *before, *after, {}, {}, {}};
        storage::RowTree::diff(
            (*before)->rows(), (*after)->rows(),
            [](const storage::RowRef& a, const storage::RowRef& b) { return a.bytes() == b.bytes(); },
            [&](const storage::RowKey& key, const storage::RowRef* old_row, const storage::RowRef* new_row) {
              if (old_row != nullptr) {
                table.replaced_keys.push_back(key);
                table.replaced_rows.push_back(*old_row);
              }
              if (new_row != nullptr) table.new_rows.push_back(*new_row);
            });
        bool truncated = (*before)->storage_generation() != (*after)->storage_generation();
        if (truncated || !table.replaced_keys.empty() || !table.new_rows.empty()) {
          writes.tables.push_back(std::move(table));
        }
      });
  return writes;
}

namespace {

// `committed` with the transaction's rows. Inserted keys that now exist raise
// 23505, unless the transaction inserted them by INSERT ... ON CONFLICT: its
// look-up of the conflicting row was against its snapshot, and a row taken
// concurrently is a concurrent update (40001, which READ COMMITTED answers
// by running the statement again on the newer world, as PostgreSQL's
// speculative insertion retries after waiting).
storage::Table merge_rows(const storage::Table& committed, const TableWrites& table) {
  bool arbitrated = table.private_table->arbitration_stamp() != table.snapshot_table->arbitration_stamp();
  try {
    storage::Table merged = committed.replace_rows(table.replaced_keys, table.new_rows);
    // A block of READ COMMITTED merged onto the newest world before its next
    // statement still commits these inserts later.
    if (arbitrated) merged = merged.with_arbitration_stamp(table.private_table->arbitration_stamp());
    return merged;
  } catch (const SqlError& error) {
    if (arbitrated && error.sqlstate() == sqlstate::kUniqueViolation) throw_serialization_failure();
    throw;
  }
}

}  // namespace

WorldPtr apply_write_set(const WorldPtr& current, const WorldPtr& snapshot, const WorldPtr& private_world,
                         const WriteSet& writes, IsolationLevel isolation, const ReadSet* reads) {
  if (writes.empty()) return current;
  // Nobody committed since the snapshot: the private world, checked statement
  // by statement as it was built, is exactly the next world.
  if (nothing_committed_since(*current, *snapshot)) return private_world;
  WorldPtr next = current;
  if (writes.catalog_changed) {
    // DDL merges by name: each changed relation must be untouched since the
    // snapshot (under either namespace), and oids must not have been handed out twice.
    if (private_world->next_oid() != snapshot->next_oid() && current->next_oid() != snapshot->next_oid()) {
      throw_serialization_failure();
    }
    auto untouched = [&](const std::string& name) {
      return current->find_table(name) == snapshot->find_table(name) &&
             current->find_view(name) == snapshot->find_view(name) &&
             current->find_sequence(name) == snapshot->find_sequence(name);
    };
    for (const auto& [name, table] : writes.changed_tables) {
      if (!untouched(name)) throw_serialization_failure();
      next = table ? next->with_table(table) : next->without_table(name);
    }
    for (const auto& [name, view] : writes.changed_views) {
      if (!untouched(name)) throw_serialization_failure();
      next = view ? next->with_view(view) : next->without_view(name);
    }
    for (const auto& [name, sequence] : writes.changed_sequences) {
      if (!untouched(name)) throw_serialization_failure();
      next = sequence ? next->with_sequence(sequence) : next->without_sequence(name);
    }
    for (const auto& [name, schema] : writes.changed_namespaces) {
      if (current->find_namespace(name) != snapshot->find_namespace(name)) throw_serialization_failure();
      next = schema ? next->with_namespace(schema) : next->without_namespace(name);
    }
    for (const auto& [name, type] : writes.changed_enum_types) {
      if (current->find_enum_type(name) != snapshot->find_enum_type(name)) throw_serialization_failure();
      next = type ? next->with_enum_type(type) : next->without_enum_type(name);
    }
    for (const auto& [name, domain] : writes.changed_domains) {
      if (current->find_domain(name) != snapshot->find_domain(name)) throw_serialization_failure();
      next = domain ? next->with_domain(domain) : next->without_domain(name);
    }
    for (const auto& [name, role] : writes.changed_roles) {
      if (current->find_role(name) != snapshot->find_role(name)) throw_serialization_failure();
      next = role ? next->with_role(role) : next->without_role(name);
    }
    // An owner or grant changed by both transactions (a GRANT racing a REVOKE) fails the later one.
    for (const auto& [oid, acl] : writes.changed_acls) {
      if (current->find_acl(oid) != snapshot->find_acl(oid)) throw_serialization_failure();
      next = acl ? next->with_acl(oid, acl) : next->without_acl(oid);
    }
  }
  if (isolation == IsolationLevel::kSerializable) {
    if (reads == nullptr || reads->changed_between(*snapshot, *current)) throw_serialization_failure();
  }

  // First committer wins: every row this transaction replaced must still be
  // the very version it read (rows are immutable, so identity suffices).
  // Checked in every table before any is merged, so a lost race is a 40001
  // (which READ COMMITTED answers by running the statement again) even when
  // the merge of another table would have met a key the winner inserted.
  for (const TableWrites& table : writes.tables) {
    // Compared by identity, not name: rows planned against a table that was
    // dropped (and created again), altered or truncated meanwhile never land
    // in what now has its name.
    auto committed = next->find_table(table.name);
    if (!same_relation(table.snapshot_table.get(), committed.get())) throw_serialization_failure();
    if (committed == table.snapshot_table) continue;
    for (std::size_t i = 0; i < table.replaced_keys.size(); ++i) {
      const storage::RowRef* now = committed->rows().find(table.replaced_keys[i]);
      if (now == nullptr || now->bytes() != table.replaced_rows[i].bytes()) throw_serialization_failure();
    }
  }
  for (const TableWrites& table : writes.tables) {
    auto committed = next->find_table(table.name);
    if (committed == table.snapshot_table) {
      next = next->with_table(table.private_table);  // this table is untouched since the snapshot
    } else {
      // Inserted keys that now exist raise 23505 here; rows of tables without
      // a primary key get fresh row ids from the committed table.
      storage::Table merged = merge_rows(*committed, table);
      // A TRUNCATE merges as the deletion of the rows it saw (rows committed
      // meanwhile stay, as PostgreSQL's insert waiting for its lock would
      // land after it), and gives the table its new storage.
      if (table.private_table->storage_generation() != committed->storage_generation()) {
        merged = merged.with_storage_generation(table.private_table->storage_generation());
      }
      next = next->with_table(std::make_shared<storage::Table>(std::move(merged)));
    }
  }
  // Foreign keys are checked again on the merged world: a concurrent commit
  // may have removed a referenced row or added a referencing one.
  for (const TableWrites& table : writes.tables) {
    next = storage::enforce_foreign_keys(std::move(next), table.name, table.new_rows, table.replaced_rows);
  }
  return next;
}

}  // namespace ptreedb::txn
