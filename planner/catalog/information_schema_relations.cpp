// information_schema's views (SQL standard), with PostgreSQL 15's columns and
// values for the user's tables in schema public.
#include <algorithm>

#include "planner/sequence_options_clause.h"
#include "planner/catalog/catalog_objects.h"
#include "planner/catalog/catalog_oids.h"
#include "planner/catalog/default_expression_text.h"
#include "planner/catalog/system_relation.h"
#include "planner/privileges.h"
#include "storage/sequence/identity_sequence.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner::catalog {
namespace {

using value::TypeId;
using S = std::string;
using I = std::int64_t;
const Cell kNull{};

// information_schema.columns.data_type: the standard's spelling.
S standard_type_name(value::SqlType type) {
  switch (type.id) {
    case TypeId::kBoolean: return "boolean";
    case TypeId::kSmallint: return "smallint";
    case TypeId::kInteger: return "integer";
    case TypeId::kBigint: return "bigint";
    case TypeId::kNumeric: return "numeric";
    case TypeId::kReal: return "real";
    case TypeId::kDouble: return "double precision";
    case TypeId::kChar: return "character";
    case TypeId::kVarchar: return "character varying";
    case TypeId::kText: return "text";
    case TypeId::kName: return "name";
    case TypeId::kJson: return "json";
    case TypeId::kJsonb: return "jsonb";
    case TypeId::kArray: return "ARRAY";
    case TypeId::kDate: return "date";
    case TypeId::kTimestamp: return "timestamp without time zone";
    case TypeId::kTimestampTz: return "timestamp with time zone";
    case TypeId::kTime: return "time without time zone";
    case TypeId::kTimeTz: return "time with time zone";
    case TypeId::kInterval: return "interval";
    case TypeId::kUuid: return "uuid";
    case TypeId::kBytea: return "bytea";
    case TypeId::kEnum: return "USER-DEFINED";
  }
  return "text";
}

SystemRows schemata_rows(const storage::World& world) {
  SystemRows rows;
  for (const char* name : {"information_schema", "pg_catalog", "pg_toast", "public"}) {
    S owner = S(name) == "public" ? "pg_database_owner" : kUserName;
    rows.push_back({S(kDatabaseName), S(name), owner, kNull, kNull, kNull, kNull});
  }
  for (auto entry : world.namespaces()) {
    rows.push_back({S(kDatabaseName), S(entry.value->name), S(role_name_of(world, owner_of(world, entry.value->oid))),
                    kNull, kNull, kNull, kNull});
  }
  return rows;
}

SystemRows tables_rows(const storage::World& world) {
  SystemRows rows;
  auto row = [](const S& schema, const S& name, const char* type, bool insertable) -> std::vector<Cell> {
    return {S(kDatabaseName), schema, name, S(type), kNull, kNull, kNull, kNull, kNull, yes_no(insertable),
            S("NO"), kNull};
  };
  for (const auto& table : tables_of(world)) {
    const auto name = storage::split_relation_key(table->schema().name());
    const bool temporary = storage::is_temp_schema(name.schema);
    rows.push_back(row(name.schema, name.relation, temporary ? "LOCAL TEMPORARY" : "BASE TABLE", true));
  }
  for (const auto& view : views_of(world)) {
    const auto name = storage::split_relation_key(view->name);
    rows.push_back(row(name.schema, name.relation, "VIEW", false));
  }
  for (const auto& relation : system_relations()) {
    rows.push_back(row(relation.schema, relation.name, S(relation.schema) == "pg_catalog" ? "BASE TABLE" : "VIEW",
                       false));
  }
  return rows;
}

std::vector<Cell> column_row(const S& schema, const S& table, const S& name, value::SqlType type, I position,
                             bool nullable, const Cell& default_sql, bool updatable) {
  Cell char_length, octet_length, precision, radix, scale, datetime_precision;
  switch (type.id) {
    case TypeId::kChar:
    case TypeId::kVarchar:
      if (type.has_typmod()) char_length = I{type.char_length()};
      octet_length = type.has_typmod() ? I{type.char_length() * 4} : I{1073741824};
      break;
    case TypeId::kText: octet_length = I{1073741824}; break;
    case TypeId::kSmallint: precision = I{16}; radix = I{2}; scale = I{0}; break;
    case TypeId::kInteger: precision = I{32}; radix = I{2}; scale = I{0}; break;
    case TypeId::kBigint: precision = I{64}; radix = I{2}; scale = I{0}; break;
    case TypeId::kReal: precision = I{24}; radix = I{2}; break;
    case TypeId::kDouble: precision = I{53}; radix = I{2}; break;
    case TypeId::kNumeric:
      radix = I{10};
      if (type.has_typmod()) {
        precision = I{type.numeric_precision()};
        scale = I{type.numeric_scale()};
      }
      break;
    case TypeId::kDate: datetime_precision = I{0}; break;
    case TypeId::kTimestamp:
    case TypeId::kTimestampTz:
    case TypeId::kTime:
    case TypeId::kTimeTz:
    case TypeId::kInterval: datetime_precision = I{type.has_typmod() ? type.timestamp_precision() : 6}; break;
    default: break;
  }
  bool collatable = value::is_character_type(type.id);
  return {S(kDatabaseName), schema, table, name, position, default_sql, yes_no(nullable), standard_type_name(type),
          char_length, octet_length, precision, radix, scale, datetime_precision, kNull,
          collatable ? Cell{S(kDatabaseName)} : kNull, collatable ? Cell{S("pg_catalog")} : kNull,
          collatable ? Cell{S("default")} : kNull, S(kDatabaseName), S("pg_catalog"),
          S(type.is_array() ? "_" + std::string(value::type_internal_name(type.element))
                            : std::string(value::type_internal_name(type.id))),
          position, S("NO"), S("NO"), kNull, S("NEVER"), kNull,
          yes_no(updatable)};
}

SystemRows columns_rows(const storage::World& world) {
  SystemRows rows;
  for (const auto& table : tables_of(world)) {
    const auto& schema = table->schema();
    for (std::size_t c = 0; c < schema.columns().size(); ++c) {
      const auto& column = schema.column(c);
      Cell default_sql = column.default_sql && column.identity == 0
                             ? Cell{default_expression_text(*column.default_sql, column.type)}
                             : kNull;
      const auto name = storage::split_relation_key(schema.name());
      auto row = column_row(name.schema, name.relation, column.name, column.type, static_cast<I>(c + 1),
                            !column.not_null, default_sql, true);
      if (column.identity != 0) {
        row[23] = S("YES");  // is_identity
        row[24] = S(column.identity == 'a' ? "ALWAYS" : "BY DEFAULT");
      }
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

SystemRows views_rows(const storage::World& world) {
  SystemRows rows;
  for (const auto& view : views_of(world)) {
    rows.push_back({S(kDatabaseName), S("public"), view->name, S(" " + view->query_sql + ";"), S("NONE"), S("NO"),
                    S("NO"), S("NO"), S("NO"), S("NO")});
  }
  return rows;
}

SystemRows table_constraints_rows(const storage::World& world) {
  SystemRows rows;
  auto row = [](const S& name, const S& table, const char* type) -> std::vector<Cell> {
    return {S(kDatabaseName), S("public"), name, S(kDatabaseName), S("public"), table, S(type), S("NO"), S("NO"),
            S("YES"), kNull};
  };
  for (const auto& index : indexes_of(world)) {
    if (index.constraint) {
      rows.push_back(row(index.name, index.table->schema().name(), index.primary ? "PRIMARY KEY" : "UNIQUE"));
    }
  }
  for (const auto& entry : foreign_keys_of(world)) {
    rows.push_back(row(entry.table->schema().foreign_keys()[entry.position].name, entry.table->schema().name(),
                       "FOREIGN KEY"));
  }
  // NOT NULL columns show as CHECK constraints named "<namespace>_<table>_<column>_not_null".
  for (const auto& table : tables_of(world)) {
    const auto& schema = table->schema();
    for (std::size_t c = 0; c < schema.columns().size(); ++c) {
      if (!schema.column(c).not_null) continue;
      rows.push_back(row(std::to_string(kPublicNamespace) + "_" + std::to_string(schema.oid()) + "_" +
                             std::to_string(c + 1) + "_not_null",
                         schema.name(), "CHECK"));
    }
  }
  return rows;
}

SystemRows key_column_usage_rows(const storage::World& world) {
  SystemRows rows;
  auto add = [&](const S& constraint, const storage::TableSchema& schema, const std::vector<std::size_t>& columns,
                 const std::vector<std::size_t>* referenced) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      Cell unique_position = kNull;
      if (referenced != nullptr && i < referenced->size()) unique_position = static_cast<I>(i + 1);
      rows.push_back({S(kDatabaseName), S("public"), constraint, S(kDatabaseName), S("public"), schema.name(),
                      schema.column(columns[i]).name, static_cast<I>(i + 1), unique_position});
    }
  };
  for (const auto& index : indexes_of(world)) {
    if (index.constraint) add(index.name, index.table->schema(), index.columns, nullptr);
  }
  for (const auto& entry : foreign_keys_of(world)) {
    const auto& key = entry.table->schema().foreign_keys()[entry.position];
    // position_in_unique_constraint: where the referenced column sits in the referenced key.
    std::vector<std::size_t> positions;
    for (std::size_t i = 0; i < key.columns.size(); ++i) positions.push_back(i);
    add(key.name, entry.table->schema(), key.columns, &positions);
  }
  return rows;
}

SystemRows referential_constraints_rows(const storage::World& world) {
  SystemRows rows;
  auto indexes = indexes_of(world);
  for (const auto& entry : foreign_keys_of(world)) {
    const auto& key = entry.table->schema().foreign_keys()[entry.position];
    Cell unique_name = kNull;
    for (const auto& index : indexes) {
      if (index.table == entry.referenced && index.constraint &&
          std::is_permutation(index.columns.begin(), index.columns.end(), key.referenced_columns.begin(),
                              key.referenced_columns.end())) {
        unique_name = index.name;
      }
    }
    const char* on_delete = key.on_delete == storage::ForeignKeyAction::kCascade    ? "CASCADE"
                            : key.on_delete == storage::ForeignKeyAction::kRestrict ? "RESTRICT"
                                                                                    : "NO ACTION";
    rows.push_back({S(kDatabaseName), S("public"), key.name, S(kDatabaseName),
                    std::holds_alternative<std::monostate>(unique_name) ? kNull : Cell{S("public")}, unique_name,
                    S(key.match_full ? "FULL" : "NONE"), S("NO ACTION"), S(on_delete)});
  }
  return rows;
}

}  // namespace

SystemRows sequences_rows(const storage::World& world) {
  SystemRows rows;
  const std::uint32_t role = planner::checking_role_oid(world);
  for (auto entry : world.sequences()) {
    // PostgreSQL lists the sequences the role owns or holds a privilege on,
    // identity columns' left out.
    if (storage::is_identity_sequence(world, *entry.value)) continue;
    if (!planner::has_privileges_of(world, role, planner::owner_of(world, entry.value->oid)) &&
        planner::relation_privileges(world, role, entry.value->oid, storage::kSequencePrivileges) == 0) {
      continue;
    }
    const auto& options = entry.value->options;
    const I bits = options.type == TypeId::kSmallint ? 16 : options.type == TypeId::kInteger ? 32 : 64;
    rows.push_back({S(kDatabaseName), S("public"), entry.value->name, S(planner::sequence_type_name(options.type)),
                    I{bits}, I{2}, I{0}, std::to_string(options.start), std::to_string(options.min_value),
                    std::to_string(options.max_value), std::to_string(options.increment), yes_no(options.cycle)});
  }
  return rows;
}

std::vector<SystemRelation> information_schema_relations() {
  const auto T = kTextType, I4 = kInt4Type;
  return {
      {"information_schema", "schemata",
       {{"catalog_name", T}, {"schema_name", T}, {"schema_owner", T}, {"default_character_set_catalog", T},
        {"default_character_set_schema", T}, {"default_character_set_name", T}, {"sql_path", T}},
       schemata_rows},
      {"information_schema", "tables",
       {{"table_catalog", T}, {"table_schema", T}, {"table_name", T}, {"table_type", T},
        {"self_referencing_column_name", T}, {"reference_generation", T}, {"user_defined_type_catalog", T},
        {"user_defined_type_schema", T}, {"user_defined_type_name", T}, {"is_insertable_into", T}, {"is_typed", T},
        {"commit_action", T}},
       tables_rows},
      {"information_schema", "columns",
       {{"table_catalog", T},         {"table_schema", T},          {"table_name", T},
        {"column_name", T},           {"ordinal_position", I4},     {"column_default", T},
        {"is_nullable", T},           {"data_type", T},             {"character_maximum_length", I4},
        {"character_octet_length", I4}, {"numeric_precision", I4},  {"numeric_precision_radix", I4},
        {"numeric_scale", I4},        {"datetime_precision", I4},   {"interval_type", T},
        {"collation_catalog", T},     {"collation_schema", T},      {"collation_name", T},
        {"udt_catalog", T},           {"udt_schema", T},            {"udt_name", T},
        {"dtd_identifier", T},        {"is_self_referencing", T},   {"is_identity", T},
        {"identity_generation", T},   {"is_generated", T},          {"generation_expression", T},
        {"is_updatable", T}},
       columns_rows},
      {"information_schema", "sequences",
       {{"sequence_catalog", T}, {"sequence_schema", T}, {"sequence_name", T}, {"data_type", T},
        {"numeric_precision", I4}, {"numeric_precision_radix", I4}, {"numeric_scale", I4}, {"start_value", T},
        {"minimum_value", T}, {"maximum_value", T}, {"increment", T}, {"cycle_option", T}},
       sequences_rows},
      {"information_schema", "views",
       {{"table_catalog", T}, {"table_schema", T}, {"table_name", T}, {"view_definition", T}, {"check_option", T},
        {"is_updatable", T}, {"is_insertable_into", T}, {"is_trigger_updatable", T}, {"is_trigger_deletable", T},
        {"is_trigger_insertable_into", T}},
       views_rows},
      {"information_schema", "table_constraints",
       {{"constraint_catalog", T}, {"constraint_schema", T}, {"constraint_name", T}, {"table_catalog", T},
        {"table_schema", T}, {"table_name", T}, {"constraint_type", T}, {"is_deferrable", T},
        {"initially_deferred", T}, {"enforced", T}, {"nulls_distinct", T}},
       table_constraints_rows},
      {"information_schema", "key_column_usage",
       {{"constraint_catalog", T}, {"constraint_schema", T}, {"constraint_name", T}, {"table_catalog", T},
        {"table_schema", T}, {"table_name", T}, {"column_name", T}, {"ordinal_position", I4},
        {"position_in_unique_constraint", I4}},
       key_column_usage_rows},
      {"information_schema", "referential_constraints",
       {{"constraint_catalog", T}, {"constraint_schema", T}, {"constraint_name", T},
        {"unique_constraint_catalog", T}, {"unique_constraint_schema", T}, {"unique_constraint_name", T},
        {"match_option", T}, {"update_rule", T}, {"delete_rule", T}},
       referential_constraints_rows},
  };
}

}  // namespace ptreedb::planner::catalog
