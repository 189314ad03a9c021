#include "planner/ddl_clauses.h"

#include <string>

#include "planner/catalog/catalog_functions.h"
#include "planner/catalog/catalog_oids.h"
#include "planner/storage_parameters.h"
#include "storage/sql_error.h"

namespace ptreedb::planner {
namespace {

std::string text_of(const char* text) { return text != nullptr ? text : ""; }

[[noreturn]] void not_supported(const std::string& what, int location = -1) {
  throw SqlError(sqlstate::kFeatureNotSupported, what + " is not supported", {}, {}, location + 1);
}

bool is_system_schema(const std::string& schema) {
  return schema == "pg_catalog" || schema == "information_schema" || schema == "pg_toast";
}

void check_catalog_name(const std::string& catalog, const std::string& qualified, int location) {
  if (!catalog.empty() && catalog != catalog::kDatabaseName) {
    throw SqlError(sqlstate::kFeatureNotSupported, "cross-database references are not implemented: \"" + qualified + "\"",
                   {}, {}, location + 1);
  }
}

std::string qualified_name(const PgQuery__RangeVar& relation) {
  std::string name;
  if (!text_of(relation.catalogname).empty()) name += text_of(relation.catalogname) + ".";
  if (!text_of(relation.schemaname).empty()) name += text_of(relation.schemaname) + ".";
  return name + text_of(relation.relname);
}

}  // namespace

void check_tablespace(const char* name) {
  const std::string tablespace = text_of(name);
  if (tablespace.empty() || tablespace == "pg_default") return;
  if (tablespace == "pg_global") {
    throw SqlError(sqlstate::kInvalidParameterValue, "only shared relations can be placed in pg_global tablespace");
  }
  throw SqlError(sqlstate::kUndefinedObject, "tablespace \"" + tablespace + "\" does not exist");
}

void check_created_relation(const PgQuery__RangeVar& relation) {
  const std::string schema = text_of(relation.schemaname);
  const std::string persistence = text_of(relation.relpersistence);
  check_catalog_name(text_of(relation.catalogname), qualified_name(relation), relation.location);
  if (persistence == "t" || schema == "pg_temp") not_supported("CREATE TEMPORARY", relation.location);
  if (persistence == "u") not_supported("CREATE UNLOGGED", relation.location);
  if (schema.empty() || schema == "public") return;
  if (is_system_schema(schema)) {
    throw SqlError("42501", "permission denied to create \"" + schema + "." + text_of(relation.relname) + "\"",
                   "System catalog modifications are currently disallowed.");
  }
  throw SqlError("3F000", "schema \"" + schema + "\" does not exist", {}, {}, relation.location + 1);
}

void check_relation_database(const PgQuery__RangeVar& relation) {
  check_catalog_name(text_of(relation.catalogname), qualified_name(relation), relation.location);
}

void check_relation_schema_name(const std::string& schema, int location) {
  if (schema.empty() || schema == "public") return;
  if (is_system_schema(schema)) not_supported("changing relations of schema " + schema, location);
  throw SqlError("3F000", "schema \"" + schema + "\" does not exist", {}, {}, location + 1);
}

void check_named_relation_schema(const PgQuery__RangeVar& relation) {
  check_relation_database(relation);
  check_relation_schema_name(text_of(relation.schemaname), relation.location);
}

void check_type_name_qualification(const PgQuery__TypeName& type_name) {
  if (type_name.n_names < 2) return;
  std::string qualified;
  for (std::size_t i = 0; i < type_name.n_names; ++i) {
    const PgQuery__Node* part = type_name.names[i];
    qualified += (i == 0 ? "" : ".") + std::string(part->node_case == PG_QUERY__NODE__NODE_STRING ? part->string->sval : "");
  }
  auto part = [&](std::size_t i) {
    const PgQuery__Node* node = type_name.names[i];
    return std::string(node->node_case == PG_QUERY__NODE__NODE_STRING ? node->string->sval : "");
  };
  if (type_name.n_names > 3) {
    throw SqlError(sqlstate::kSyntaxError, "improper qualified name (too many dotted names): " + qualified, {}, {},
                   type_name.location + 1);
  }
  if (type_name.n_names == 3 && part(0) != catalog::kDatabaseName) {
    throw SqlError(sqlstate::kFeatureNotSupported, "cross-database references are not implemented: " + qualified, {},
                   {}, type_name.location + 1);
  }
  const std::string schema = part(type_name.n_names - 2);
  if (schema == "pg_catalog") return;
  if (schema == "public" || is_system_schema(schema)) {
    throw SqlError(sqlstate::kUndefinedObject, "type \"" + schema + "." + part(type_name.n_names - 1) +
                                                   "\" does not exist", {}, {}, type_name.location + 1);
  }
  throw SqlError("3F000", "schema \"" + schema + "\" does not exist", {}, {}, type_name.location + 1);
}

std::vector<std::string> check_create_table_clauses(const PgQuery__CreateStmt& create) {
  check_created_relation(*create.relation);
  if (create.partbound != nullptr) not_supported("PARTITION OF", create.partbound->location);
  if (create.partspec != nullptr) not_supported("PARTITION BY", create.partspec->location);
  if (create.n_inh_relations > 0) not_supported("INHERITS");
  if (create.of_typename != nullptr) not_supported("CREATE TABLE OF a type", create.of_typename->location);
  if (create.oncommit != PG_QUERY__ON_COMMIT_ACTION__ON_COMMIT_ACTION_UNDEFINED &&
      create.oncommit != PG_QUERY__ON_COMMIT_ACTION__ONCOMMIT_NOOP) {
    throw SqlError("42P16", "ON COMMIT can only be used on temporary tables");
  }
  std::vector<std::string> options = check_storage_parameters(create.options, create.n_options, StorageParameterTarget::kTable);
  check_tablespace(create.tablespacename);
  const std::string method = text_of(create.access_method);
  if (!method.empty() && method != "heap") {
    throw SqlError(sqlstate::kUndefinedObject, "access method \"" + method + "\" does not exist");
  }
  return options;
}

void check_column_clauses(const PgQuery__ColumnDef& column, const value::SqlType& type) {
  if (column.coll_clause != nullptr && column.coll_clause->n_collname > 0) {
    const auto& collate = *column.coll_clause;
    if (!value::is_character_type(type.id)) {
      throw SqlError(sqlstate::kDatatypeMismatch, "collations are not supported by type " + value::format_type(type),
                     {}, {}, collate.location + 1);
    }
    const PgQuery__Node* name = collate.collname[collate.n_collname - 1];
    catalog::check_collation(name->node_case == PG_QUERY__NODE__NODE_STRING ? name->string->sval : "",
                             collate.location);
  }
  // Rows live in memory uncompressed; PostgreSQL's methods are accepted as it accepts them.
  const std::string compression = text_of(column.compression);
  if (!compression.empty() && compression != "pglz" && compression != "lz4" && compression != "default") {
    throw SqlError(sqlstate::kInvalidParameterValue, "invalid compression method \"" + compression + "\"");
  }
  if (!compression.empty() && !value::is_character_type(type.id)) {
    throw SqlError(sqlstate::kFeatureNotSupported, "column data type " + value::format_type(type) +
                                                       " does not support compression");
  }
}

void check_key_constraint_clauses(const PgQuery__Constraint& constraint) {
  if (constraint.deferrable || constraint.initdeferred) not_supported("DEFERRABLE", constraint.location);
  if (constraint.n_including > 0) not_supported("INCLUDE columns", constraint.location);
  if (constraint.nulls_not_distinct) not_supported("NULLS NOT DISTINCT", constraint.location);
  if (constraint.indexname != nullptr && *constraint.indexname) not_supported("USING INDEX", constraint.location);
  check_storage_parameters(constraint.options, constraint.n_options, StorageParameterTarget::kBtreeIndex);
  check_tablespace(constraint.indexspace);
}

void check_primary_key_name(const PgQuery__Constraint& constraint, const std::string& table) {
  const std::string name = text_of(constraint.conname);
  if (name.empty() || name == table + "_pkey") return;
  not_supported("naming a primary key other than \"" + table + "_pkey\" (CONSTRAINT " + name + ")", constraint.location);
}

bool is_default_constraint_timing(const PgQuery__Constraint& constraint) {
  return constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_ATTR_NOT_DEFERRABLE ||
         constraint.contype == PG_QUERY__CONSTR_TYPE__CONSTR_ATTR_IMMEDIATE;
}

void refuse_constraint(const PgQuery__Constraint& constraint) {
  switch (constraint.contype) {
    case PG_QUERY__CONSTR_TYPE__CONSTR_CHECK: not_supported("CHECK constraints", constraint.location);
    case PG_QUERY__CONSTR_TYPE__CONSTR_EXCLUSION: not_supported("EXCLUDE constraints", constraint.location);
    case PG_QUERY__CONSTR_TYPE__CONSTR_IDENTITY: not_supported("identity columns", constraint.location);
    case PG_QUERY__CONSTR_TYPE__CONSTR_GENERATED: not_supported("generated columns", constraint.location);
    case PG_QUERY__CONSTR_TYPE__CONSTR_ATTR_DEFERRABLE: not_supported("DEFERRABLE", constraint.location);
    case PG_QUERY__CONSTR_TYPE__CONSTR_ATTR_DEFERRED: not_supported("INITIALLY DEFERRED", constraint.location);
    default: not_supported("this constraint", constraint.location);
  }
}

void check_create_index_clauses(const PgQuery__IndexStmt& index) {
  check_named_relation_schema(*index.relation);
  const std::string method = text_of(index.access_method);
  check_storage_parameters(index.options, index.n_options,
                           method == "hash" ? StorageParameterTarget::kHashIndex : StorageParameterTarget::kBtreeIndex);
  check_tablespace(index.table_space);
}

}  // namespace ptreedb::planner
