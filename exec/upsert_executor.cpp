#include "exec/upsert_executor.h"

#include <numeric>
#include <set>
#include <string>

#include "exec/evaluate.h"
#include "exec/memory_budget.h"
#include "exec/plan_executor.h"
#include "exec/read_recording.h"
#include "exec/resident_memory.h"
#include "exec/table_rows.h"
#include "exec/table_scan.h"
#include "storage/constraints/foreign_key_check.h"
#include "storage/sql_error.h"
#include "storage/table/table_keys.h"

namespace ptreedb::exec {

using storage::RowKey;
using storage::RowRef;
using storage::Table;
using storage::TableSchema;

namespace {

// What the proposed rows do, decided in their order.
struct Decisions {
  std::vector<std::uint32_t> inserted;          // proposed rows inserted
  std::vector<std::uint32_t> updating;          // proposed rows whose conflicting row DO UPDATE changes
  std::vector<RowKey> updated_keys;             // that row's key, for each of them
  std::vector<std::uint8_t> outcome;            // per proposed row: 0 skipped, 1 inserted, 2 updating
};

[[noreturn]] void throw_second_update() {
  throw SqlError("21000", "ON CONFLICT DO UPDATE command cannot affect row a second time", {},
                 "Ensure that no rows proposed for insertion within the same command have duplicate constrained "
                 "values.");
}

// A proposed row conflicts with a row the statement already inserted (then
// DO NOTHING skips it and DO UPDATE may not touch it again), or with one of
// `table`'s rows, or with nothing.
Decisions decide(const planner::OnConflictPlan& on_conflict, const Table& table, const std::vector<RowRef>& rows) {
  const TableSchema& schema = table.schema();
  Decisions decisions;
  decisions.outcome.assign(rows.size(), 0);
  std::set<std::string> claimed;  // arbiter keys of rows this statement inserted, tagged by arbiter
  for (std::uint32_t i = 0; i < rows.size(); ++i) {
    const RowRef& row = rows[i];
    std::vector<std::string> keys;
    bool conflicts_with_own = false;
    std::optional<RowKey> existing;
    auto look_up = [&](std::size_t tag, const RowKey& key, auto&& find_existing) {
      std::string tagged = std::to_string(tag) + ':' + std::string(key.view());
      if (claimed.count(tagged) > 0) conflicts_with_own = true;
      if (!conflicts_with_own && !existing) existing = find_existing();
      keys.push_back(std::move(tagged));
    };
    if (on_conflict.primary_key) {
      RowKey key = storage::primary_key_of(schema, row);
      look_up(0, key, [&]() -> std::optional<RowKey> {
        if (table.rows().find(key) != nullptr) return key;
        return std::nullopt;
      });
    }
    for (std::size_t position : on_conflict.unique_indexes) {
      const storage::IndexSchema& index = schema.indexes()[position];
      if (storage::has_null_in(index, row)) continue;  // NULLs never conflict
      RowKey key = storage::index_key_of(schema, index, row);
      look_up(position + 1, key, [&]() -> std::optional<RowKey> {
        const storage::KeySet* holders = table.index(position).find(key);
        if (holders == nullptr || holders->empty()) return std::nullopt;
        return holders->first().key;
      });
    }
    if (conflicts_with_own) {
      if (on_conflict.do_update) throw_second_update();
    } else if (existing) {
      if (on_conflict.do_update) {
        // Several may meet one row: the first whose WHERE holds updates it (settle_updates).
        decisions.updating.push_back(i);
        decisions.updated_keys.push_back(std::move(*existing));
        decisions.outcome[i] = 2;
      }
    } else {
      for (std::string& key : keys) claimed.insert(std::move(key));
      decisions.inserted.push_back(i);
      decisions.outcome[i] = 1;
    }
  }
  return decisions;
}

// Proposed rows meeting one existing row: those before the first whose
// WHERE holds leave it alone, that one updates it, and any after it would
// touch a row this command already changed (21000), as PostgreSQL checks
// each conflict against the row as the command left it.
void settle_updates(const std::vector<RowKey>& keys, const std::vector<std::uint8_t>& kept) {
  std::set<RowKey> updated;
  for (std::size_t u = 0; u < keys.size(); ++u) {
    if (updated.count(keys[u]) > 0) throw_second_update();
    if (kept[u]) updated.insert(keys[u]);
  }
}

// SERIALIZABLE: the look-ups are reads; a row found (and skipped) or a key
// found absent must still be so at commit. Primary keys as points; a
// unique index's look-up as the whole table (read sets are key ranges).
void note_reads(const planner::OnConflictPlan& on_conflict, const Table& table, const std::vector<RowRef>& rows) {
  ReadRecorder* recorder = current_read_recorder();
  if (recorder == nullptr || rows.empty()) return;
  const std::string& name = table.schema().name();
  if (!on_conflict.unique_indexes.empty() || !on_conflict.primary_key) {
    recorder->note_table(name);
    return;
  }
  for (const RowRef& row : rows) {
    RowKey key = storage::primary_key_of(table.schema(), row);
    recorder->note_range(name, key, key);
  }
}

// `table`'s rows under `keys` as a chunk of the table's columns, in that order.
Chunk existing_rows(const std::shared_ptr<const Table>& table, const std::vector<RowKey>& keys) {
  std::vector<std::size_t> columns(table->schema().columns().size());
  std::iota(columns.begin(), columns.end(), 0);
  TableScanSource source(table, columns, false);
  MorselReader reader(source, 0);
  std::vector<Chunk> chunks;
  for (std::size_t first = 0; first < keys.size(); first += kChunkSize) {
    std::vector<MorselReader::PositionRange> ranges;
    for (std::size_t k = first; k < std::min(keys.size(), first + kChunkSize); ++k) {
      ranges.push_back({table->rows().rank(keys[k]), 1});
    }
    Chunk chunk;
    reader.read_ranges(ranges, chunk);
    chunks.push_back(std::move(chunk));
  }
  std::vector<value::SqlType> types;
  for (const auto& column : table->schema().columns()) types.push_back(column.type);
  return concatenate(std::move(chunks), types);
}

// The values of `expressions` over `input`, a chunk at a time.
Chunk evaluate_all(const std::vector<planner::BoundExpression>& expressions, const Chunk& input) {
  std::vector<Chunk> parts;
  std::vector<value::SqlType> types;
  for (const auto& expression : expressions) types.push_back(expression.type);
  for (std::size_t first = 0; first < input.size; first += kChunkSize) {
    Chunk part = slice(input, first, std::min(input.size, first + kChunkSize));
    Chunk out;
    out.size = part.size;
    for (const auto& expression : expressions) out.columns.push_back(evaluate(expression, part));
    parts.push_back(std::move(out));
  }
  return concatenate(std::move(parts), types);
}

Chunk side_by_side(Chunk left, Chunk right) {
  for (Vector& column : right.columns) left.columns.push_back(std::move(column));
  return left;
}

std::int64_t new_row_bytes(const std::vector<RowRef>& rows) {
  constexpr std::int64_t kPerRowOverhead = 64;  // the trees' entries
  std::int64_t bytes = 0;
  for (const RowRef& row : rows) bytes += static_cast<std::int64_t>(row.total_size()) + kPerRowOverhead;
  return bytes;
}

}  // namespace

QueryResult run_upsert(const planner::InsertPlan& plan, txn::WriteTarget& database) {
  const TableSchema& schema = *plan.schema;
  const planner::OnConflictPlan& on_conflict = *plan.on_conflict;
  PlanExecutor executor;
  std::vector<value::SqlType> types;
  for (const auto& column : schema.columns()) types.push_back(column.type);
  Chunk proposed = concatenate(executor.collect(*plan.source), types);
  std::vector<std::uint32_t> all(proposed.size);
  std::iota(all.begin(), all.end(), 0);
  // NOT NULL and CHECK hold for every proposed row, conflicting or not, as
  // PostgreSQL checks a row before it looks for conflicts.
  std::vector<RowRef> proposed_rows = build_table_rows(schema, proposed, 0, all, plan.checks);
  std::vector<planner::BoundExpression> new_values = executor.prepare(on_conflict.new_values);
  std::optional<planner::BoundExpression> where = executor.prepare(on_conflict.where);
  std::vector<planner::BoundExpression> returning = executor.prepare(plan.returning_values);

  OperatorMemory rows_memory(current_query_memory(), "INSERT", false);
  Chunk written;  // each row inserted or updated, in the order of the proposed rows
  std::size_t count = 0;
  database.write([&](const storage::World& world) -> txn::WorldPtr {
    auto table = world.find_table(plan.table_name);
    if (!table || table->schema_ptr() != plan.schema) {
      throw SqlError(sqlstate::kSerializationFailure,
                     "table \"" + plan.table_name + "\" was changed by a concurrent statement");
    }
    Decisions decisions = decide(on_conflict, *table, proposed_rows);
    note_reads(on_conflict, *table, proposed_rows);
    std::vector<RowRef> inserted;
    for (std::uint32_t i : decisions.inserted) inserted.push_back(proposed_rows[i]);

    // DO UPDATE: the new rows, over (existing row, EXCLUDED row), where WHERE holds.
    std::vector<RowKey> replaced_keys;
    std::vector<RowRef> replaced_rows, updated_rows;
    Chunk updated_values;
    std::vector<std::uint8_t> kept(decisions.updating.size(), 1);
    if (!decisions.updating.empty()) {
      Chunk pairs = side_by_side(existing_rows(table, decisions.updated_keys), gather_rows(proposed, decisions.updating));
      if (where) {
        Chunk holds = evaluate_all({*where}, pairs);
        const Vector& flags = holds.columns[0];
        for (std::size_t u = 0; u < kept.size(); ++u) kept[u] = !flags.is_null(u) && flags.ints[u] != 0;
      }
      settle_updates(decisions.updated_keys, kept);
      std::vector<std::uint32_t> kept_rows;
      for (std::uint32_t u = 0; u < kept.size(); ++u) {
        if (kept[u]) kept_rows.push_back(u);
      }
      updated_values = evaluate_all(new_values, gather_rows(pairs, kept_rows));
      std::vector<std::uint32_t> every(updated_values.size);
      std::iota(every.begin(), every.end(), 0);
      updated_rows = build_table_rows(schema, updated_values, 0, every, plan.checks);
      for (std::uint32_t u : kept_rows) {
        replaced_keys.push_back(decisions.updated_keys[u]);
        replaced_rows.push_back(*table->rows().find(decisions.updated_keys[u]));
      }
    }
    std::int64_t row_bytes = new_row_bytes(inserted) + new_row_bytes(updated_rows);
    rows_memory.add(row_bytes);
    check_write_fits(row_bytes, "INSERT");

    // The rows written, in the proposed rows' order: RETURNING's and the count's.
    std::vector<std::uint32_t> order;
    std::size_t next_inserted = 0, next_update = 0, next_kept = 0;
    for (std::uint8_t outcome : decisions.outcome) {
      if (outcome == 1) order.push_back(static_cast<std::uint32_t>(next_inserted++));
      if (outcome == 2 && kept[next_update++]) {
        order.push_back(static_cast<std::uint32_t>(decisions.inserted.size() + next_kept++));
      }
    }
    count = order.size();
    if (!plan.returning_values.empty() && count > 0) {
      std::vector<Chunk> parts;
      parts.push_back(gather_rows(proposed, decisions.inserted));
      if (updated_values.size > 0) parts.push_back(std::move(updated_values));
      written = gather_rows(concatenate(std::move(parts), types), order);
    }
    if (count == 0) return nullptr;
    // Inserted rows may take keys an update frees; replace_rows deletes first.
    std::vector<RowRef> new_rows = inserted;
    new_rows.insert(new_rows.end(), updated_rows.begin(), updated_rows.end());
    Table next_table = table->replace_rows(replaced_keys, new_rows);
    if (!inserted.empty()) next_table = next_table.with_arbitrated_inserts();
    auto next = world.with_table(std::make_shared<Table>(std::move(next_table)));
    return storage::enforce_foreign_keys(std::move(next), plan.table_name, new_rows, replaced_rows);
  });

  QueryResult result;
  result.command_tag = "INSERT 0 " + std::to_string(count);
  if (plan.returning) {
    result.returns_rows = true;
    result.columns = *plan.returning;
    if (count > 0) result.chunks.push_back(evaluate_all(returning, written));
  }
  return result;
}

}  // namespace ptreedb::exec
