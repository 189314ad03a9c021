// pg_catalog's relations, PostgreSQL 15's columns (the ones clients read),
// rows from the world.
#include <unistd.h>

#include <algorithm>
#include <set>

#include "planner/sequence_options_clause.h"
#include "planner/catalog/catalog_objects.h"
#include "planner/catalog/catalog_oids.h"
#include "planner/catalog/default_expression_text.h"
#include "planner/catalog/system_relation.h"
#include "planner/ddl_planner.h"
#include "planner/privileges.h"
#include "storage/sql_error.h"
#include "storage/value/array_literal.h"
#include "storage/value/text_format.h"
#include "planner/session_directory.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner::catalog {
namespace {

using value::TypeId;
using S = std::string;
using I = std::int64_t;
const Cell kNull{};

// The types pg_type lists: oid, name, length, by value, category, array oid.
struct TypeRow {
  I oid;
  const char* name;
  I length;
  bool by_value;
  const char* category;
  I array;
  bool collatable;
};
const TypeRow kTypes[] = {
    {16, "bool", 1, true, "B", 1000, false},      {17, "bytea", -1, false, "U", 1001, false},
    {18, "char", 1, true, "Z", 1002, false},      {19, "name", 64, false, "S", 1003, true},
    {20, "int8", 8, true, "N", 1016, false},      {21, "int2", 2, true, "N", 1005, false},
    {23, "int4", 4, true, "N", 1007, false},      {24, "regproc", 4, true, "N", 1008, false},
    {25, "text", -1, false, "S", 1009, true},     {26, "oid", 4, true, "N", 1028, false},
    {700, "float4", 4, true, "N", 1021, false},   {701, "float8", 8, true, "N", 1022, false},
    {1042, "bpchar", -1, false, "S", 1014, true}, {1043, "varchar", -1, false, "S", 1015, true},
    {1082, "date", 4, true, "D", 1182, false},    {1083, "time", 8, true, "D", 1183, false},
    {1114, "timestamp", 8, true, "D", 1115, false},
    {1184, "timestamptz", 8, true, "D", 1185, false}, {1266, "timetz", 12, false, "D", 1270, false},
    {1186, "interval", 16, false, "T", 1187, false}, {1700, "numeric", -1, false, "N", 1231, false},
    {114, "json", -1, false, "U", 199, false},    {3802, "jsonb", -1, false, "U", 3807, false},
    {2205, "regclass", 4, true, "N", 2210, false}, {2206, "regtype", 4, true, "N", 2211, false},
    {2950, "uuid", 16, false, "U", 2951, false},
};

bool collatable(value::SqlType type) { return value::is_character_type(type.id); }

// typstorage: fixed-width types plain, numeric main, other varlena extended.
const char* typstorage(const TypeRow& type) {
  if (type.oid == 1700) return "m";
  return type.length > 0 ? "p" : "x";
}

const char* storage_of(value::SqlType type) {
  for (const auto& t : kTypes) {
    if (t.oid == type.oid()) return typstorage(t);
  }
  return "x";
}

// Views in PostgreSQL rather than tables (relkind 'v').
bool is_system_view(const SystemRelation& relation) {
  static const char* const kViews[] = {"pg_roles",   "pg_user",    "pg_settings",      "pg_tables", "pg_sequences",
                                       "pg_views",   "pg_indexes", "pg_stat_activity", "pg_stat_user_tables"};
  if (S(relation.schema) == "information_schema") return true;
  for (const char* name : kViews) {
    if (S(relation.name) == name) return true;
  }
  return false;
}

I namespace_of(const SystemRelation& relation) {
  return S(relation.schema) == "pg_catalog" ? kPgCatalogNamespace : kInformationSchemaNamespace;
}

I system_oid(const SystemRelation& relation) {
  if (S(relation.name) == "pg_class" && S(relation.schema) == "pg_catalog") return 1259;
  return system_relation_oid(system_relation_position(relation));
}

// Bytes a table takes, roughly: rows times their fixed width plus tree nodes.
I estimated_size(const storage::Table& table) {
  I rows = static_cast<I>(table.row_count());
  I width = 64 + static_cast<I>(table.schema().columns().size()) * 16;
  return rows == 0 ? 0 : std::max<I>(8192, rows * width);
}

// An object's owner oid and relacl text (NULL until a GRANT or REVOKE set one).
struct OwnerAndAcl {
  I owner;
  Cell acl;
};

OwnerAndAcl owner_and_acl(const storage::World& world, std::uint32_t oid) {
  auto acl = world.find_acl(oid);
  Cell text = acl != nullptr && acl->acl ? Cell{S(acl_text(world, *acl->acl))} : kNull;
  return {I{owner_of(world, oid)}, text};
}

// A relation's key as pg_class has it: its name and its schema's oid.
struct ClassName {
  S name;
  I nspace;
  S schema;
};

SystemRows namespace_builtin_rows(const storage::World&, const OwnerAndAcl& public_schema);

ClassName class_name(const storage::World& world, const std::string& key) {
  storage::RelationName name = storage::split_relation_key(key);
  return {name.relation, I{planner::namespace_oid(world, name.schema)}, name.schema};
}

SystemRows namespace_rows(const storage::World& world) {
  OwnerAndAcl public_schema = owner_and_acl(world, storage::kPublicNamespaceOid);
  SystemRows created;
  for (auto entry : world.namespaces()) {
    OwnerAndAcl schema = owner_and_acl(world, entry.value->oid);
    created.push_back({I{entry.value->oid}, S(entry.value->name), schema.owner, schema.acl});
  }
  std::set<std::string> temporary;  // pg_temp_N of each session holding temporary tables
  for (auto entry : world.tables()) {
    if (storage::is_temp_relation_key(entry.key)) temporary.insert(storage::split_relation_key(entry.key).schema);
  }
  for (const auto& schema : temporary) {
    created.push_back({I{planner::namespace_oid(world, schema)}, S(schema), kSuperuserOid, kNull});
  }
  SystemRows rows = namespace_builtin_rows(world, public_schema);
  rows.insert(rows.end(), created.begin(), created.end());
  return rows;
}

SystemRows namespace_builtin_rows(const storage::World&, const OwnerAndAcl& public_schema) {
  return {{kPgCatalogNamespace, S("pg_catalog"), kSuperuserOid, S("{postgres=UC/postgres,=U/postgres}")},
          {kPgToastNamespace, S("pg_toast"), kSuperuserOid, kNull},
          {kPublicNamespace, S("public"), public_schema.owner,
           std::holds_alternative<std::monostate>(public_schema.acl)
               ? Cell{S("{pg_database_owner=UC/pg_database_owner,=U/pg_database_owner}")}
               : public_schema.acl},
          {kInformationSchemaNamespace, S("information_schema"), kSuperuserOid,
           S("{postgres=UC/postgres,=U/postgres}")}};
}

// Tables some foreign key references.
std::set<std::string> referenced_tables(const storage::World& world) {
  std::set<std::string> referenced;
  for (const auto& table : tables_of(world)) {
    for (const auto& key : table->schema().foreign_keys()) referenced.insert(key.referenced_table);
  }
  return referenced;
}

// Foreign keys, on either side, are enforced by triggers in PostgreSQL.
bool has_foreign_key_triggers(const storage::TableSchema& schema, const std::set<std::string>& referenced) {
  return !schema.foreign_keys().empty() || referenced.contains(schema.name());
}

// One pg_class row; kind is relkind. A view has its _RETURN rule
// (relhasrules); `has_triggers` is relhastriggers.
std::vector<Cell> class_row(I oid, const S& name, I nspace, const char* kind, I am, I pages, I tuples, I natts,
                            bool has_index, bool has_triggers = false,
                            const OwnerAndAcl& owner = {kSuperuserOid, kNull}) {
  bool view = S(kind) == S("v");
  return {oid,   name,          nspace,   I{0},     I{0},     owner.owner,   am,         oid,
          I{0},  pages,         tuples,   I{0},     I{0},     boolean(has_index), boolean(false), S("p"),
          S(kind), natts,       I{0},     boolean(view), boolean(has_triggers), boolean(false), boolean(false),
          boolean(false), boolean(true), S(kind == S("v") ? "n" : "d"), boolean(false), I{0}, kNull, owner.acl, kNull};
}

SystemRows class_rows(const storage::World& world) {
  SystemRows rows;
  std::set<std::string> referenced = referenced_tables(world);
  for (const auto& table : tables_of(world)) {
    const auto& schema = table->schema();
    bool has_index = schema.has_primary_key() || !schema.indexes().empty();
    bool has_triggers = has_foreign_key_triggers(schema, referenced);
    I rows_now = static_cast<I>(table->row_count());
    const ClassName named = class_name(world, schema.name());
    rows.push_back(class_row(schema.oid(), named.name, named.nspace, "r", kHeapAm,
                             estimated_size(*table) / 8192, rows_now == 0 ? -1 : rows_now,
                             static_cast<I>(schema.columns().size()), has_index, has_triggers,
                             owner_and_acl(world, schema.oid())));
    rows.back()[18] = I{static_cast<I>(schema.checks().size())};  // relchecks
    if (storage::is_temp_schema(named.schema)) rows.back()[15] = S("t");  // relpersistence
    if (!schema.options().empty()) {
      S options = "{";
      for (const std::string& option : schema.options()) {
        if (options.size() > 1) options += ",";
        value::append_array_element(options, option);
      }
      rows.back()[28] = options + "}";  // reloptions
    }
  }
  for (const auto& view : views_of(world)) {
    const ClassName named = class_name(world, view->name);
    rows.push_back(class_row(view->oid, named.name, named.nspace, "v", 0, 0, -1,
                             static_cast<I>(view->column_names.size()), false, false, owner_and_acl(world, view->oid)));
    if (storage::is_temp_schema(named.schema)) rows.back()[15] = S("t");
  }
  for (auto entry : world.sequences()) {
    const auto& sequence = *entry.value;
    const ClassName named = class_name(world, sequence.name);
    rows.push_back(class_row(sequence.oid, named.name, named.nspace, "S", 0, 1, 1, 3, false, false,
                             owner_and_acl(world, sequence.oid)));
    if (storage::is_temp_schema(named.schema)) rows.back()[15] = S("t");
  }
  for (const auto& index : indexes_of(world)) {
    // An index belongs to its table's owner and has no ACL.
    const ClassName named = class_name(world, index.name);
    rows.push_back(class_row(index.oid, named.name, named.nspace, "i", kBtreeAm, 1, 0,
                             static_cast<I>(index.columns.size()), false, false,
                             {I{owner_of(world, index.table->schema().oid())}, kNull}));
    if (storage::is_temp_schema(named.schema)) rows.back()[15] = S("t");
  }
  for (const auto& relation : system_relations()) {
    bool view = is_system_view(relation);
    rows.push_back(class_row(system_oid(relation), relation.name, namespace_of(relation), view ? "v" : "r",
                             view ? 0 : kHeapAm, 0, -1, static_cast<I>(relation.columns.size()), false));
  }
  return rows;
}

std::vector<Cell> attribute_row(I relation, const S& name, value::SqlType type, I number, bool not_null,
                                bool has_default, Cell acl = kNull, char identity = 0) {
  I length = -1;
  for (const auto& t : kTypes) {
    if (t.oid == type.oid()) length = t.length;
  }
  return {relation, name, I{type.oid()}, I{-1}, length, number, I{type.is_array() ? 1 : 0}, I{-1}, I{type.typmod},
          boolean(length > 0 && length <= 8), S(length == 8 ? "d" : length == 2 ? "s" : length == 1 ? "c" : "i"),
          S(storage_of(type)), S(""), boolean(not_null), boolean(has_default), boolean(false),
          S(identity == 0 ? "" : std::string(1, identity)), S(""),
          boolean(false), boolean(true), I{0}, I{collatable(type) ? kDefaultCollation : 0}, acl, kNull, kNull};
}

SystemRows attribute_rows(const storage::World& world) {
  SystemRows rows;
  for (const auto& table : tables_of(world)) {
    const auto& schema = table->schema();
    auto acl = world.find_acl(schema.oid());
    for (std::size_t c = 0; c < schema.columns().size(); ++c) {
      const auto& column = schema.column(c);
      Cell column_acl = kNull;
      if (acl != nullptr) {
        auto found = acl->column_acls.find(column.name);
        if (found != acl->column_acls.end()) column_acl = S(acl_text(world, found->second));
      }
      // An identity column's nextval is its identity, not a default (no pg_attrdef row).
      rows.push_back(attribute_row(schema.oid(), column.name, column.type, static_cast<I>(c + 1),
                                   column.not_null, column.default_sql.has_value() && column.identity == 0,
                                   column_acl, column.identity));
    }
  }
  for (auto entry : world.sequences()) {
    const I oid = entry.value->oid;
    rows.push_back(attribute_row(oid, "last_value", value::SqlType::of(TypeId::kBigint), 1, true, false));
    rows.push_back(attribute_row(oid, "log_cnt", value::SqlType::of(TypeId::kBigint), 2, true, false));
    rows.push_back(attribute_row(oid, "is_called", value::SqlType::of(TypeId::kBoolean), 3, true, false));
  }
  // A view's columns are what its query returns, planned now; a view whose
  // query reads pg_attribute would plan itself again, so nested planning
  // leaves views out.
  static thread_local bool planning_views = false;
  if (!planning_views) {
    struct Planning {
      Planning() { planning_views = true; }
      ~Planning() { planning_views = false; }
    } planning;
    for (const auto& view : views_of(world)) {
      try {
        ViewColumns columns = plan_view_columns(view->query_sql, view->column_names, world);
        for (std::size_t c = 0; c < columns.types.size() && c < view->column_names.size(); ++c) {
          rows.push_back(attribute_row(view->oid, view->column_names[c], columns.types[c], static_cast<I>(c + 1),
                                       false, false));
        }
      } catch (const SqlError&) {
        // A view that no longer plans shows no columns rather than failing the catalog.
      }
    }
  }
  for (const auto& index : indexes_of(world)) {
    const auto& schema = index.table->schema();
    for (std::size_t i = 0; i < index.columns.size(); ++i) {
      const auto& column = schema.column(index.columns[i]);
      rows.push_back(attribute_row(index.oid, column.name, column.type, static_cast<I>(i + 1), false, false));
    }
  }
  for (const auto& relation : system_relations()) {
    for (std::size_t c = 0; c < relation.columns.size(); ++c) {
      rows.push_back(attribute_row(system_oid(relation), relation.columns[c].name, relation.columns[c].type,
                                   static_cast<I>(c + 1), false, false));
    }
  }
  return rows;
}

SystemRows type_rows(const storage::World& world) {
  SystemRows rows;
  for (auto entry : world.domains()) {
    const value::DomainType& domain = *entry.value;
    const TypeRow* base = nullptr;
    for (const auto& t : kTypes) {
      if (t.oid == domain.base.oid()) base = &t;
    }
    const I length = base ? base->length : 4;
    const bool by_value = base ? base->by_value : true;
    rows.push_back({I{domain.oid}, S(domain.name), kPublicNamespace, kSuperuserOid, length, boolean(by_value), S("d"),
                    S(base ? base->category : "E"), boolean(false), boolean(true), S(","), I{0}, I{0}, I{0},
                    S("domain_in"), S(base ? S(base->name) + "out" : S("enum_out")),
                    S(length == 8 ? "d" : length == 2 ? "s" : length == 1 ? "c" : "i"),
                    S(base ? typstorage(*base) : "p"), boolean(domain.not_null), I{domain.base.oid()},
                    I{domain.base.typmod}, I{0}, I{base && base->collatable ? kDefaultCollation : 0}, kNull,
                    domain.default_sql ? Cell{default_expression_text(*domain.default_sql, domain.base)} : kNull,
                    kNull});
  }
  for (auto entry : world.enum_types()) {
    const value::EnumType& type = *entry.value;
    rows.push_back({I{type.oid}, S(type.name), kPublicNamespace, kSuperuserOid, I{4}, boolean(true), S("e"), S("E"),
                    boolean(false), boolean(true), S(","), I{0}, I{0}, I{0}, S("enum_in"), S("enum_out"), S("i"),
                    S("p"), boolean(false), I{0}, I{-1}, I{0}, I{0}, kNull, kNull, kNull});
  }
  for (const auto& t : kTypes) {
    rows.push_back({t.oid, S(t.name), kPgCatalogNamespace, kSuperuserOid, t.length, boolean(t.by_value), S("b"),
                    S(t.category), boolean(false), boolean(true), S(","), I{0}, I{0}, t.array, S(t.name) + "in",
                    S(t.name) + "out", S(t.length == 8 ? "d" : t.length == 2 ? "s" : t.length == 1 ? "c" : "i"),
                    S(typstorage(t)), boolean(false), I{0}, I{-1}, I{0},
                    I{t.collatable ? kDefaultCollation : 0}, kNull, kNull, kNull});
  }
  return rows;
}

// pg_enum: each enum type's labels with PostgreSQL's float4 sort orders.
SystemRows enum_rows(const storage::World& world) {
  SystemRows rows;
  for (auto entry : world.enum_types()) {
    for (const value::EnumLabel& label : entry.value->labels) {
      std::string order;
      value::append_float4(order, label.sort_order);
      rows.push_back({I{label.oid}, I{entry.value->oid}, order, S(label.label)});
    }
  }
  return rows;
}

S int2vector(const std::vector<std::size_t>& columns) {
  S out;
  for (std::size_t i = 0; i < columns.size(); ++i) out += (i ? " " : "") + std::to_string(columns[i] + 1);
  return out;
}

S int2array(const std::vector<std::size_t>& columns) { return "{" + [&] {
    S out;
    for (std::size_t i = 0; i < columns.size(); ++i) out += (i ? "," : "") + std::to_string(columns[i] + 1);
    return out;
  }() + "}"; }

SystemRows index_rows(const storage::World& world) {
  SystemRows rows;
  for (const auto& index : indexes_of(world)) {
    I n = static_cast<I>(index.columns.size());
    rows.push_back({index.oid, I{index.table->schema().oid()}, n, n, boolean(index.unique), boolean(false),
                    boolean(index.primary), boolean(false), boolean(true), boolean(false), boolean(true),
                    boolean(false), boolean(true), boolean(true), boolean(false), int2vector(index.columns), kNull,
                    kNull});
  }
  return rows;
}

std::vector<Cell> constraint_row(I oid, const S& name, const char* type, I relation, I index, I referenced,
                                 const char* delete_action, const char* match, const S& key, const Cell& foreign_key) {
  return {oid,  name, kPublicNamespace, S(type), boolean(false), boolean(false), boolean(true), relation, I{0},
          index, I{0}, referenced, S(*type == 'f' ? "a" : " "), S(delete_action), S(match), boolean(true), I{0},
          boolean(true), key, foreign_key, kNull};
}

SystemRows constraint_rows(const storage::World& world) {
  SystemRows rows;
  for (const auto& index : indexes_of(world)) {
    if (!index.constraint) continue;
    rows.push_back(constraint_row(index.constraint_oid, index.name, index.primary ? "p" : "u",
                                  index.table->schema().oid(), index.oid, 0, " ", " ", int2array(index.columns),
                                  kNull));
  }
  for (const auto& entry : foreign_keys_of(world)) {
    const auto& key = entry.table->schema().foreign_keys()[entry.position];
    I referenced_index = 0;
    if (entry.referenced) {
      for (const auto& index : indexes_of(world)) {
        if (index.table == entry.referenced && index.unique &&
            std::is_permutation(index.columns.begin(), index.columns.end(), key.referenced_columns.begin(),
                                key.referenced_columns.end())) {
          referenced_index = index.oid;
        }
      }
    }
    const char* action = key.on_delete == storage::ForeignKeyAction::kCascade    ? "c"
                         : key.on_delete == storage::ForeignKeyAction::kRestrict ? "r"
                                                                                 : "a";
    rows.push_back(constraint_row(entry.oid, key.name, "f", entry.table->schema().oid(), referenced_index,
                                  entry.referenced ? I{entry.referenced->schema().oid()} : I{0}, action,
                                  key.match_full ? "f" : "s", int2array(key.columns),
                                  Cell{int2array(key.referenced_columns)}));
  }
  for (auto entry : world.domains()) {
    for (const auto& check : entry.value->checks) {
      auto row = constraint_row(check.oid, check.name, "c", 0, 0, 0, " ", " ", S(""), kNull);
      row[8] = I{entry.value->oid};  // contypid
      row[18] = kNull;                // conkey
      row.back() = S(check.expression_sql);
      rows.push_back(std::move(row));
    }
  }
  for (const auto& table : tables_of(world)) {
    const auto& schema = table->schema();
    for (std::size_t i = 0; i < schema.checks().size(); ++i) {
      const auto& check = schema.checks()[i];
      auto row = constraint_row(check_constraint_oid(schema, i), check.name, "c", schema.oid(), 0, 0, " ", " ",
                                int2array(check.columns), kNull);
      row.back() = S(check.expression_sql);  // conbin: the expression as stored
      row[17] = boolean(false);               // connoinherit
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

SystemRows attrdef_rows(const storage::World& world) {
  SystemRows rows;
  for (const auto& table : tables_of(world)) {
    const auto& schema = table->schema();
    for (std::size_t c = 0; c < schema.columns().size(); ++c) {
      if (!schema.column(c).default_sql || schema.column(c).identity != 0) continue;
      rows.push_back({default_oid(schema, c), I{schema.oid()}, static_cast<I>(c + 1),
                      default_expression_text(*schema.column(c).default_sql, schema.column(c).type)});
    }
  }
  return rows;
}

SystemRows no_rows(const storage::World&) { return {}; }

I sequence_type_oid(TypeId type) { return value::SqlType::of(type).oid(); }

SystemRows sequence_rows(const storage::World& world) {
  SystemRows rows;
  for (auto entry : world.sequences()) {
    const auto& sequence = *entry.value;
    const auto& options = sequence.options;
    rows.push_back({I{sequence.oid}, sequence_type_oid(options.type), I{options.start}, I{options.increment},
                    I{options.max_value}, I{options.min_value}, I{options.cache}, boolean(options.cycle)});
  }
  return rows;
}

// pg_sequences: last_value is NULL until the first nextval (pg_sequence_last_value),
// and for a role holding neither SELECT nor USAGE on the sequence.
SystemRows sequences_view_rows(const storage::World& world) {
  SystemRows rows;
  const std::uint32_t role = checking_role_oid(world);
  for (auto entry : world.sequences()) {
    const auto& sequence = *entry.value;
    const auto& options = sequence.options;
    storage::SequenceState state = sequence.counter->state();
    if (relation_privileges(world, role, sequence.oid, storage::kPrivSelect | storage::kPrivUsage) == 0) {
      state.is_called = false;
    }
    const ClassName named = class_name(world, sequence.name);
    rows.push_back({named.schema, named.name, S(role_name_of(world, owner_of(world, sequence.oid))),
                    S(planner::sequence_type_name(options.type)), I{options.start}, I{options.min_value},
                    I{options.max_value}, I{options.increment}, boolean(options.cycle), I{options.cache},
                    state.is_called ? Cell{I{state.last_value}} : kNull});
  }
  return rows;
}

// Serial and identity sequences depend on their column: 'a' (OWNED BY) and
// 'i' (identity), which psql's \d shows as "Owned by" / "Sequence for identity column".
SystemRows depend_rows(const storage::World& world) {
  SystemRows rows;
  for (auto entry : world.sequences()) {
    const auto& sequence = *entry.value;
    if (sequence.owner_table.empty()) continue;
    auto table = world.find_table(sequence.owner_table);
    if (!table) continue;
    auto column = table->schema().find_column(sequence.owner_column);
    if (!column) continue;
    const bool identity = table->schema().column(*column).identity != 0;
    rows.push_back({I{1259}, I{sequence.oid}, I{0}, I{1259}, I{table->schema().oid()}, static_cast<I>(*column + 1),
                    S(identity ? "i" : "a")});
  }
  return rows;
}

SystemRows database_rows(const storage::World&) {
  const S acl = "{=c/postgres,postgres=CTc/postgres}";
  auto row = [](I oid, const char* name, bool is_template, bool allow, const Cell& datacl) -> std::vector<Cell> {
    return {oid, S(name), kSuperuserOid, kUtf8Encoding, S("c"), boolean(is_template), boolean(allow), I{-1},
            I{1663}, S("C"), S("C"), kNull, kNull, datacl};
  };
  return {row(kPostgresDatabase, "postgres", false, true, kNull), row(1, "template1", true, true, Cell{acl}),
          row(4, "template0", true, false, Cell{acl})};
}

// Every role of the world; the bootstrap superuser has every attribute, as in
// PostgreSQL, and other roles those CREATE/ALTER ROLE gave them.
template <class MakeRow>
SystemRows rows_per_role(const storage::World& world, MakeRow make_row) {
  SystemRows rows;
  for (auto it = world.roles().begin(); it != world.roles().end(); ++it) {
    const storage::Role& role = *(*it).value;
    const bool all = role.oid == storage::kBootstrapSuperuserOid;
    rows.push_back(make_row(role, all));
  }
  return rows;
}

SystemRows roles_rows(const storage::World& world) {
  return rows_per_role(world, [](const storage::Role& role, bool all) -> std::vector<Cell> {
    return {S(role.name), boolean(role.superuser), boolean(role.inherit), boolean(all), boolean(all), boolean(role.can_login),
            boolean(all), I{-1}, S("********"), kNull, boolean(all), kNull, I{role.oid}};
  });
}

SystemRows authid_rows(const storage::World& world) {
  return rows_per_role(world, [](const storage::Role& role, bool all) -> std::vector<Cell> {
    return {I{role.oid}, S(role.name), boolean(role.superuser), boolean(role.inherit), boolean(all), boolean(all),
            boolean(role.can_login), boolean(all), boolean(all), I{-1},
            role.password_secret.empty() ? kNull : Cell{S(role.password_secret)}, kNull};
  });
}

// ALTER DEFAULT PRIVILEGES ... ON TABLES, one row per role that changed them.
SystemRows default_acl_rows(const storage::World& world) {
  SystemRows rows;
  for (auto it = world.acls().begin(); it != world.acls().end(); ++it) {
    if (((*it).key & storage::kDefaultTableAclKeyBit) == 0 || !(*it).value->acl) continue;
    rows.push_back({I{(*it).key}, I{(*it).value->owner}, I{0}, S("r"), S(acl_text(world, *(*it).value->acl))});
  }
  return rows;
}

// GRANT role TO member, one row per membership.
SystemRows auth_members_rows(const storage::World& world) {
  SystemRows rows;
  for (auto it = world.roles().begin(); it != world.roles().end(); ++it) {
    const storage::Role& role = *(*it).value;
    for (const auto& membership : role.member_of) {
      rows.push_back({I{membership.role}, I{role.oid}, I{membership.grantor}, boolean(membership.admin_option)});
    }
  }
  return rows;
}

SystemRows user_rows(const storage::World& world) {
  SystemRows rows;
  for (auto it = world.roles().begin(); it != world.roles().end(); ++it) {
    const storage::Role& role = *(*it).value;
    if (!role.can_login) continue;  // pg_user lists the roles that can log in
    const bool all = role.oid == storage::kBootstrapSuperuserOid;
    rows.push_back({S(role.name), I{role.oid}, boolean(all), boolean(role.superuser), boolean(all), boolean(all),
                    S("********"), kNull, kNull});
  }
  return rows;
}

SystemRows am_rows(const storage::World&) {
  return {{kHeapAm, S("heap"), S("heap_tableam_handler"), S("t")},
          {kBtreeAm, S("btree"), S("bthandler"), S("i")},
          {I{405}, S("hash"), S("hashhandler"), S("i")}};
}

SystemRows proc_rows(const storage::World&) {
  // A few of the built-in functions, with PostgreSQL's oids.
  struct Proc {
    I oid;
    const char* name;
    I result;
    const char* args;
    const char* kind;
  };
  static const Proc kProcs[] = {{870, "lower", 25, "25", "f"},          {871, "upper", 25, "25", "f"},
                                {1317, "length", 23, "25", "f"},        {936, "substring", 25, "25 23 23", "f"},
                                {1258, "textcat", 25, "25 25", "f"},    {2147, "count", 20, "", "a"},
                                {2108, "sum", 1700, "23", "a"},         {2116, "max", 23, "23", "a"},
                                {2132, "min", 23, "23", "a"},           {89, "version", 25, "", "f"},
                                {861, "current_database", 19, "", "f"}, {1081, "format_type", 25, "26 23", "f"}};
  SystemRows rows;
  for (const auto& p : kProcs) {
    rows.push_back({p.oid, S(p.name), kPgCatalogNamespace, kSuperuserOid, I{12}, S(p.kind), boolean(false),
                    boolean(true), boolean(false), S("i"),
                    static_cast<I>(S(p.args).empty() ? 0 : std::count(p.args, p.args + S(p.args).size(), ' ') + 1),
                    p.result, S(p.args), S(p.name), kNull});
  }
  return rows;
}

SystemRows settings_rows(const storage::World&) {
  struct Setting {
    const char* name;
    const char* value;
    const char* category;
    const char* vartype;
  };
  static const Setting kSettings[] = {
      {"client_encoding", "UTF8", "Client Connection Defaults / Locale and Formatting", "string"},
      {"DateStyle", "ISO, MDY", "Client Connection Defaults / Locale and Formatting", "string"},
      {"integer_datetimes", "on", "Preset Options", "bool"},
      {"IntervalStyle", "postgres", "Client Connection Defaults / Locale and Formatting", "enum"},
      {"max_connections", "100", "Connections and Authentication / Connection Settings", "integer"},
      {"max_identifier_length", "63", "Preset Options", "integer"},
      {"max_index_keys", "32", "Preset Options", "integer"},
      {"search_path", "\"$user\", public", "Client Connection Defaults / Statement Behavior", "string"},
      {"server_encoding", "UTF8", "Preset Options", "string"},
      {"server_version", "15.0", "Preset Options", "string"},
      {"server_version_num", "150000", "Preset Options", "integer"},
      {"standard_conforming_strings", "on", "Version and Platform Compatibility", "bool"},
      {"TimeZone", "UTC", "Client Connection Defaults / Locale and Formatting", "string"},
  };
  SystemRows rows;
  for (const auto& s : kSettings) {
    rows.push_back({S(s.name), S(s.value), kNull, S(s.category), kNull, kNull, S("user"), S(s.vartype), S("default"),
                    kNull, kNull, kNull, S(s.value), S(s.value), kNull, kNull, boolean(false)});
  }
  return rows;
}

SystemRows tables_view_rows(const storage::World& world) {
  SystemRows rows;
  std::set<std::string> referenced = referenced_tables(world);
  for (const auto& table : tables_of(world)) {
    const auto& schema = table->schema();
    bool has_index = schema.has_primary_key() || !schema.indexes().empty();
    bool has_triggers = has_foreign_key_triggers(schema, referenced);
    const ClassName named = class_name(world, schema.name());
    rows.push_back({named.schema, named.name, S(role_name_of(world, owner_of(world, schema.oid()))), kNull,
                    boolean(has_index), boolean(false), boolean(has_triggers), boolean(false)});
  }
  for (const auto& relation : system_relations()) {
    if (is_system_view(relation)) continue;
    rows.push_back({S(relation.schema), S(relation.name), S(kUserName), kNull, boolean(false), boolean(false),
                    boolean(false), boolean(false)});
  }
  return rows;
}

SystemRows views_view_rows(const storage::World& world) {
  SystemRows rows;
  for (const auto& view : views_of(world)) {
    const ClassName named = class_name(world, view->name);
    rows.push_back({named.schema, named.name, S(role_name_of(world, owner_of(world, view->oid))),
                    S(" " + view->query_sql + ";")});
  }
  return rows;
}

SystemRows indexes_view_rows(const storage::World& world) {
  SystemRows rows;
  for (const auto& index : indexes_of(world)) {
    const ClassName table = class_name(world, index.table->schema().name());
    rows.push_back({table.schema, table.name, class_name(world, index.name).name, kNull, index_definition(index)});
  }
  return rows;
}

SystemRows collation_rows(const storage::World&) {
  return {{kDefaultCollation, S("default"), kPgCatalogNamespace, kSuperuserOid, S("d"), boolean(true), I{-1}, kNull,
           kNull, kNull, kNull},
          {kCCollation, S("C"), kPgCatalogNamespace, kSuperuserOid, S("c"), boolean(true), I{-1}, S("C"), S("C"),
           kNull, kNull},
          {I{951}, S("POSIX"), kPgCatalogNamespace, kSuperuserOid, S("c"), boolean(true), I{-1}, S("POSIX"),
           S("POSIX"), kNull, kNull}};
}

SystemRows stat_activity_rows(const storage::World& world) {
  SessionDirectory* directory = current_session_directory();
  if (directory == nullptr) {
    return {{kPostgresDatabase, S(kDatabaseName), static_cast<I>(::getpid()), kNull, kSuperuserOid, S(kUserName), S(""),
             S("127.0.0.1"), kNull, I{-1}, kNull, kNull, kNull, kNull, kNull, kNull, S("active"), kNull, kNull, kNull,
             S(""), S("client backend")}};
  }
  auto time = [](const std::optional<std::int64_t>& micros) -> Cell {
    if (micros) return I{*micros};
    return kNull;
  };
  const std::uint32_t viewer = checking_role_oid(world);
  SystemRows rows;
  for (const BackendActivity& backend : directory->activity()) {
    auto role = world.find_role(backend.user);
    const Cell user_oid = role == nullptr ? kNull : Cell{I{role->oid}};
    // As PostgreSQL: another role's session shows only who and where from;
    // its state, times and query text are for roles with its rights.
    if (role == nullptr || !has_privileges_of(world, viewer, role->oid)) {
      rows.push_back({kPostgresDatabase, S(kDatabaseName), I{backend.pid}, kNull, user_oid, S(backend.user),
                      S(backend.application_name), kNull, kNull, kNull, kNull, kNull, kNull, kNull, kNull, kNull,
                      kNull, kNull, kNull, kNull, S("<insufficient privilege>"), kNull});
      continue;
    }
    rows.push_back({kPostgresDatabase, S(kDatabaseName), I{backend.pid}, kNull, user_oid, S(backend.user),
                    S(backend.application_name), backend.client_addr.empty() ? kNull : Cell{S(backend.client_addr)},
                    kNull, I{backend.client_port}, time(backend.backend_start), time(backend.xact_start),
                    time(backend.query_start), time(backend.state_change), kNull, kNull, S(backend.state), kNull,
                    kNull, kNull, S(backend.query), S("client backend")});
  }
  return rows;
}

SystemRows tablespace_rows(const storage::World&) {
  return {{I{1663}, S("pg_default"), kSuperuserOid, kNull, kNull}, {I{1664}, S("pg_global"), kSuperuserOid, kNull, kNull}};
}

}  // namespace

std::vector<SystemRelation> pg_catalog_relations() {
  const auto O = kOidType, B = kBoolType, T = kTextType, I2 = kInt2Type, I4 = kInt4Type, I8 = kInt8Type,
             F4 = kFloat4Type,
             TS = kTimestampType;
  return {
      {"pg_catalog", "pg_namespace", {{"oid", O}, {"nspname", T}, {"nspowner", O}, {"nspacl", T}}, namespace_rows},
      {"pg_catalog", "pg_class",
       {{"oid", O},          {"relname", T},         {"relnamespace", O},     {"reltype", O},
        {"reloftype", O},    {"relowner", O},        {"relam", O},            {"relfilenode", O},
        {"reltablespace", O}, {"relpages", I4},      {"reltuples", F4},       {"relallvisible", I4},
        {"reltoastrelid", O}, {"relhasindex", B},    {"relisshared", B},      {"relpersistence", T},
        {"relkind", T},      {"relnatts", I2},       {"relchecks", I2},       {"relhasrules", B},
        {"relhastriggers", B}, {"relhassubclass", B}, {"relrowsecurity", B},  {"relforcerowsecurity", B},
        {"relispopulated", B}, {"relreplident", T},  {"relispartition", B},   {"relrewrite", O},
        {"reloptions", kTextArrayType}, {"relacl", T},  {"relpartbound", T}},
       class_rows},
      {"pg_catalog", "pg_attribute",
       {{"attrelid", O},     {"attname", T},       {"atttypid", O},      {"attstattarget", I4}, {"attlen", I2},
        {"attnum", I2},      {"attndims", I4},     {"attcacheoff", I4},  {"atttypmod", I4},     {"attbyval", B},
        {"attalign", T},     {"attstorage", T},    {"attcompression", T}, {"attnotnull", B},    {"atthasdef", B},
        {"atthasmissing", B}, {"attidentity", T},  {"attgenerated", T},  {"attisdropped", B},   {"attislocal", B},
        {"attinhcount", I4}, {"attcollation", O},  {"attacl", T},        {"attoptions", T},     {"attfdwoptions", T}},
       attribute_rows},
      {"pg_catalog", "pg_type",
       {{"oid", O},         {"typname", T},      {"typnamespace", O}, {"typowner", O},   {"typlen", I2},
        {"typbyval", B},    {"typtype", T},      {"typcategory", T},  {"typispreferred", B}, {"typisdefined", B},
        {"typdelim", T},    {"typrelid", O},     {"typelem", O},      {"typarray", O},   {"typinput", T},
        {"typoutput", T},   {"typalign", T},     {"typstorage", T},   {"typnotnull", B}, {"typbasetype", O},
        {"typtypmod", I4},  {"typndims", I4},    {"typcollation", O}, {"typdefaultbin", T}, {"typdefault", T},
        {"typacl", T}},
       type_rows},
      {"pg_catalog", "pg_enum", {{"oid", O}, {"enumtypid", O}, {"enumsortorder", F4}, {"enumlabel", T}}, enum_rows},
      {"pg_catalog", "pg_index",
       {{"indexrelid", O},   {"indrelid", O},       {"indnatts", I2},      {"indnkeyatts", I2},
        {"indisunique", B},  {"indnullsnotdistinct", B}, {"indisprimary", B}, {"indisexclusion", B},
        {"indimmediate", B}, {"indisclustered", B}, {"indisvalid", B},     {"indcheckxmin", B},
        {"indisready", B},   {"indislive", B},      {"indisreplident", B}, {"indkey", T},
        {"indexprs", T},     {"indpred", T}},
       index_rows},
      {"pg_catalog", "pg_constraint",
       {{"oid", O},           {"conname", T},      {"connamespace", O},  {"contype", T},     {"condeferrable", B},
        {"condeferred", B},   {"convalidated", B}, {"conrelid", O},      {"contypid", O},    {"conindid", O},
        {"conparentid", O},   {"confrelid", O},    {"confupdtype", T},   {"confdeltype", T}, {"confmatchtype", T},
        {"conislocal", B},    {"coninhcount", I4}, {"connoinherit", B},  {"conkey", T},      {"confkey", T},
        {"conbin", T}},
       constraint_rows},
      {"pg_catalog", "pg_attrdef", {{"oid", O}, {"adrelid", O}, {"adnum", I2}, {"adbin", T}}, attrdef_rows},
      {"pg_catalog", "pg_description", {{"objoid", O}, {"classoid", O}, {"objsubid", I4}, {"description", T}}, no_rows},
      {"pg_catalog", "pg_shdescription", {{"objoid", O}, {"classoid", O}, {"description", T}}, no_rows},
      {"pg_catalog", "pg_database",
       {{"oid", O},          {"datname", T},      {"datdba", O},       {"encoding", I4},   {"datlocprovider", T},
        {"datistemplate", B}, {"datallowconn", B}, {"datconnlimit", I4}, {"dattablespace", O}, {"datcollate", T},
        {"datctype", T},     {"daticulocale", T}, {"datcollversion", T}, {"datacl", T}},
       database_rows},
      {"pg_catalog", "pg_roles",
       {{"rolname", T},      {"rolsuper", B},     {"rolinherit", B},   {"rolcreaterole", B}, {"rolcreatedb", B},
        {"rolcanlogin", B},  {"rolreplication", B}, {"rolconnlimit", I4}, {"rolpassword", T}, {"rolvaliduntil", TS},
        {"rolbypassrls", B}, {"rolconfig", T},    {"oid", O}},
       roles_rows},
      {"pg_catalog", "pg_authid",
       {{"oid", O},          {"rolname", T},      {"rolsuper", B},     {"rolinherit", B},   {"rolcreaterole", B},
        {"rolcreatedb", B},  {"rolcanlogin", B},  {"rolreplication", B}, {"rolbypassrls", B}, {"rolconnlimit", I4},
        {"rolpassword", T},  {"rolvaliduntil", TS}},
       authid_rows},
      {"pg_catalog", "pg_user",
       {{"usename", T},      {"usesysid", O},     {"usecreatedb", B},  {"usesuper", B},    {"userepl", B},
        {"usebypassrls", B}, {"passwd", T},       {"valuntil", TS},    {"useconfig", T}},
       user_rows},
      {"pg_catalog", "pg_auth_members", {{"roleid", O}, {"member", O}, {"grantor", O}, {"admin_option", B}},
       auth_members_rows},
      {"pg_catalog", "pg_default_acl",
       {{"oid", O}, {"defaclrole", O}, {"defaclnamespace", O}, {"defaclobjtype", T}, {"defaclacl", T}},
       default_acl_rows},
      {"pg_catalog", "pg_am", {{"oid", O}, {"amname", T}, {"amhandler", T}, {"amtype", T}}, am_rows},
      {"pg_catalog", "pg_proc",
       {{"oid", O},          {"proname", T},      {"pronamespace", O}, {"proowner", O},    {"prolang", O},
        {"prokind", T},      {"prosecdef", B},    {"proisstrict", B},  {"proretset", B},   {"provolatile", T},
        {"pronargs", I2},    {"prorettype", O},   {"proargtypes", T},  {"prosrc", T},      {"proacl", T}},
       proc_rows},
      {"pg_catalog", "pg_settings",
       {{"name", T},       {"setting", T},    {"unit", T},       {"category", T},   {"short_desc", T},
        {"extra_desc", T}, {"context", T},    {"vartype", T},    {"source", T},     {"min_val", T},
        {"max_val", T},    {"enumvals", T},   {"boot_val", T},   {"reset_val", T},  {"sourcefile", T},
        {"sourceline", I4}, {"pending_restart", B}},
       settings_rows},
      {"pg_catalog", "pg_tables",
       {{"schemaname", T}, {"tablename", T}, {"tableowner", T}, {"tablespace", T}, {"hasindexes", B},
        {"hasrules", B},   {"hastriggers", B}, {"rowsecurity", B}},
       tables_view_rows},
      {"pg_catalog", "pg_views", {{"schemaname", T}, {"viewname", T}, {"viewowner", T}, {"definition", T}},
       views_view_rows},
      {"pg_catalog", "pg_indexes",
       {{"schemaname", T}, {"tablename", T}, {"indexname", T}, {"tablespace", T}, {"indexdef", T}},
       indexes_view_rows},
      {"pg_catalog", "pg_inherits", {{"inhrelid", O}, {"inhparent", O}, {"inhseqno", I4}, {"inhdetachpending", B}},
       no_rows},
      {"pg_catalog", "pg_collation",
       {{"oid", O},            {"collname", T},    {"collnamespace", O}, {"collowner", O},  {"collprovider", T},
        {"collisdeterministic", B}, {"collencoding", I4}, {"collcollate", T}, {"collctype", T}, {"colliculocale", T},
        {"collversion", T}},
       collation_rows},
      {"pg_catalog", "pg_stat_activity",
       {{"datid", O},          {"datname", T},       {"pid", I4},           {"leader_pid", I4},
        {"usesysid", O},       {"usename", T},       {"application_name", T}, {"client_addr", T},
        {"client_hostname", T}, {"client_port", I4}, {"backend_start", TS}, {"xact_start", TS},
        {"query_start", TS},   {"state_change", TS}, {"wait_event_type", T}, {"wait_event", T},
        {"state", T},          {"backend_xid", T},   {"backend_xmin", T},   {"query_id", kInt8Type},
        {"query", T},          {"backend_type", T}},
       stat_activity_rows},
      {"pg_catalog", "pg_tablespace",
       {{"oid", O}, {"spcname", T}, {"spcowner", O}, {"spcacl", T}, {"spcoptions", T}}, tablespace_rows},
      {"pg_catalog", "pg_trigger",
       {{"oid", O}, {"tgrelid", O}, {"tgparentid", O}, {"tgname", T}, {"tgfoid", O}, {"tgtype", I2},
        {"tgenabled", T}, {"tgisinternal", B}, {"tgconstrrelid", O}, {"tgconstrindid", O}, {"tgconstraint", O}},
       no_rows},
      {"pg_catalog", "pg_rewrite", {{"oid", O}, {"rulename", T}, {"ev_class", O}}, no_rows},
      {"pg_catalog", "pg_policy",
       {{"oid", O}, {"polname", T}, {"polrelid", O}, {"polcmd", T}, {"polpermissive", B}, {"polroles", T},
        {"polqual", T}, {"polwithcheck", T}},
       no_rows},
      {"pg_catalog", "pg_statistic_ext",
       {{"oid", O}, {"stxrelid", O}, {"stxname", T}, {"stxnamespace", O}, {"stxowner", O}, {"stxstattarget", I4},
        {"stxkeys", T}, {"stxkind", T}, {"stxexprs", T}},
       no_rows},
      {"pg_catalog", "pg_publication",
       {{"oid", O}, {"pubname", T}, {"pubowner", O}, {"puballtables", B}, {"pubinsert", B}, {"pubupdate", B},
        {"pubdelete", B}, {"pubtruncate", B}, {"pubviaroot", B}},
       no_rows},
      {"pg_catalog", "pg_publication_namespace", {{"oid", O}, {"pnpubid", O}, {"pnnspid", O}}, no_rows},
      {"pg_catalog", "pg_publication_rel",
       {{"oid", O}, {"prpubid", O}, {"prrelid", O}, {"prqual", T}, {"prattrs", T}},
       no_rows},
      {"pg_catalog", "pg_extension", {{"oid", O}, {"extname", T}, {"extnamespace", O}, {"extversion", T}}, no_rows},
      {"pg_catalog", "pg_event_trigger", {{"oid", O}, {"evtname", T}}, no_rows},
      {"pg_catalog", "pg_foreign_table", {{"ftrelid", O}, {"ftserver", O}}, no_rows},
      {"pg_catalog", "pg_partitioned_table", {{"partrelid", O}, {"partstrat", T}}, no_rows},
      {"pg_catalog", "pg_sequence",
       {{"seqrelid", O}, {"seqtypid", O}, {"seqstart", I8}, {"seqincrement", I8}, {"seqmax", I8}, {"seqmin", I8},
        {"seqcache", I8}, {"seqcycle", B}},
       sequence_rows},
      {"pg_catalog", "pg_sequences",
       {{"schemaname", T}, {"sequencename", T}, {"sequenceowner", T}, {"data_type", T}, {"start_value", I8},
        {"min_value", I8}, {"max_value", I8}, {"increment_by", I8}, {"cycle", B}, {"cache_size", I8},
        {"last_value", I8}},
       sequences_view_rows},
      {"pg_catalog", "pg_depend",
       {{"classid", O}, {"objid", O}, {"objsubid", I4}, {"refclassid", O}, {"refobjid", O}, {"refobjsubid", I4},
        {"deptype", T}},
       depend_rows},
  };
}

}  // namespace ptreedb::planner::catalog
