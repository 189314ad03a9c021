// Schema-qualified relation names and the search path (PostgreSQL's
// namespace.c). Relations of a schema other than public are kept under
// "schema.relation" (storage/world/relation_name.h); before a statement is
// planned, qualify_relation_names rewrites the names it gives relations
// (RangeVars, DROP's name lists, RENAME's new name, CREATE INDEX's name) into
// those keys: a qualified name by its schema, an unqualified one by the
// session's temporary schema, then search_path; a created relation goes to
// its schema, pg_temp_N for TEMPORARY, else the first schema of search_path
// that exists. The rest of the planner then looks relations up by key.
#pragma once

#include <memory>
#include <memory_resource>
#include <optional>
#include <string>
#include <vector>

#include <pg_query/pg_query.pb-c.h>

#include "storage/world/world.h"

namespace ptreedb::planner {

// This session's schema of temporary relations: pg_temp_<backend pid>.
std::string temp_schema_name();
// Whether a schema of that name exists: public, pg_catalog,
// information_schema, CREATE SCHEMA's, and this session's temporary schema
// once it holds a relation.
bool schema_exists(const storage::World& world, const std::string& name);
// Whether the session's temporary schema holds any relation.
bool has_temp_relations(const storage::World& world);

// search_path's schemas that exist, "$user" resolved, with pg_catalog first
// unless listed (current_schemas(true) without the temporary schema).
std::vector<std::string> search_path_schemas(const storage::World& world);
// current_schema(): the first schema of search_path that exists, if any.
std::optional<std::string> current_schema(const storage::World& world);
// current_schemas(include_implicit) as its text[] form.
std::string current_schemas_text(const storage::World& world, bool include_implicit);
// The key an unqualified relation name resolves to, if any relation has it.
std::optional<std::string> resolve_unqualified_relation(const storage::World& world, const std::string& name);
// The schema (key prefix) of the key a name written as [schema.]name stands
// for, resolving "pg_temp" to this session's schema; nullopt: leave as written.
std::optional<std::string> relation_key_of(const storage::World& world, const std::string& schema,
                                           const std::string& name);

// A written [schema.]name's parts, each downcased unless double-quoted
// ('MySeq' is myseq, '"My.Seq"' one part My.Seq).
std::vector<std::string> split_qualified_name(const std::string& text);

// regclass input ('t', 's.t', '"S"."T"'): the key the name resolves to, or the
// name itself when nothing has it.
std::string relation_key_from_text(const storage::World& world, const std::string& text);

// The statement with its relation names as keys: `statement` itself when
// nothing needs rewriting, else a copy in `arena`.
const PgQuery__Node& qualify_relation_names(const PgQuery__Node& statement, const storage::World& world,
                                            std::pmr::memory_resource& arena);

// ON COMMIT of a CREATE TEMPORARY TABLE [AS] statement, with the key of the
// table it creates; nullopt for any other statement.
enum class OnCommitAction { kPreserveRows, kDeleteRows, kDrop };
struct TempTableCreation {
  std::string key;
  OnCommitAction on_commit = OnCommitAction::kPreserveRows;
};
std::optional<TempTableCreation> temp_table_creation(const PgQuery__Node& statement);

}  // namespace ptreedb::planner
