// Clauses and names of DDL (and the relation and type names of other
// statements) that ptreedb does not keep. Each is either checked as
// PostgreSQL checks it and then honoured (schema public, tablespace
// pg_default, access method heap, storage parameters, column compression and
// C collations, which change nothing for rows in memory) or refused: 0A000
// naming the clause (partitions, inheritance, typed tables, temporary and
// unlogged tables, DEFERRABLE keys, other databases), PostgreSQL's error for
// schemas, tablespaces and types that do not exist.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include <string>
#include <vector>

#include "storage/value/type_id.h"

namespace ptreedb::planner {

// A relation a CREATE statement makes: only in schema public of this database,
// permanent and logged.
void check_created_relation(const PgQuery__RangeVar& relation);

// A relation ALTER, CREATE INDEX, TRUNCATE, COPY or REFERENCES names: in
// this database (else 0A000) and schema public (else 3F000).
void check_named_relation_schema(const PgQuery__RangeVar& relation);

// Only the database part (queries and DML answer 42P01 for other schemas).
void check_relation_database(const PgQuery__RangeVar& relation);

// A schema named in front of a relation (DROP's names): public, or 3F000.
void check_relation_schema_name(const std::string& schema, int location);

// A type name's qualification: types live in pg_catalog only (3F000 for a
// schema that does not exist, 42704 in public, 0A000 in another database).
void check_type_name_qualification(const PgQuery__TypeName& type_name);

// Every clause of CREATE TABLE besides the column and constraint list; returns
// its storage parameters as the table keeps them (check_storage_parameters).
std::vector<std::string> check_create_table_clauses(const PgQuery__CreateStmt& create);

// COLLATE and COMPRESSION of a column of `type`.
void check_column_clauses(const PgQuery__ColumnDef& column, const value::SqlType& type);

// PRIMARY KEY / UNIQUE options: DEFERRABLE, INCLUDE, WITH (...), USING INDEX TABLESPACE.
void check_key_constraint_clauses(const PgQuery__Constraint& constraint);

// A primary key is always named <table>_pkey here; another name is 0A000
// rather than dropped (catalogs and 23505 messages would show the wrong one).
void check_primary_key_name(const PgQuery__Constraint& constraint, const std::string& table);

// Whether a column constraint only restates the default (NOT DEFERRABLE,
// INITIALLY IMMEDIATE), which every constraint here is.
bool is_default_constraint_timing(const PgQuery__Constraint& constraint);

// Refuses a constraint kind that is not implemented with 0A000 naming it.
[[noreturn]] void refuse_constraint(const PgQuery__Constraint& constraint);

// CREATE INDEX: WITH (...), TABLESPACE and the table's schema.
void check_create_index_clauses(const PgQuery__IndexStmt& index);

// TABLESPACE name: pg_default is where everything lives.
void check_tablespace(const char* name);

}  // namespace ptreedb::planner
