// What changed between two worlds, as a log record, and its replay. Per table:
// a schema entry when the table is new or its schema changed (CREATE, ALTER,
// indexes), a drop entry, and the rows deleted and inserted-or-updated by
// primary key (hidden row ids included), found with PTree::diff in O(m log n)
// for m changed rows. Views, schemas, roles and
// owners/grants are logged whole. Temporary tables (and their owners) are
// never logged. Secondary indexes are not
// logged: replay rebuilds or updates them from the rows. A checkpoint is the
// change from the empty world to the one it saves.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "storage/world/world.h"

namespace ptreedb::txn {

enum class ChangeKind : std::uint8_t {
  kTableSchema = 1,
  kTableDrop = 2,
  kRows = 3,
  kViewPut = 4,
  kViewDrop = 5,
  kRolePut = 6,
  kRoleDrop = 7,
  kAclPut = 8,
  kAclDrop = 9,
  kRolePutWithMembers = 10,  // kRolePut plus INHERIT and memberships
  kSequencePut = 11,         // a sequence's definition and its logged value
  kSequenceDrop = 12,
  kNamespacePut = 13,  // CREATE SCHEMA, ALTER SCHEMA ... RENAME
  kNamespaceDrop = 14,
  kEnumTypePut = 15,  // an enum type whole: name, oid, labels
  kEnumTypeDrop = 16,
  kDomainPut = 17,  // a domain whole: base type, default, NOT NULL, checks
  kDomainDrop = 18,
};

struct ChangeEntry {
  ChangeKind kind{};
  std::string name;                                      // table or view
  std::shared_ptr<const storage::TableSchema> schema;    // kTableSchema
  std::shared_ptr<const storage::ViewDefinition> view;   // kViewPut
  std::shared_ptr<const storage::Role> role;             // kRolePut
  std::shared_ptr<const storage::SequenceDefinition> sequence;  // kSequencePut
  std::shared_ptr<const storage::NamespaceDefinition> schema_namespace;  // kNamespacePut
  std::shared_ptr<const value::EnumType> enum_type;             // kEnumTypePut
  std::shared_ptr<const value::DomainType> domain;              // kDomainPut
  std::uint32_t oid = 0;                                 // kAclPut, kAclDrop
  std::shared_ptr<const storage::ObjectAcl> acl;         // kAclPut
  std::uint64_t next_row_id = 0;                         // kRows
  std::vector<storage::RowKey> deleted;                  // kRows
  std::vector<std::pair<storage::RowKey, storage::RowRef>> upserted;  // kRows, in key order
};

struct WorldChange {
  std::uint32_t next_oid = 0;
  std::vector<ChangeEntry> entries;
};

// A sequence's value logged ahead of nextval (txn::kSequenceStateRecord):
// replay sets the counter of the sequence with that oid, if it exists.
struct SequenceStateChange {
  std::uint32_t oid = 0;
  std::int64_t last_value = 0;
  bool is_called = false;
};
std::string encode_sequence_state(const SequenceStateChange& change);
SequenceStateChange decode_sequence_state(std::string_view bytes);
void apply_sequence_state(const storage::World& world, const SequenceStateChange& change);

// The record turning `before` into `after`; empty when nothing a replay needs changed.
std::string encode_world_change(const storage::World& before, const storage::World& after);
// Throws CorruptRecord (txn/byte_codec.h) on malformed bytes.
WorldChange decode_world_change(std::string_view bytes);
// `base` with the change applied; indexes follow the rows.
std::shared_ptr<const storage::World> apply_world_change(std::shared_ptr<const storage::World> base,
                                                         WorldChange change);

}  // namespace ptreedb::txn
