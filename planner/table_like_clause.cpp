#include "planner/table_like_clause.h"

#include <string>

#include "planner/privileges.h"
#include "storage/sql_error.h"
#include "storage/world/relation_lookup.h"
#include "storage/world/relation_name.h"

namespace ptreedb::planner {

namespace {

// PostgreSQL's CREATE_TABLE_LIKE_* bits (parsenodes.h).
constexpr std::uint32_t kDefaults = 1U << 3;
constexpr std::uint32_t kIdentity = 1U << 5;
constexpr std::uint32_t kConstraints = 1U << 2;
constexpr std::uint32_t kIndexes = 1U << 6;

// The options of the sequence a source identity column owns, for the copy's own.
SequenceOptionChanges identity_options(const storage::World& world, const std::string& table,
                                       const storage::ColumnSchema& column) {
  SequenceOptionChanges changes;
  for (auto entry : world.sequences()) {
    const storage::SequenceDefinition& sequence = *entry.value;
    if (sequence.owner_table != table || sequence.owner_column != column.name) continue;
    changes.increment = sequence.options.increment;
    changes.min_value = std::optional<std::int64_t>(sequence.options.min_value);
    changes.max_value = std::optional<std::int64_t>(sequence.options.max_value);
    changes.start = sequence.options.start;
    changes.cache = sequence.options.cache;
    changes.cycle = sequence.options.cycle;
    break;
  }
  return changes;
}

}  // namespace

CopiedTableParts copy_table_like(const PgQuery__TableLikeClause& like, const storage::World& world) {
  const PgQuery__RangeVar& range = *like.relation;
  const std::string key = range.relname;
  auto table = world.find_table(key);
  if (!table) {
    if (world.find_view(key)) {
      throw SqlError(sqlstate::kFeatureNotSupported, "LIKE of a view in CREATE TABLE is not supported yet", {}, {},
                     range.location + 1);
    }
    throw SqlError(sqlstate::kUndefinedTable,
                   "relation \"" + storage::split_relation_key(key).relation + "\" does not exist", {}, {},
                   range.location + 1);
  }
  const storage::TableSchema& source = table->schema();
  check_table_select(world, source.oid(), source.name());
  const std::uint32_t options = like.options;
  CopiedTableParts parts;
  for (const storage::ColumnSchema& column : source.columns()) {
    storage::ColumnSchema copy(column.name, column.type, column.not_null);
    std::optional<SequenceOptionChanges> sequence;
    if (column.identity != 0) {
      if ((options & kIdentity) != 0) {
        copy.identity = column.identity;
        sequence = identity_options(world, source.name(), column);
      }
    } else if ((options & kDefaults) != 0) {
      copy.default_sql = column.default_sql;
    }
    parts.columns.push_back(std::move(copy));
    parts.identity_sequences.push_back(std::move(sequence));
  }
  if ((options & kConstraints) != 0) parts.checks = source.checks();
  if ((options & kIndexes) != 0) {
    parts.primary_key = source.primary_key();
    for (const storage::IndexSchema& index : source.indexes()) {
      storage::IndexSchema copy = index;
      copy.name.clear();
      parts.indexes.push_back(std::move(copy));
    }
  }
  return parts;
}

}  // namespace ptreedb::planner
