#include "exec/dml_executor.h"

#include "exec/memory_budget.h"
#include "exec/resident_memory.h"

#include <algorithm>
#include <numeric>

#include "exec/plan_executor.h"
#include "exec/table_rows.h"
#include "exec/upsert_executor.h"
#include "planner/privileges.h"
#include "storage/constraints/foreign_key_check.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

using storage::RowKey;
using storage::RowRef;

namespace {

// For each chunk, the rows it contributes (all of them, or those kept).
using RowsPerChunk = std::vector<std::vector<std::uint32_t>>;

RowsPerChunk all_rows(const std::vector<Chunk>& chunks) {
  RowsPerChunk rows(chunks.size());
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    rows[c].resize(chunks[c].size);
    std::iota(rows[c].begin(), rows[c].end(), 0);
  }
  return rows;
}

// Columns [first, end) of the given rows: what RETURNING sends.
std::vector<Chunk> returned_rows(const std::vector<Chunk>& chunks, const RowsPerChunk& rows, std::size_t first) {
  std::vector<Chunk> out;
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    if (rows[c].empty()) continue;
    Chunk columns;
    columns.size = chunks[c].size;
    columns.columns.assign(chunks[c].columns.begin() + static_cast<std::ptrdiff_t>(first), chunks[c].columns.end());
    out.push_back(gather_rows(columns, rows[c]));
  }
  return out;
}

QueryResult result_of(const std::optional<std::vector<planner::OutputColumn>>& returning, std::string tag,
                      std::vector<Chunk> returned) {
  QueryResult result;
  result.command_tag = std::move(tag);
  if (returning) {
    result.returns_rows = true;
    result.columns = *returning;
    result.chunks = std::move(returned);
  }
  return result;
}

// The rows an UPDATE or DELETE matched, each once (a FROM join may match a
// row several times; PostgreSQL then applies one of the matches), in the
// order of their positions in the row tree.
struct MatchedRows {
  std::vector<std::int64_t> positions;  // ascending
  RowsPerChunk chunk_rows;              // where each one's values are
  std::vector<std::uint32_t> chunk_of;  // per position: the chunk its values are in
};

MatchedRows matched_rows(const std::vector<Chunk>& chunks) {
  struct Match {
    std::int64_t position;
    std::uint32_t chunk;
    std::uint32_t row;
  };
  std::vector<Match> matches;
  for (std::uint32_t c = 0; c < chunks.size(); ++c) {
    const Vector& positions = chunks[c].columns[0];
    for (std::uint32_t i = 0; i < chunks[c].size; ++i) matches.push_back({positions.ints[i], c, i});
  }
  std::stable_sort(matches.begin(), matches.end(), [](const Match& a, const Match& b) { return a.position < b.position; });
  MatchedRows matched;
  matched.chunk_rows.resize(chunks.size());
  for (std::size_t m = 0; m < matches.size(); ++m) {
    if (m > 0 && matches[m].position == matches[m - 1].position) continue;
    matched.positions.push_back(matches[m].position);
    matched.chunk_rows[matches[m].chunk].push_back(matches[m].row);
    matched.chunk_of.push_back(matches[m].chunk);
  }
  return matched;
}

// Keys and rows at ascending `positions` of `tree`: one seek per run of
// neighbouring positions, then in-order steps.
void locate_rows(const storage::RowTree& tree, const std::vector<std::int64_t>& positions, std::vector<RowKey>& keys,
                 std::vector<RowRef>& rows) {
  keys.reserve(positions.size());
  rows.reserve(positions.size());
  auto it = tree.end();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    auto position = static_cast<std::size_t>(positions[i]);
    if (i > 0 && position == static_cast<std::size_t>(positions[i - 1]) + 1) {
      ++it;
    } else {
      it = tree.seek_index(position);
    }
    keys.push_back((*it).key);
    rows.push_back((*it).value);
  }
}

[[noreturn]] void throw_concurrent_change(const std::string& table) {
  throw SqlError(sqlstate::kSerializationFailure, "table \"" + table + "\" was changed by a concurrent statement");
}

// The target table as the commit finds it. The statement computed its changes
// from `planned`; they still apply when the schema is the same and each row it
// changes is the very row it read (rows are immutable, so identity suffices).
// Otherwise a concurrent statement got there first: 40001, as PostgreSQL's
// REPEATABLE READ reports it. In a data-modifying WITH the world written to
// holds only the statement's own changes, so a changed row is one an earlier
// part changed: it is marked in `skipped` and left alone.
std::shared_ptr<const storage::Table> table_to_change(const storage::World& world, const planner::RowChangePlan& plan,
                                                      const std::vector<RowKey>& keys,
                                                      const std::vector<RowRef>& read_rows,
                                                      std::vector<bool>& skipped) {
  skipped.assign(keys.size(), false);
  auto table = world.find_table(plan.table_name);
  if (!table || table->schema_ptr() != plan.table->schema_ptr()) throw_concurrent_change(plan.table_name);
  if (table->rows().same_root(plan.table->rows())) return table;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const RowRef* now = table->rows().find(keys[i]);
    if (now == nullptr || now->bytes() != read_rows[i].bytes()) {
      if (plan.skip_rows_changed_by_statement) {
        skipped[i] = true;
        continue;
      }
      throw SqlError(sqlstate::kSerializationFailure, "could not serialize access due to concurrent update");
    }
  }
  return table;
}

bool any_skipped(const std::vector<bool>& skipped) {
  return std::find(skipped.begin(), skipped.end(), true) != skipped.end();
}

// Drops the skipped items, in place.
template <class Item>
void erase_skipped(std::vector<Item>& items, const std::vector<bool>& skipped) {
  std::size_t kept = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!skipped[i]) items[kept++] = std::move(items[i]);
  }
  items.resize(kept);
}

// The matched rows' places in their chunks, less the skipped ones.
RowsPerChunk rows_kept(const MatchedRows& matched, const std::vector<bool>& skipped) {
  if (!any_skipped(skipped)) return matched.chunk_rows;
  RowsPerChunk kept(matched.chunk_rows.size());
  std::vector<std::size_t> next(matched.chunk_rows.size(), 0);
  for (std::size_t m = 0; m < matched.chunk_of.size(); ++m) {
    const std::uint32_t chunk = matched.chunk_of[m];
    const std::uint32_t row = matched.chunk_rows[chunk][next[chunk]++];
    if (!skipped[m]) kept[chunk].push_back(row);
  }
  return kept;
}

// New rows are the statement's until it commits, then the table's: they are
// charged to the statement, and the write must fit the memory limit
// (exec/resident_memory.h).
std::int64_t new_row_bytes(const std::vector<RowRef>& rows) {
  // Each row is one allocation, and the trees get an entry per row and index.
  constexpr std::int64_t kPerRowOverhead = 64;
  std::int64_t bytes = 0;
  for (const RowRef& row : rows) bytes += static_cast<std::int64_t>(row.total_size()) + kPerRowOverhead;
  return bytes;
}

}  // namespace

QueryResult run_insert(const planner::InsertPlan& plan, txn::WriteTarget& database) {
  if (plan.on_conflict) return run_upsert(plan, database);
  const storage::TableSchema& schema = *plan.schema;
  PlanExecutor executor;
  std::vector<Chunk> chunks = executor.collect(*plan.source);
  RowsPerChunk rows = all_rows(chunks);
  std::vector<RowRef> inserted;
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    for (RowRef& row : build_table_rows(schema, chunks[c], 0, rows[c], plan.checks)) inserted.push_back(std::move(row));
  }
  OperatorMemory rows_memory(current_query_memory(), "INSERT", false);
  std::int64_t row_bytes = new_row_bytes(inserted);
  rows_memory.add(row_bytes);
  check_write_fits(row_bytes, "INSERT");
  std::size_t count = inserted.size();
  if (count > 0) {
    database.write([&](const storage::World& world) {
      auto table = world.find_table(plan.table_name);
      if (!table || table->schema_ptr() != plan.schema) throw_concurrent_change(plan.table_name);
      auto next = world.with_table(std::make_shared<storage::Table>(table->insert_rows(inserted)));
      return storage::enforce_foreign_keys(std::move(next), plan.table_name, inserted, {});
    });
  }
  std::vector<Chunk> returned = plan.returning ? returned_rows(chunks, rows, schema.columns().size()) : std::vector<Chunk>{};
  return result_of(plan.returning, "INSERT 0 " + std::to_string(count), std::move(returned));
}

QueryResult run_update(const planner::UpdatePlan& plan, txn::WriteTarget& database) {
  const storage::TableSchema& schema = plan.table->schema();
  std::size_t width = schema.columns().size();
  PlanExecutor executor;
  std::vector<Chunk> chunks = executor.collect(*plan.source);
  MatchedRows matched = matched_rows(chunks);
  // Columns: row position, the new row, then RETURNING's values.
  std::vector<RowRef> new_rows;
  new_rows.reserve(matched.positions.size());
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    for (RowRef& row : build_table_rows(schema, chunks[c], 1, matched.chunk_rows[c], plan.checks)) new_rows.push_back(std::move(row));
  }
  OperatorMemory rows_memory(current_query_memory(), "UPDATE", false);
  std::int64_t row_bytes = new_row_bytes(new_rows);
  rows_memory.add(row_bytes);
  check_write_fits(row_bytes, "UPDATE");
  std::vector<RowKey> keys;
  std::vector<RowRef> old_rows;
  locate_rows(plan.table->rows(), matched.positions, keys, old_rows);
  std::vector<bool> skipped;
  std::size_t count = keys.size();
  if (!keys.empty()) {
    database.write([&](const storage::World& world) {
      auto table = table_to_change(world, plan, keys, old_rows, skipped);
      if (any_skipped(skipped)) {
        erase_skipped(keys, skipped);
        erase_skipped(new_rows, skipped);
        erase_skipped(old_rows, skipped);
        count = keys.size();
      }
      // The new rows may move to other keys (a changed primary key).
      auto next = world.with_table(std::make_shared<storage::Table>(table->replace_rows(keys, new_rows)));
      return storage::enforce_foreign_keys(std::move(next), plan.table_name, new_rows, old_rows);
    });
  }
  std::vector<Chunk> returned =
      plan.returning ? returned_rows(chunks, rows_kept(matched, skipped), 1 + width) : std::vector<Chunk>{};
  return result_of(plan.returning, "UPDATE " + std::to_string(count), std::move(returned));
}

QueryResult run_delete(const planner::DeletePlan& plan, txn::WriteTarget& database) {
  PlanExecutor executor;
  std::vector<Chunk> chunks = executor.collect(*plan.source);
  MatchedRows matched = matched_rows(chunks);
  std::vector<RowKey> keys;
  std::vector<RowRef> old_rows;
  locate_rows(plan.table->rows(), matched.positions, keys, old_rows);
  std::vector<bool> skipped;
  std::size_t count = keys.size();
  if (count > 0) {
    database.write([&](const storage::World& world) {
      auto table = table_to_change(world, plan, keys, old_rows, skipped);
      if (any_skipped(skipped)) {
        erase_skipped(keys, skipped);
        erase_skipped(old_rows, skipped);
        count = keys.size();
      }
      auto next = world.with_table(std::make_shared<storage::Table>(table->delete_rows(std::move(keys))));
      return storage::enforce_foreign_keys(std::move(next), plan.table_name, {}, old_rows);
    });
  }
  std::vector<Chunk> returned =
      plan.returning ? returned_rows(chunks, rows_kept(matched, skipped), 1) : std::vector<Chunk>{};
  return result_of(plan.returning, "DELETE " + std::to_string(count), std::move(returned));
}

QueryResult run_truncate(const planner::TruncatePlan& plan, txn::WriteTarget& database) {
  database.write([&](const storage::World& world) {
    std::vector<std::string> names = plan.names;
    auto truncated = [&](const std::string& name) { return std::find(names.begin(), names.end(), name) != names.end(); };
    // A table whose foreign key references a truncated one would be left
    // dangling: truncate it too (CASCADE) or refuse, as PostgreSQL does.
    for (bool grew = true; grew;) {
      grew = false;
      for (auto entry : world.tables()) {
        const storage::TableSchema& schema = entry.value->schema();
        if (truncated(schema.name())) continue;
        for (const auto& foreign_key : schema.foreign_keys()) {
          if (!truncated(foreign_key.referenced_table)) continue;
          if (!plan.cascade) {
            throw SqlError(sqlstate::kFeatureNotSupported, "cannot truncate a table referenced in a foreign key constraint",
                           "Table \"" + schema.name() + "\" references \"" + foreign_key.referenced_table + "\".",
                           "Truncate table \"" + schema.name() + "\" at the same time, or use TRUNCATE ... CASCADE.");
          }
          // A cascaded table needs TRUNCATE too, as PostgreSQL checks it.
          planner::check_relation_privilege(world, schema.oid(), schema.name(), false, storage::kPrivTruncate);
          names.push_back(schema.name());
          grew = true;
          break;
        }
      }
    }
    std::shared_ptr<const storage::World> next;
    const storage::World* current = &world;
    for (const auto& name : names) {
      auto table = current->find_table(name);
      if (!table) throw SqlError(sqlstate::kUndefinedTable, "relation \"" + name + "\" does not exist");
      // New storage: writes planned against the old one conflict with it at
      // commit (txn/write_set.h: same_relation) instead of landing after it.
      next = current->with_table(std::make_shared<storage::Table>(table->truncated()));
      current = next.get();
    }
    return next;
  });
  return result_of(std::nullopt, "TRUNCATE TABLE", {});
}

}  // namespace ptreedb::exec
