#include "txn/world_change.h"

#include <algorithm>
#include <map>

#include "storage/world/relation_name.h"
#include "txn/byte_codec.h"
#include "txn/schema_codec.h"

namespace ptreedb::txn {
namespace {

using storage::RowKey;
using storage::RowRef;
using storage::Table;
using storage::World;

void put_rows_header(ByteWriter& out, const Table& table) {
  out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kRows));
  out.put_bytes(table.schema().name());
  out.put<std::uint64_t>(table.next_row_id());
}

void put_row_entries(std::string& bytes, const std::vector<const RowKey*>& deleted,
                     const std::vector<std::pair<const RowKey*, const RowRef*>>& upserted) {
  ByteWriter out(bytes);
  out.put<std::uint32_t>(static_cast<std::uint32_t>(deleted.size()));
  for (const RowKey* key : deleted) out.put_bytes(key->view());
  out.put<std::uint32_t>(static_cast<std::uint32_t>(upserted.size()));
  for (const auto& [key, row] : upserted) {
    out.put_bytes(key->view());
    out.put_bytes(row->image());
  }
}

// The rows of `after` that differ from `before` (null: a new table).
void encode_rows(std::string& bytes, const Table* before, const Table& after) {
  std::vector<const RowKey*> deleted;
  std::vector<std::pair<const RowKey*, const RowRef*>> upserted;
  if (before == nullptr) {
    for (auto it = after.rows().begin(); it != after.rows().end(); ++it) {
      upserted.emplace_back(&(*it).key, &(*it).value);
    }
  } else {
    storage::RowTree::diff(
        before->rows(), after.rows(), [](const RowRef& a, const RowRef& b) { return a.bytes() == b.bytes(); },
        [&](const RowKey& key, const RowRef* old_row, const RowRef* new_row) {
          (void)old_row;
          if (new_row == nullptr) {
            deleted.push_back(&key);
          } else {
            upserted.emplace_back(&key, new_row);
          }
        });
  }
  bool same_row_id = before != nullptr && before->next_row_id() == after.next_row_id();
  if (deleted.empty() && upserted.empty() && same_row_id) return;
  ByteWriter out(bytes);
  put_rows_header(out, after);
  put_row_entries(bytes, deleted, upserted);
}

// A sequence's definition with the value recovery resumes from: the last
// one logged, past every value handed out (read under the log's hold, so no
// later value record can precede this one).
void encode_sequence(ByteWriter& out, const storage::SequenceDefinition& sequence) {
  out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kSequencePut));
  out.put_bytes(sequence.name);
  out.put<std::uint32_t>(sequence.oid);
  const storage::SequenceOptions& options = sequence.options;
  out.put<std::uint8_t>(static_cast<std::uint8_t>(options.type));
  out.put<std::int64_t>(options.increment);
  out.put<std::int64_t>(options.min_value);
  out.put<std::int64_t>(options.max_value);
  out.put<std::int64_t>(options.start);
  out.put<std::int64_t>(options.cache);
  out.put<std::uint8_t>(options.cycle ? 1 : 0);
  out.put_bytes(sequence.owner_table);
  out.put_bytes(sequence.owner_column);
  storage::SequenceState logged = sequence.counter->logged_state();
  out.put<std::int64_t>(logged.last_value);
  out.put<std::uint8_t>(logged.is_called ? 1 : 0);
}

void encode_enum_type(ByteWriter& out, const value::EnumType& type) {
  out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kEnumTypePut));
  out.put_bytes(type.name);
  out.put<std::uint32_t>(type.oid);
  out.put<std::uint32_t>(static_cast<std::uint32_t>(type.labels.size()));
  for (const value::EnumLabel& label : type.labels) {
    out.put_bytes(label.label);
    out.put<std::uint32_t>(label.oid);
    out.put<float>(label.sort_order);
    out.put_bytes(label.key);
  }
}

std::shared_ptr<const value::EnumType> decode_enum_type(ByteReader& in) {
  auto type = std::make_shared<value::EnumType>();
  type->name = in.get_bytes();
  type->oid = in.get<std::uint32_t>();
  type->labels.resize(in.get<std::uint32_t>());
  for (value::EnumLabel& label : type->labels) {
    label.label = in.get_bytes();
    label.oid = in.get<std::uint32_t>();
    label.sort_order = in.get<float>();
    label.key = in.get_bytes();
  }
  return type;
}

void encode_domain(ByteWriter& out, const value::DomainType& domain) {
  out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kDomainPut));
  out.put_bytes(domain.name);
  out.put<std::uint32_t>(domain.oid);
  out.put<std::uint8_t>(static_cast<std::uint8_t>(domain.base.id));
  out.put<std::int32_t>(domain.base.typmod);
  out.put<std::uint32_t>(domain.base.enum_oid);
  out.put<std::uint8_t>(domain.not_null ? 1 : 0);
  out.put<std::uint8_t>(domain.default_sql ? 1 : 0);
  if (domain.default_sql) out.put_bytes(*domain.default_sql);
  out.put<std::uint32_t>(static_cast<std::uint32_t>(domain.checks.size()));
  for (const value::DomainCheck& check : domain.checks) {
    out.put_bytes(check.name);
    out.put_bytes(check.expression_sql);
    out.put<std::uint32_t>(check.oid);
  }
}

std::shared_ptr<const value::DomainType> decode_domain(ByteReader& in) {
  auto domain = std::make_shared<value::DomainType>();
  domain->name = in.get_bytes();
  domain->oid = in.get<std::uint32_t>();
  const auto type = in.get<std::uint8_t>();
  if (type > static_cast<std::uint8_t>(value::TypeId::kLastTypeId)) throw CorruptRecord("domain of an unknown type");
  domain->base.id = static_cast<value::TypeId>(type);
  domain->base.typmod = in.get<std::int32_t>();
  domain->base.enum_oid = in.get<std::uint32_t>();
  domain->not_null = in.get<std::uint8_t>() != 0;
  if (in.get<std::uint8_t>() != 0) domain->default_sql = std::string(in.get_bytes());
  domain->checks.resize(in.get<std::uint32_t>());
  for (value::DomainCheck& check : domain->checks) {
    check.name = in.get_bytes();
    check.expression_sql = in.get_bytes();
    check.oid = in.get<std::uint32_t>();
  }
  return domain;
}

void encode_view(ByteWriter& out, const storage::ViewDefinition& view) {
  out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kViewPut));
  out.put_bytes(view.name);
  out.put_bytes(view.query_sql);
  out.put<std::uint32_t>(static_cast<std::uint32_t>(view.column_names.size()));
  for (const auto& column : view.column_names) out.put_bytes(column);
  out.put<std::uint32_t>(view.oid);
}

void encode_role(ByteWriter& out, const storage::Role& role) {
  out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kRolePutWithMembers));
  out.put_bytes(role.name);
  out.put<std::uint32_t>(role.oid);
  out.put<std::uint8_t>(role.superuser ? 1 : 0);
  out.put<std::uint8_t>(role.can_login ? 1 : 0);
  out.put_bytes(role.password_secret);
  out.put<std::uint8_t>(role.inherit ? 1 : 0);
  out.put<std::uint32_t>(static_cast<std::uint32_t>(role.member_of.size()));
  for (const auto& membership : role.member_of) {
    out.put<std::uint32_t>(membership.role);
    out.put<std::uint32_t>(membership.grantor);
    out.put<std::uint8_t>(membership.admin_option ? 1 : 0);
  }
}

void put_acl_items(ByteWriter& out, const storage::Acl& acl) {
  out.put<std::uint32_t>(static_cast<std::uint32_t>(acl.size()));
  for (const auto& item : acl) {
    out.put<std::uint32_t>(item.grantee);
    out.put<std::uint32_t>(item.grantor);
    out.put<std::uint32_t>(item.privileges);
    out.put<std::uint32_t>(item.grant_options);
  }
}

storage::Acl get_acl_items(ByteReader& in) {
  storage::Acl acl(in.get<std::uint32_t>());
  for (auto& item : acl) {
    item.grantee = in.get<std::uint32_t>();
    item.grantor = in.get<std::uint32_t>();
    item.privileges = in.get<std::uint32_t>();
    item.grant_options = in.get<std::uint32_t>();
  }
  return acl;
}

void encode_acl(ByteWriter& out, std::uint32_t oid, const storage::ObjectAcl& acl) {
  out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kAclPut));
  out.put<std::uint32_t>(oid);
  out.put<std::uint32_t>(acl.owner);
  out.put<std::uint8_t>(acl.acl ? 1 : 0);
  if (acl.acl) put_acl_items(out, *acl.acl);
  out.put<std::uint32_t>(static_cast<std::uint32_t>(acl.column_acls.size()));
  for (const auto& [column, items] : acl.column_acls) {
    out.put_bytes(column);
    put_acl_items(out, items);
  }
}

}  // namespace

std::string encode_world_change(const World& before, const World& after) {
  std::string bytes;
  ByteWriter out(bytes);
  out.put<std::uint32_t>(after.next_oid());
  const std::size_t header_size = bytes.size();
  std::vector<std::uint32_t> temporary_oids;  // their owners are not logged either
  World::TableMap::diff(
      before.tables(), after.tables(),
      [](const auto& a, const auto& b) { return a.get() == b.get(); },
      [&](const std::string& name, const std::shared_ptr<const Table>* old_table,
          const std::shared_ptr<const Table>* new_table) {
        if (storage::is_temp_relation_key(name)) {
          temporary_oids.push_back((new_table != nullptr ? *new_table : *old_table)->schema().oid());
          return;
        }
        if (new_table == nullptr) {
          out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kTableDrop));
          out.put_bytes(name);
          return;
        }
        const Table* previous = old_table == nullptr ? nullptr : old_table->get();
        if (previous == nullptr || previous->schema_ptr() != (*new_table)->schema_ptr()) {
          out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kTableSchema));
          encode_schema(out, (*new_table)->schema());
          if (previous == nullptr) {  // a new table always gets its rows entry (its row id counter)
            put_rows_header(out, **new_table);
            std::vector<const RowKey*> none;
            std::vector<std::pair<const RowKey*, const RowRef*>> rows;
            for (auto it = (*new_table)->rows().begin(); it != (*new_table)->rows().end(); ++it) {
              rows.emplace_back(&(*it).key, &(*it).value);
            }
            put_row_entries(bytes, none, rows);
            return;
          }
        }
        encode_rows(bytes, previous, **new_table);
      });
  World::ViewMap::diff(
      before.views(), after.views(), [](const auto& a, const auto& b) { return a.get() == b.get(); },
      [&](const std::string& name, const std::shared_ptr<const storage::ViewDefinition>* old_view,
          const std::shared_ptr<const storage::ViewDefinition>* new_view) {
        if (storage::is_temp_relation_key(name)) {
          temporary_oids.push_back((new_view != nullptr ? *new_view : *old_view)->oid);
          return;
        }
        if (new_view == nullptr) {
          out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kViewDrop));
          out.put_bytes(name);
        } else {
          encode_view(out, **new_view);
        }
      });
  World::EnumTypeMap::diff(
      before.enum_types(), after.enum_types(), [](const auto& a, const auto& b) { return a.get() == b.get(); },
      [&](const std::string& name, const std::shared_ptr<const value::EnumType>*,
          const std::shared_ptr<const value::EnumType>* new_type) {
        if (new_type == nullptr) {
          out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kEnumTypeDrop));
          out.put_bytes(name);
        } else {
          encode_enum_type(out, **new_type);
        }
      });
  World::DomainMap::diff(
      before.domains(), after.domains(), [](const auto& a, const auto& b) { return a.get() == b.get(); },
      [&](const std::string& name, const std::shared_ptr<const value::DomainType>*,
          const std::shared_ptr<const value::DomainType>* new_domain) {
        if (new_domain == nullptr) {
          out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kDomainDrop));
          out.put_bytes(name);
        } else {
          encode_domain(out, **new_domain);
        }
      });
  World::SequenceMap::diff(
      before.sequences(), after.sequences(), [](const auto& a, const auto& b) { return a.get() == b.get(); },
      [&](const std::string& name, const std::shared_ptr<const storage::SequenceDefinition>* old_sequence,
          const std::shared_ptr<const storage::SequenceDefinition>* new_sequence) {
        if (storage::is_temp_relation_key(name)) {
          temporary_oids.push_back((new_sequence != nullptr ? *new_sequence : *old_sequence)->oid);
          return;
        }
        if (new_sequence == nullptr) {
          out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kSequenceDrop));
          out.put_bytes(name);
        } else {
          encode_sequence(out, **new_sequence);
        }
      });
  World::NamespaceMap::diff(
      before.namespaces(), after.namespaces(), [](const auto& a, const auto& b) { return a.get() == b.get(); },
      [&](const std::string& name, const std::shared_ptr<const storage::NamespaceDefinition>*,
          const std::shared_ptr<const storage::NamespaceDefinition>* new_schema) {
        if (new_schema == nullptr) {
          out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kNamespaceDrop));
          out.put_bytes(name);
        } else {
          out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kNamespacePut));
          out.put_bytes((*new_schema)->name);
          out.put<std::uint32_t>((*new_schema)->oid);
        }
      });
  World::RoleMap::diff(
      before.roles(), after.roles(), [](const auto& a, const auto& b) { return a.get() == b.get(); },
      [&](const std::string& name, const std::shared_ptr<const storage::Role>*,
          const std::shared_ptr<const storage::Role>* new_role) {
        if (new_role == nullptr) {
          out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kRoleDrop));
          out.put_bytes(name);
        } else {
          encode_role(out, **new_role);
        }
      });
  World::AclMap::diff(
      before.acls(), after.acls(), [](const auto& a, const auto& b) { return a.get() == b.get(); },
      [&](std::uint32_t oid, const std::shared_ptr<const storage::ObjectAcl>*,
          const std::shared_ptr<const storage::ObjectAcl>* new_acl) {
        if (std::find(temporary_oids.begin(), temporary_oids.end(), oid) != temporary_oids.end()) return;
        if (new_acl == nullptr) {
          out.put<std::uint8_t>(static_cast<std::uint8_t>(ChangeKind::kAclDrop));
          out.put<std::uint32_t>(oid);
        } else {
          encode_acl(out, oid, **new_acl);
        }
      });
  if (bytes.size() == header_size && before.next_oid() == after.next_oid()) return {};
  return bytes;
}

WorldChange decode_world_change(std::string_view bytes) {
  ByteReader in(bytes);
  WorldChange change;
  change.next_oid = in.get<std::uint32_t>();
  while (!in.at_end()) {
    ChangeEntry entry;
    entry.kind = static_cast<ChangeKind>(in.get<std::uint8_t>());
    switch (entry.kind) {
      case ChangeKind::kTableSchema:
        entry.schema = decode_schema(in);
        entry.name = entry.schema->name();
        break;
      case ChangeKind::kEnumTypePut:
        entry.enum_type = decode_enum_type(in);
        entry.name = entry.enum_type->name;
        break;
      case ChangeKind::kDomainPut:
        entry.domain = decode_domain(in);
        entry.name = entry.domain->name;
        break;
      case ChangeKind::kDomainDrop:
      case ChangeKind::kEnumTypeDrop:
      case ChangeKind::kTableDrop:
      case ChangeKind::kSequenceDrop:
      case ChangeKind::kNamespaceDrop:
      case ChangeKind::kViewDrop:
      case ChangeKind::kRoleDrop:
        entry.name = in.get_bytes();
        break;
      case ChangeKind::kRolePut:
      case ChangeKind::kRolePutWithMembers: {
        auto role = std::make_shared<storage::Role>();
        role->name = in.get_bytes();
        role->oid = in.get<std::uint32_t>();
        role->superuser = in.get<std::uint8_t>() != 0;
        role->can_login = in.get<std::uint8_t>() != 0;
        role->password_secret = in.get_bytes();
        if (entry.kind == ChangeKind::kRolePutWithMembers) {
          role->inherit = in.get<std::uint8_t>() != 0;
          role->member_of.resize(in.get<std::uint32_t>());
          for (auto& membership : role->member_of) {
            membership.role = in.get<std::uint32_t>();
            membership.grantor = in.get<std::uint32_t>();
            membership.admin_option = in.get<std::uint8_t>() != 0;
          }
        }
        entry.kind = ChangeKind::kRolePut;
        entry.name = role->name;
        entry.role = std::move(role);
        break;
      }
      case ChangeKind::kRows: {
        entry.name = in.get_bytes();
        entry.next_row_id = in.get<std::uint64_t>();
        entry.deleted.resize(in.get<std::uint32_t>());
        for (auto& key : entry.deleted) key = RowKey(in.get_bytes());
        entry.upserted.resize(in.get<std::uint32_t>());
        for (auto& [key, row] : entry.upserted) {
          key = RowKey(in.get_bytes());
          row = RowRef::from_image(in.get_bytes());
        }
        break;
      }
      case ChangeKind::kAclDrop:
        entry.oid = in.get<std::uint32_t>();
        break;
      case ChangeKind::kAclPut: {
        auto acl = std::make_shared<storage::ObjectAcl>();
        entry.oid = in.get<std::uint32_t>();
        acl->owner = in.get<std::uint32_t>();
        if (in.get<std::uint8_t>() != 0) acl->acl = get_acl_items(in);
        const std::uint32_t columns = in.get<std::uint32_t>();
        for (std::uint32_t c = 0; c < columns; ++c) {
          std::string column(in.get_bytes());
          acl->column_acls[column] = get_acl_items(in);
        }
        entry.acl = std::move(acl);
        break;
      }
      case ChangeKind::kSequencePut: {
        auto sequence = std::make_shared<storage::SequenceDefinition>();
        sequence->name = in.get_bytes();
        sequence->oid = in.get<std::uint32_t>();
        auto type = static_cast<value::TypeId>(in.get<std::uint8_t>());
        if (type != value::TypeId::kSmallint && type != value::TypeId::kInteger && type != value::TypeId::kBigint) {
          throw CorruptRecord("sequence of a non-integer type");
        }
        sequence->options.type = type;
        sequence->options.increment = in.get<std::int64_t>();
        sequence->options.min_value = in.get<std::int64_t>();
        sequence->options.max_value = in.get<std::int64_t>();
        sequence->options.start = in.get<std::int64_t>();
        sequence->options.cache = in.get<std::int64_t>();
        sequence->options.cycle = in.get<std::uint8_t>() != 0;
        sequence->owner_table = in.get_bytes();
        sequence->owner_column = in.get_bytes();
        std::int64_t last_value = in.get<std::int64_t>();
        bool is_called = in.get<std::uint8_t>() != 0;
        sequence->counter = std::make_shared<storage::SequenceCounter>(sequence->oid, last_value, is_called);
        entry.name = sequence->name;
        entry.sequence = std::move(sequence);
        break;
      }
      case ChangeKind::kNamespacePut: {
        auto schema = std::make_shared<storage::NamespaceDefinition>();
        schema->name = in.get_bytes();
        schema->oid = in.get<std::uint32_t>();
        entry.name = schema->name;
        entry.schema_namespace = std::move(schema);
        break;
      }
      case ChangeKind::kViewPut: {
        auto view = std::make_shared<storage::ViewDefinition>();
        view->name = in.get_bytes();
        view->query_sql = in.get_bytes();
        view->column_names.resize(in.get<std::uint32_t>());
        for (auto& column : view->column_names) column = in.get_bytes();
        view->oid = in.get<std::uint32_t>();
        entry.name = view->name;
        entry.view = std::move(view);
        break;
      }
      default:
        throw CorruptRecord("unknown change entry");
    }
    change.entries.push_back(std::move(entry));
  }
  return change;
}

std::shared_ptr<const World> apply_world_change(std::shared_ptr<const World> base, WorldChange change) {
  std::shared_ptr<const World> world = std::move(base);
  // A table whose schema entry came first is rebuilt under the new schema.
  std::map<std::string, std::shared_ptr<const storage::TableSchema>> new_schemas;
  for (ChangeEntry& entry : change.entries) {
    switch (entry.kind) {
      case ChangeKind::kTableSchema:
        new_schemas[entry.name] = entry.schema;
        break;
      case ChangeKind::kTableDrop:
        world = world->without_table(entry.name);
        break;
      case ChangeKind::kEnumTypePut:
        world = world->with_enum_type(entry.enum_type);
        break;
      case ChangeKind::kEnumTypeDrop:
        world = world->without_enum_type(entry.name);
        break;
      case ChangeKind::kDomainPut:
        world = world->with_domain(entry.domain);
        break;
      case ChangeKind::kDomainDrop:
        world = world->without_domain(entry.name);
        break;
      case ChangeKind::kViewDrop:
        world = world->without_view(entry.name);
        break;
      case ChangeKind::kSequencePut:
        world = world->with_sequence(entry.sequence);
        break;
      case ChangeKind::kSequenceDrop:
        world = world->without_sequence(entry.name);
        break;
      case ChangeKind::kNamespacePut:
        world = world->with_namespace(entry.schema_namespace);
        break;
      case ChangeKind::kNamespaceDrop:
        world = world->without_namespace(entry.name);
        break;
      case ChangeKind::kViewPut:
        world = world->with_view(entry.view);
        break;
      case ChangeKind::kRolePut:
        world = world->with_role(entry.role);
        break;
      case ChangeKind::kRoleDrop:
        world = world->without_role(entry.name);
        break;
      case ChangeKind::kAclPut:
        world = world->with_acl(entry.oid, entry.acl);
        break;
      case ChangeKind::kAclDrop:
        world = world->without_acl(entry.oid);
        break;
      case ChangeKind::kRows: {
        std::shared_ptr<const Table> old_table = world->find_table(entry.name);
        auto schema = new_schemas.find(entry.name);
        if (schema == new_schemas.end()) {
          if (!old_table) throw CorruptRecord("rows for unknown table \"" + entry.name + "\"");
          world = world->with_table(std::make_shared<const Table>(old_table->with_logged_changes(
              std::move(entry.deleted), std::move(entry.upserted), entry.next_row_id)));
          break;
        }
        storage::RowTree rows;
        if (old_table && !old_table->rows().empty()) {
          rows = old_table->rows().multi_delete(std::move(entry.deleted)).multi_insert(std::move(entry.upserted));
        } else {
          rows = storage::RowTree::from_sorted(entry.upserted);
        }
        world = world->with_table(
            std::make_shared<const Table>(Table::from_rows(schema->second, std::move(rows), entry.next_row_id)));
        new_schemas.erase(schema);
        break;
      }
    }
  }
  // Schema changes without row changes (renamed columns, new foreign keys, indexes).
  for (auto& [name, schema] : new_schemas) {
    std::shared_ptr<const Table> old_table = world->find_table(name);
    storage::RowTree rows = old_table ? old_table->rows() : storage::RowTree{};
    std::uint64_t next_row_id = old_table ? old_table->next_row_id() : 1;
    world = world->with_table(std::make_shared<const Table>(Table::from_rows(schema, std::move(rows), next_row_id)));
  }
  return world->with_next_oid(change.next_oid);
}

std::string encode_sequence_state(const SequenceStateChange& change) {
  std::string bytes;
  ByteWriter out(bytes);
  out.put<std::uint32_t>(change.oid);
  out.put<std::int64_t>(change.last_value);
  out.put<std::uint8_t>(change.is_called ? 1 : 0);
  return bytes;
}

SequenceStateChange decode_sequence_state(std::string_view bytes) {
  ByteReader in(bytes);
  SequenceStateChange change;
  change.oid = in.get<std::uint32_t>();
  change.last_value = in.get<std::int64_t>();
  change.is_called = in.get<std::uint8_t>() != 0;
  return change;
}

void apply_sequence_state(const storage::World& world, const SequenceStateChange& change) {
  // A sequence created by a transaction that never committed, or dropped since: nothing to do.
  if (auto sequence = world.find_sequence(change.oid)) {
    sequence->counter->restore(storage::SequenceState{change.last_value, 0, change.is_called});
  }
}

}  // namespace ptreedb::txn
