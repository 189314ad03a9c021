// The options of CREATE SEQUENCE, ALTER SEQUENCE and identity columns
// (AS, INCREMENT, MINVALUE, MAXVALUE, START, RESTART, CACHE, CYCLE, OWNED BY,
// SEQUENCE NAME), read from the parse tree and then resolved against the
// sequence being altered (or PostgreSQL's defaults) with init_params' checks
// and errors.
#pragma once

#include <pg_query/pg_query.pb-c.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/sequence/sequence_fetch.h"
#include "storage/sequence/sequence_options.h"

namespace ptreedb::planner {

struct SequenceOptionChanges {
  std::optional<value::TypeId> type;
  std::optional<std::int64_t> increment;
  std::optional<std::optional<std::int64_t>> max_value;  // inner nullopt: NO MAXVALUE
  std::optional<std::optional<std::int64_t>> min_value;  // inner nullopt: NO MINVALUE
  std::optional<std::int64_t> start;
  std::optional<std::optional<std::int64_t>> restart;    // inner nullopt: RESTART without WITH
  std::optional<std::int64_t> cache;
  std::optional<bool> cycle;
  std::optional<std::vector<std::string>> owned_by;      // {"none"} or {table, column}
  std::optional<std::string> sequence_name;              // identity columns only
};

// Throws 42601 for repeated options, 22023 for a type other than smallint,
// integer or bigint (`for_identity` words it for a column), 22003/22P02 for
// numbers that are not bigints.
SequenceOptionChanges read_sequence_options(PgQuery__Node* const* options, std::size_t count, bool for_identity);

struct ResolvedSequenceOptions {
  storage::SequenceOptions options;
  // Set when the values start over: CREATE, RESTART.
  std::optional<storage::SequenceState> restart;
};

// `current` null: CREATE (defaults filled in). `current_last_value` is
// checked against new bounds as PostgreSQL checks it. Throws 22023.
ResolvedSequenceOptions resolve_sequence_options(const storage::SequenceOptions* current,
                                                 std::int64_t current_last_value,
                                                 const SequenceOptionChanges& changes);

// The type name PostgreSQL's format_type gives a sequence's type.
std::string sequence_type_name(value::TypeId type);

// 'name' as a quoted literal naming the relation, as a default shows it:
// nextval('t_id_seq'::regclass), nextval('"T_id_seq"'::regclass).
std::string nextval_default_sql(const std::string& sequence_name);

}  // namespace ptreedb::planner
