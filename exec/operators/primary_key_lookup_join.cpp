// Join by key lookup (planner/primary_key_lookup.h): the other side
// collected whole, its rows sorted by key, and each distinct key's rows found
// in the table's tree as a range of positions (rank walks, O(log n)), or
// through a secondary index (its rows' primary keys, each ranked), and read
// through the scan's filter, in parallel over runs of keys. Inner joins emit
// the pairs; semi and anti joins (the table on the build side) flag the other
// side's rows and emit them at the end.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <string>

#include <tbb/enumerable_thread_specific.h>

#include "exec/evaluate.h"
#include "exec/join_hash_table.h"
#include "exec/join_pairs.h"
#include "exec/key_range.h"
#include "exec/operators/operator_support.h"
#include "exec/operators/run_partitions.h"
#include "exec/table_scan.h"
#include "storage/row/key_encoding.h"
#include "storage/table/table_keys.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::JoinKind;
using planner::PlanNode;

namespace {

// Distinct keys looked up by one task.
constexpr std::size_t kKeysPerTask = 256;
// The planner's estimate of the other side can be far off: with more rows
// than this share of the table's, hashing them and scanning the table is
// cheaper than looking each one up. A lookup (rank walk, key compares, a
// positioned read) costs about as much as scanning and probing 64 rows: at
// TPC-H SF 1, 1/64 took 10-30% less CPU than 1/4 on Q3, Q4, Q5, Q10, Q12 and
// Q21 (their 30k-230k orderkeys now hash), and 1/1024 lost on Q21's 7k keys.
constexpr std::size_t kMostKeysPerTableRow = 64;  // rows * 64 > table rows: scan

// Rows of the other side with one key: order[begin, end).
struct KeyGroup {
  std::size_t begin, end;
};

}  // namespace

void PlanExecutor::run_lookup_join(const planner::JoinNode& join, const Sink& sink) {
  const bool table_is_build = join.lookup == planner::JoinNode::Lookup::kBuild;
  const PlanNode& table_side = table_is_build ? *join.build : *join.probe;
  const PlanNode& other_side = table_is_build ? *join.probe : *join.build;
  const auto& scan = std::get<planner::ScanNode>(table_side.op);
  const std::vector<BoundExpression>& table_keys = table_is_build ? join.build_keys : join.probe_keys;
  const storage::TableSchema& schema = scan.table->schema();
  const storage::RowTree& tree = scan.table->rows();

  OperatorMemory memory(memory_, "NestedLoop");
  std::vector<Chunk> other_chunks = collect(other_side, memory);
  charge_concatenation(memory, other_chunks);
  Chunk other = concatenate(std::move(other_chunks), other_side.types);
  std::vector<Vector> evaluated;
  std::vector<const Vector*> other_keys;
  join_key_vectors(prepare(table_is_build ? join.probe_keys : join.build_keys), other, evaluated, other_keys);
  // The other side's keys in the order of the key looked up: the primary
  // key's columns, or a secondary index's (whose tree maps each index key to
  // its rows' primary keys).
  const bool by_index = join.lookup_index != planner::JoinNode::kPrimaryKey;
  const std::vector<std::size_t>& key_columns =
      by_index ? schema.indexes()[join.lookup_index].columns : schema.primary_key();
  const storage::IndexTree* index = by_index ? &scan.table->index(join.lookup_index) : nullptr;
  const std::size_t key_count = table_keys.size();
  const bool whole_key = key_count == key_columns.size();
  std::vector<const Vector*> ordered_keys(key_count);
  std::vector<bool> is_date(key_count);
  for (std::size_t p = 0; p < key_count; ++p) {
    for (std::size_t k = 0; k < key_count; ++k) {
      if (table_keys[k].column == key_columns[p]) ordered_keys[p] = other_keys[k];
    }
    is_date[p] = schema.column(key_columns[p]).type.id == value::TypeId::kDate;
  }

  std::optional<BoundExpression> condition = prepare(join.condition);
  const bool inner = join.kind == JoinKind::kInner;
  std::vector<std::atomic<std::uint8_t>> matched(inner ? 0 : other.size);
  // The pairs (other row, table row) found for rows of `found`: an inner
  // join emits those passing the condition; semi and anti joins flag their
  // other rows.
  auto take_pairs = [&](const Chunk& other_rows_chunk, const Chunk& found, const std::vector<std::uint32_t>& other_rows,
                        const std::vector<std::uint32_t>& table_rows, std::size_t partition) {
    if (other_rows.empty()) return;
    Chunk pairs = table_is_build ? gather_pairs(other_rows_chunk, found, other_rows, table_rows, nullptr)
                                 : gather_pairs(found, other_rows_chunk, table_rows, other_rows, nullptr);
    std::vector<std::uint8_t> keep;
    if (condition) {
      Vector passed = evaluate(*condition, pairs);
      keep.resize(pairs.size);
      for (std::size_t p = 0; p < pairs.size; ++p) keep[p] = !passed.nulls[p] && passed.ints[p] != 0;
    }
    if (inner) {
      Chunk out = condition ? select_rows(pairs, keep) : std::move(pairs);
      if (out.size > 0) sink(std::move(out), partition);
      return;
    }
    for (std::size_t p = 0; p < other_rows.size(); ++p) {
      if (!condition || keep[p]) matched[other_rows[p]].store(1, std::memory_order_relaxed);
    }
  };
  auto finish = [&](const Chunk& other_rows_chunk) {
    if (inner) return;
    std::vector<std::uint8_t> keep(other_rows_chunk.size);
    for (std::size_t row = 0; row < other_rows_chunk.size; ++row) {
      bool found = matched[row].load(std::memory_order_relaxed) != 0;
      keep[row] = join.kind == JoinKind::kSemi ? found : !found;
    }
    Chunk out = select_rows(other_rows_chunk, keep);
    if (out.size > 0) stream_slices(std::move(out), sink);
  };

  if (other.size * kMostKeysPerTableRow > tree.size()) {
    // Too many keys: hash the other side (its row order kept) and stream the table past it.
    std::vector<Chunk> whole;
    whole.push_back(std::move(other));
    std::vector<BoundExpression> hashed_keys = prepare(table_is_build ? join.probe_keys : join.build_keys);
    JoinHashTable hashed = hash_join_rows(std::move(whole), other_side.types, hashed_keys, memory, 32);
    std::vector<BoundExpression> scanned_keys = prepare(table_keys);
    // Only pairs count (semi and anti joins flag the other side's rows), so
    // the table's rows whose key the other side lacks can go in the scan,
    // before their other columns are decoded and probed for.
    KeyFilterGuard key_filter =
        push_key_filter(table_is_build ? join.build : join.probe, scanned_keys, hashed_keys, hashed.rows());
    tbb::enumerable_thread_specific<JoinProbeScratch> scratches;
    auto any_pair = [](std::size_t, std::uint32_t) { return true; };
    stream(table_side, [&](Chunk&& found, std::size_t partition) {
      check_interrupt(interrupt_);
      JoinProbeScratchLease lease(scratches.local());
      JoinProbeScratch& scratch = lease.scratch();
      join_key_vectors(scanned_keys, found, scratch.evaluated_keys, scratch.keys);
      hashed.prepare_probe(scratch.keys, found.size, scratch.table);
      for (std::size_t next = 0; next < found.size;) {
        scratch.probe_rows.clear();
        scratch.build_rows.clear();
        next = hashed.collect_matches(scratch.keys, found.size, scratch.table, next, std::size_t{1} << 16, any_pair,
                                      scratch.probe_rows, scratch.build_rows);
        take_pairs(hashed.rows(), found, scratch.build_rows, scratch.probe_rows, partition);
      }
    });
    finish(hashed.rows());
    return;
  }

  // Rows with a NULL key match nothing; the others sorted by key, so the
  // lookups walk the tree from left to right, and grouped.
  std::vector<std::uint32_t> order;
  order.reserve(other.size);
  for (std::uint32_t row = 0; row < other.size; ++row) {
    bool null_key = false;
    for (const Vector* key : ordered_keys) null_key = null_key || key->nulls[row];
    if (!null_key) order.push_back(row);
  }
  auto less = [&](std::uint32_t a, std::uint32_t b) {
    for (const Vector* key : ordered_keys) {
      if (key->ints[a] != key->ints[b]) return key->ints[a] < key->ints[b];
    }
    return false;
  };
  std::sort(order.begin(), order.end(), less);
  std::vector<KeyGroup> groups;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t end = i + 1;
    while (end < order.size() && !less(order[i], order[end])) ++end;
    groups.push_back({i, end});
    i = end;
  }

  // SERIALIZABLE: the lookups read parts of the table (the fallback's scan above notes its own read).
  if (reads_ != nullptr) reads_->note_table(schema.name());
  std::optional<BoundExpression> filter = prepare(scan.filter);
  TableScanSource source(scan.table, scan.loaded, false, filter ? &*filter : nullptr, key_filters_for(table_side));
  NodeStatistics* table_counters = statistics_ != nullptr ? &statistics_->of(&table_side) : nullptr;
  if (table_counters != nullptr) table_counters->loops.fetch_add(static_cast<std::uint32_t>(groups.size()));

  auto lookup_task = [&](std::size_t task) {
    const std::size_t first_group = task * kKeysPerTask;
    const std::size_t last_group = std::min(groups.size(), first_group + kKeysPerTask);
    MorselReader reader(source, 0);
    Chunk found;
    std::vector<MorselReader::PositionRange> ranges;
    std::vector<std::uint32_t> row_group;  // per row read: its key group
    std::vector<std::uint32_t> other_rows, table_rows;
    std::string prefix;
    auto flush = [&] {
      if (ranges.empty()) return;
      check_interrupt(interrupt_);
      reader.read_ranges(ranges, found);
      ranges.clear();
      if (table_counters != nullptr) table_counters->rows.fetch_add(found.size, std::memory_order_relaxed);
      other_rows.clear();
      table_rows.clear();
      const auto& survivors = reader.survivors();
      for (std::uint32_t j = 0; j < found.size; ++j) {
        const KeyGroup& group = groups[row_group[survivors[j]]];
        for (std::size_t o = group.begin; o < group.end; ++o) {
          other_rows.push_back(order[o]);
          table_rows.push_back(j);
        }
      }
      row_group.clear();
      take_pairs(other, found, other_rows, table_rows, task);
    };
    std::size_t pending = 0;
    for (std::size_t g = first_group; g < last_group; ++g) {
      const std::uint32_t row = order[groups[g].begin];
      prefix.clear();
      for (std::size_t p = 0; p < key_count; ++p) {
        std::int64_t value = ordered_keys[p]->ints[row];
        if (by_index) storage::key_encoding::append_not_null(prefix);
        is_date[p] ? storage::key_encoding::append_date(prefix, static_cast<std::int32_t>(value))
                   : storage::key_encoding::append_int(prefix, value);
      }
      if (by_index) {
        // Each of the key's rows, by its primary key's position.
        auto add_rows = [&](const storage::KeySet& keys) {
          for (const auto& entry : keys) {
            ranges.push_back({tree.rank(entry.key), 1});
            row_group.push_back(static_cast<std::uint32_t>(g));
            if (++pending == kChunkSize) {
              flush();
              pending = 0;
            }
          }
        };
        if (whole_key) {
          if (const storage::KeySet* keys = index->find(storage::RowKey(prefix))) add_rows(*keys);
        } else {
          index->for_each_between(storage::RowKey(prefix), storage::RowKey(past_prefix(prefix)),
                                  [&](const storage::RowKey&, const storage::KeySet& keys) {
                                    add_rows(keys);
                                    return true;
                                  });
        }
        continue;
      }
      std::size_t first = tree.rank(storage::RowKey(prefix));
      std::size_t count = whole_key ? (tree.contains(storage::RowKey(prefix)) ? 1 : 0)
                                    : tree.rank(storage::RowKey(past_prefix(prefix))) - first;
      // A key with more rows than a chunk holds is read a chunk at a time.
      while (count > 0) {
        std::size_t piece = std::min(count, kChunkSize - pending);
        ranges.push_back({first, piece});
        row_group.insert(row_group.end(), piece, static_cast<std::uint32_t>(g));
        pending += piece;
        first += piece;
        count -= piece;
        if (pending == kChunkSize) {
          flush();
          pending = 0;
        }
      }
    }
    flush();
  };
  const std::size_t tasks = (groups.size() + kKeysPerTask - 1) / kKeysPerTask;
  if (tasks == 1) {
    lookup_task(0);
  } else if (tasks > 1) {
    run_partitions(tasks, lookup_task);
  }
  finish(other);
}

// EXPLAIN: the table side as PostgreSQL shows an inner index scan, under a
// Nested Loop (hash_join_operator.cpp prints the join's own lines).

void PlanPrinter::print_lookup_side(const planner::JoinNode& join, std::size_t column) {
  const bool table_is_build = join.lookup == planner::JoinNode::Lookup::kBuild;
  const PlanNode& table_side = table_is_build ? *join.build : *join.probe;
  const PlanNode& other_side = table_is_build ? *join.probe : *join.build;
  const auto& scan = std::get<planner::ScanNode>(table_side.op);
  const storage::TableSchema& schema = scan.table->schema();
  std::string relation = schema.name();
  if (!scan.alias.empty() && scan.alias != relation) relation += " " + scan.alias;
  const NodeStatistics* measured = statistics_ != nullptr ? statistics_->find(&table_side) : nullptr;
  bool qualified = relations_ > 1;
  std::string index = join.lookup_index == planner::JoinNode::kPrimaryKey
                          ? storage::primary_key_index_name(schema)
                          : schema.indexes()[join.lookup_index].name;
  print_line(column, "->  " + header("Index Scan using " + index + " on " + relation, table_side.estimated_rows,
                                     measured));
  const Labels& table_labels = labels_of(table_side);
  const Labels& other_labels = labels_of(other_side);
  const auto& table_keys = table_is_build ? join.build_keys : join.probe_keys;
  const auto& other_keys = table_is_build ? join.probe_keys : join.build_keys;
  std::string condition;
  for (std::size_t k = 0; k < table_keys.size(); ++k) {
    std::string pair = "(";
    pair += shown(table_keys[k], table_labels, false);
    pair += " = ";
    pair += shown(other_keys[k], other_labels, qualified);
    pair += ")";
    condition += (k > 0 ? " AND " : "") + pair;
  }
  if (table_keys.size() > 1) condition = "(" + condition + ")";
  print_line(column + 6, "Index Cond: " + condition);
  if (scan.filter) print_line(column + 6, "Filter: " + shown(*scan.filter, table_labels, false));
}

}  // namespace ptreedb::exec
