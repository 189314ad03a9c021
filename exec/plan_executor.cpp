#include "exec/plan_executor.h"

#include "exec/table_function_rows.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "exec/chunk_memory.h"
#include "exec/evaluate.h"
#include "exec/aggregate/partitioned_merge.h"
#include "exec/hash_aggregate.h"
#include "exec/join_hash_table.h"
#include "exec/key_range.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ExprKind;
using planner::JoinKind;
using planner::PlanNode;

namespace {

constexpr std::size_t kMorselRows = 16 * kChunkSize;

// Reads the loaded columns of `rows` into vectors; the chunk keeps the rows
// alive because text vectors point into them.
Chunk load_chunk(const storage::TableSchema& schema, const std::vector<std::size_t>& loaded_columns,
                 std::vector<storage::RowRef> rows) {
  Chunk chunk;
  chunk.size = rows.size();
  chunk.columns.reserve(schema.columns().size());
  for (const auto& column : schema.columns()) chunk.columns.emplace_back(column.type);
  auto storage = std::make_shared<TextStorage>();
  storage->rows = std::move(rows);
  const auto& loaded = storage->rows;
  const storage::RowLayout& layout = schema.layout();
  for (std::size_t column : loaded_columns) {
    Vector& vector = chunk.columns[column];
    vector.resize(chunk.size);
    std::uint32_t offset = layout.offset(column);
    for (std::size_t i = 0; i < chunk.size; ++i) vector.nulls[i] = loaded[i].is_null(column);
    switch (vector.type.id) {
      case value::TypeId::kBoolean:
        for (std::size_t i = 0; i < chunk.size; ++i) vector.ints[i] = loaded[i].get_bool(offset);
        break;
      case value::TypeId::kDate:
        for (std::size_t i = 0; i < chunk.size; ++i) vector.ints[i] = loaded[i].get_date(offset);
        break;
      default:
        switch (vector.physical()) {
          case Physical::kInt:
            for (std::size_t i = 0; i < chunk.size; ++i) vector.ints[i] = loaded[i].get_int(offset);
            break;
          case Physical::kDouble:
            for (std::size_t i = 0; i < chunk.size; ++i) vector.doubles[i] = loaded[i].get_double(offset);
            break;
          case Physical::kDecimal:
            for (std::size_t i = 0; i < chunk.size; ++i) vector.decimals[i] = loaded[i].get_decimal(offset);
            break;
          case Physical::kText:
            for (std::size_t i = 0; i < chunk.size; ++i) vector.texts[i] = loaded[i].get_text(offset);
            vector.text_owners.push_back(storage);
            break;
          case Physical::kInterval:
            for (std::size_t i = 0; i < chunk.size; ++i) vector.intervals[i] = loaded[i].get_interval(offset);
            break;
        }
    }
  }
  return chunk;
}

Chunk apply_filter(Chunk input, const BoundExpression& filter) {
  Vector keep = evaluate(filter, input);
  std::vector<std::uint8_t> selected(input.size);
  bool all = true;
  for (std::size_t i = 0; i < input.size; ++i) {
    selected[i] = !keep.nulls[i] && keep.ints[i] != 0;
    all = all && selected[i];
  }
  if (all) return input;
  return select_rows(input, selected);
}

planner::Constant constant_of(const Vector& vector, std::size_t i) {
  planner::Constant constant;
  constant.is_null = vector.nulls[i] != 0;
  if (constant.is_null) return constant;
  switch (vector.physical()) {
    case Physical::kInt: constant.int_value = vector.ints[i]; break;
    case Physical::kDouble: constant.double_value = vector.doubles[i]; break;
    case Physical::kDecimal: constant.decimal_value = vector.decimals[i]; break;
    case Physical::kText: constant.text_value = std::string(vector.texts[i]); break;
    case Physical::kInterval: constant.interval_value = vector.intervals[i]; break;
  }
  return constant;
}

// Charges the one chunk `concatenate` is about to make of `chunks` (the
// chunks' own arrays stay charged until the operator ends: both exist while
// it runs).
void charge_concatenation(OperatorMemory& memory, const std::vector<Chunk>& chunks) {
  std::int64_t bytes = 0;
  for (const auto& chunk : chunks) {
    for (const auto& column : chunk.columns) bytes += vector_array_bytes(column);
  }
  memory.add(bytes);
}

// Charges the arrays of a chunk an operator made from rows it already holds.
void charge_arrays(OperatorMemory& memory, const Chunk& chunk) {
  std::int64_t bytes = 0;
  for (const auto& column : chunk.columns) bytes += vector_array_bytes(column);
  memory.add(bytes);
}

}  // namespace

planner::Constant PlanExecutor::scalar_subquery(const planner::SelectPlan& plan) {
  auto found = subquery_results_.find(&plan);
  if (found != subquery_results_.end()) return found->second;
  PlanExecutor inner;
  std::vector<Chunk> chunks = inner.collect(*plan.root);
  planner::Constant result;  // no row: NULL
  std::size_t rows = 0;
  for (const auto& chunk : chunks) {
    for (std::size_t i = 0; i < chunk.size; ++i) {
      if (++rows > 1) {
        throw SqlError("21000", "more than one row returned by a subquery used as an expression");
      }
      result = constant_of(chunk.columns[0], i);
    }
  }
  subquery_results_.emplace(&plan, result);
  return result;
}

BoundExpression PlanExecutor::prepare(const BoundExpression& expr) {
  check_stack_depth();
  if (!expr.contains(ExprKind::kSubquery)) return fold_constants(expr);
  BoundExpression out = expr;
  if (out.kind == ExprKind::kSubquery) {
    BoundExpression constant;
    constant.kind = ExprKind::kConstant;
    constant.type = expr.type;
    constant.constant = scalar_subquery(*expr.subquery);
    return constant;
  }
  for (auto& arg : out.args) arg = prepare(arg);
  return fold_constants(std::move(out));
}

std::optional<BoundExpression> PlanExecutor::prepare(const std::optional<BoundExpression>& expr) {
  if (!expr) return std::nullopt;
  return prepare(*expr);
}

std::vector<BoundExpression> PlanExecutor::prepare(const std::vector<BoundExpression>& exprs) {
  std::vector<BoundExpression> out;
  out.reserve(exprs.size());
  for (const auto& expr : exprs) out.push_back(prepare(expr));
  return out;
}

template <class Task>
void PlanExecutor::run_partitions(std::size_t count, const Task& task) {
  if (ordered_ == nullptr) {
    tbb::parallel_for(std::size_t{0}, count, task);
    return;
  }
  // Twice the threads per wave keeps them busy at the wave's end.
  const auto wave = static_cast<std::size_t>(std::max(2, 2 * tbb::this_task_arena::max_concurrency()));
  for (std::size_t first = 0; first < count; first += wave) {
    const std::size_t last = std::min(count, first + wave);
    ordered_->begin_parallel();
    try {
      tbb::parallel_for(first, last, task);
    } catch (...) {
      ordered_->end_parallel();
      throw;
    }
    ordered_->end_parallel();
    ordered_->complete_below(last);
  }
}

std::size_t PlanExecutor::stream_in_order(const PlanNode& node, RowSink& sink) {
  OrderedDelivery delivery(sink, memory_);
  ordered_ = &delivery;
  try {
    stream(node, [&](Chunk&& chunk, std::size_t partition) { delivery.push(std::move(chunk), partition); });
  } catch (...) {
    ordered_ = nullptr;
    throw;
  }
  ordered_ = nullptr;
  delivery.finish();
  return delivery.rows_delivered();
}

namespace {

// While an operator consumes its input whole (a join's build side, the input
// of a sort or aggregate), that input is not the ordered output: its sources
// run without waves and report nothing.
class NotTheOutput {
 public:
  explicit NotTheOutput(OrderedDelivery*& slot) : slot_(slot), saved_(std::exchange(slot, nullptr)) {}
  ~NotTheOutput() { slot_ = saved_; }
  NotTheOutput(const NotTheOutput&) = delete;
  NotTheOutput& operator=(const NotTheOutput&) = delete;

 private:
  OrderedDelivery*& slot_;
  OrderedDelivery* saved_;
};

}  // namespace

std::vector<Chunk> PlanExecutor::collect(const PlanNode& node) {
  OperatorMemory memory(memory_, "ExecutorState", false);
  return collect(node, memory);
}

std::vector<Chunk> PlanExecutor::collect(const PlanNode& node, OperatorMemory& memory) {
  NotTheOutput input(ordered_);
  std::mutex mutex;
  std::map<std::size_t, std::vector<Chunk>> partitions;
  ChunkFootprint footprint;
  stream(node, [&](Chunk&& chunk, std::size_t partition) {
    if (chunk.size == 0) return;
    std::lock_guard lock(mutex);
    memory.add(footprint.add(chunk));
    partitions[partition].push_back(std::move(chunk));
  });
  std::vector<Chunk> out;
  for (auto& [partition, chunks] : partitions) {
    for (auto& chunk : chunks) out.push_back(std::move(chunk));
  }
  return out;
}

void PlanExecutor::stream_slices(Chunk chunk, const Sink& sink) {
  if (chunk.size <= kMorselRows) {
    sink(std::move(chunk), 0);
    return;
  }
  std::size_t slices = (chunk.size + kMorselRows - 1) / kMorselRows;
  run_partitions(slices, [&](std::size_t s) {
    check_interrupt(interrupt_);
    std::size_t begin = s * kMorselRows;
    sink(slice(chunk, begin, std::min(chunk.size, begin + kMorselRows)), s);
  });
}

void PlanExecutor::stream(const PlanNode& node, const Sink& sink) {
  if (statistics_ == nullptr) {
    stream_operator(node, sink);
    return;
  }
  // EXPLAIN ANALYZE: count what the operator emits, and when.
  NodeStatistics& counters = statistics_->of(&node);
  auto start = std::chrono::steady_clock::now();
  auto elapsed_ns = [&] {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
  };
  bool first_loop = counters.loops.fetch_add(1) == 0;
  stream_operator(node, [&](Chunk&& chunk, std::size_t partition) {
    if (chunk.size > 0) {
      counters.rows.fetch_add(chunk.size, std::memory_order_relaxed);
      std::int64_t unset = -1;
      if (first_loop && counters.first_row_ns.load(std::memory_order_relaxed) == unset) {
        counters.first_row_ns.compare_exchange_strong(unset, elapsed_ns());
      }
    }
    sink(std::move(chunk), partition);
  });
  counters.total_ns.fetch_add(elapsed_ns());
}

void PlanExecutor::stream_operator(const PlanNode& node, const Sink& sink) {
  std::visit(
      [&](const auto& op) {
        using Op = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<Op, planner::ScanNode>) {
          stream_scan(node, op, sink);
        } else if constexpr (std::is_same_v<Op, planner::ValuesNode>) {
          Chunk chunk;
          chunk.size = op.rows.size();
          for (const auto& type : node.types) chunk.columns.emplace_back(type);
          Chunk one_row;
          one_row.size = 1;
          for (const auto& row : op.rows) {
            for (std::size_t c = 0; c < row.size(); ++c) {
              Vector value = evaluate(prepare(row[c]), one_row);
              chunk.columns[c].append_from(value, 0);
              for (const auto& owner : value.text_owners) chunk.columns[c].text_owners.push_back(owner);
            }
          }
          sink(std::move(chunk), 0);
        } else if constexpr (std::is_same_v<Op, planner::FilterNode>) {
          BoundExpression predicate = prepare(op.predicate);
          stream(*op.input, [&](Chunk&& chunk, std::size_t partition) {
            Chunk kept = apply_filter(std::move(chunk), predicate);
            if (kept.size > 0) sink(std::move(kept), partition);
          });
        } else if constexpr (std::is_same_v<Op, planner::ProjectNode>) {
          std::vector<BoundExpression> expressions = prepare(op.expressions);
          stream(*op.input, [&](Chunk&& chunk, std::size_t partition) {
            Chunk out;
            out.size = chunk.size;
            out.columns.reserve(expressions.size());
            for (const auto& expression : expressions) {
              if (expression.kind == ExprKind::kColumn) {
                out.columns.push_back(chunk.columns[expression.column]);
              } else {
                out.columns.push_back(evaluate(expression, chunk));
              }
            }
            sink(std::move(out), partition);
          });
        } else if constexpr (std::is_same_v<Op, planner::JoinNode>) {
          stream_join(node, op, sink);
        } else if constexpr (std::is_same_v<Op, planner::AggregateNode>) {
          stream_aggregate(node, op, sink);
        } else if constexpr (std::is_same_v<Op, planner::SortNode>) {
          stream_sort(node, op, sink);
        } else if constexpr (std::is_same_v<Op, planner::SetOperationNode>) {
          stream_set_operation(node, op, sink);
        } else if constexpr (std::is_same_v<Op, planner::FunctionScanNode>) {
          std::vector<BoundExpression> args = prepare(op.call.args);
          stream(*op.input, [&](Chunk&& chunk, std::size_t partition) {
            std::vector<Vector> values;
            values.reserve(args.size());
            for (const auto& arg : args) values.push_back(evaluate(arg, chunk));
            // Rows of one input chunk stay in order within its partition.
            expand_table_function(op, chunk, values, interrupt_,
                                  [&](Chunk&& out) { sink(std::move(out), partition); });
          });
        } else if constexpr (std::is_same_v<Op, planner::OuterValuesNode>) {
          throw SqlError(sqlstate::kInternalError, "outer values of a subquery were never bound");
        }
      },
      node.op);
}

void PlanExecutor::stream_scan(const PlanNode&, const planner::ScanNode& scan, const Sink& sink) {
  std::optional<BoundExpression> filter = prepare(scan.filter);
  const storage::TableSchema& schema = scan.table->schema();
  // Predicates on the primary key narrow the scan to a subtree, cut in O(log n).
  std::optional<KeyRange> range = filter ? primary_key_range(schema, *filter) : std::nullopt;
  if (reads_ != nullptr) {
    range ? reads_->note_range(schema.name(), range->low, range->high) : reads_->note_table(schema.name());
  }
  // The range as positions in the whole tree: two O(log n) walks, no nodes
  // copied (a point lookup per UPDATE makes that count).
  const storage::RowTree& tree = scan.table->rows();
  std::size_t first_position = 0, total = tree.size();
  if (range) {
    first_position = tree.rank(range->low);
    std::size_t after_high = range->high < range->low ? first_position
                                                      : tree.rank(range->high) + (tree.contains(range->high) ? 1 : 0);
    total = after_high - first_position;
  }
  // The next `count` rows of the tree, from `it`, as a chunk of the loaded columns.
  auto read_rows = [&](auto& it, std::size_t count) {
    std::vector<storage::RowRef> rows;
    rows.reserve(count);
    for (std::size_t i = 0; i < count; ++i, ++it) rows.push_back((*it).value);
    return load_chunk(schema, scan.loaded, std::move(rows));
  };
  if (scan.key_order_limit) {
    // Key order with a LIMIT: one walk from the range's start, chunk by
    // chunk, until enough rows passed the filter.
    std::size_t kept = 0, partition = 0;
    auto it = tree.seek_index(first_position);
    for (std::size_t position = 0; position < total && kept < *scan.key_order_limit; ++partition) {
      check_interrupt(interrupt_);
      // Small chunks first: a short scan reads little more than it keeps.
      std::size_t wanted = std::max<std::size_t>(64, (*scan.key_order_limit - kept) * 2);
      std::size_t count = std::min({kChunkSize, wanted, total - position});
      Chunk chunk = read_rows(it, count);
      position += count;
      if (filter) chunk = apply_filter(std::move(chunk), *filter);
      if (kept + chunk.size > *scan.key_order_limit) chunk = slice(chunk, 0, *scan.key_order_limit - kept);
      kept += chunk.size;
      if (chunk.size > 0) sink(std::move(chunk), partition);
      if (ordered_ != nullptr) ordered_->complete_below(partition + 1);
    }
    return;
  }
  std::size_t morsels = (total + kMorselRows - 1) / kMorselRows;
  auto scan_morsel = [&](std::size_t morsel) {
    std::size_t begin = morsel * kMorselRows, end = std::min(total, begin + kMorselRows);
    auto it = tree.seek_index(first_position + begin);
    for (std::size_t position = begin; position < end;) {
      check_interrupt(interrupt_);
      std::size_t count = std::min(kChunkSize, end - position);
      Chunk chunk = read_rows(it, count);
      if (scan.row_positions) {
        Vector positions(value::SqlType::of(value::TypeId::kBigint));
        positions.resize(count);
        for (std::size_t i = 0; i < count; ++i) positions.ints[i] = static_cast<std::int64_t>(first_position + position + i);
        chunk.columns.push_back(std::move(positions));
      }
      position += count;
      if (filter) chunk = apply_filter(std::move(chunk), *filter);
      if (chunk.size > 0) sink(std::move(chunk), morsel);
    }
  };
  // One morsel (every point lookup) runs here, without a task for it.
  if (morsels == 1) {
    scan_morsel(0);
  } else {
    run_partitions(morsels, scan_morsel);
  }
}

void PlanExecutor::stream_join(const PlanNode& node, const planner::JoinNode& join, const Sink& sink) {
  OperatorMemory memory(memory_, "HashJoin");
  std::vector<Chunk> build_chunks = collect(*join.build, memory);
  charge_concatenation(memory, build_chunks);
  std::size_t build_rows_total = 0;
  for (const auto& chunk : build_chunks) build_rows_total += chunk.size;
  // The hash table: a hash and a chain link per row, twice as many buckets, the key vectors.
  memory.add(static_cast<std::int64_t>(build_rows_total * (24 + 24 * join.build_keys.size())));
  JoinHashTable table(concatenate(std::move(build_chunks), join.build->types), prepare(join.build_keys));
  std::vector<BoundExpression> probe_keys = prepare(join.probe_keys);
  std::optional<BoundExpression> condition = prepare(join.condition);
  const Chunk& build = table.rows();
  bool keyed = !probe_keys.empty();
  JoinKind kind = join.kind;
  bool filtering = kind == JoinKind::kSemi || kind == JoinKind::kAnti || kind == JoinKind::kMark;
  std::vector<std::atomic<std::uint8_t>> build_matched(kind == JoinKind::kFull ? build.size : 0);
  std::size_t probe_width = join.probe->types.size();

  check_interrupt(interrupt_);
  auto join_chunk = [&](Chunk&& probe, std::size_t partition) {
    check_interrupt(interrupt_);
    std::size_t count = probe.size;
    std::vector<Vector> keys;
    for (const auto& key : probe_keys) keys.push_back(evaluate(key, probe));
    std::vector<std::uint32_t> probe_rows, build_rows;
    std::vector<std::uint8_t> unknown(join.null_aware ? count : 0, 0);
    // Semi, anti and mark joins without keys or condition only ask whether
    // the build side has rows at all.
    bool trivially = filtering && !keyed && !condition;
    if (keyed) {
      table.find_matches(keys, count, probe_rows, build_rows);
    } else if (!trivially) {
      for (std::uint32_t i = 0; i < count; ++i) {
        for (std::uint32_t j = 0; j < build.size; ++j) {
          probe_rows.push_back(i);
          build_rows.push_back(j);
        }
      }
    }
    Chunk pairs;
    bool have_pairs = false;
    auto make_pairs = [&]() {
      pairs = gather_rows(probe, probe_rows);
      Chunk right = gather_rows(build, build_rows);
      for (auto& column : right.columns) pairs.columns.push_back(std::move(column));
      have_pairs = true;
    };
    if (condition && !probe_rows.empty()) {
      make_pairs();
      Vector passed = evaluate(*condition, pairs);
      std::vector<std::uint8_t> keep(probe_rows.size());
      std::size_t kept = 0;
      for (std::size_t p = 0; p < probe_rows.size(); ++p) {
        keep[p] = !passed.nulls[p] && passed.ints[p] != 0;
        // x < ANY (q): an unknown comparison makes a "no" answer unknown.
        if (passed.nulls[p] && join.null_aware) unknown[probe_rows[p]] = 1;
        if (keep[p]) {
          probe_rows[kept] = probe_rows[p];
          build_rows[kept] = build_rows[p];
          ++kept;
        }
      }
      probe_rows.resize(kept);
      build_rows.resize(kept);
      if (kind == JoinKind::kInner) {
        Chunk out = select_rows(pairs, keep);
        if (out.size > 0) sink(std::move(out), partition);
        return;
      }
      have_pairs = false;
    }
    if (kind == JoinKind::kInner) {
      if (probe_rows.empty()) return;
      if (!have_pairs) make_pairs();
      sink(std::move(pairs), partition);
      return;
    }
    std::vector<std::uint8_t> matched(count, 0);
    if (trivially) {
      std::fill(matched.begin(), matched.end(), build.size > 0 ? 1 : 0);
    } else {
      for (std::uint32_t row : probe_rows) matched[row] = 1;
    }
    if (kind == JoinKind::kLeft || kind == JoinKind::kFull) {
      if (kind == JoinKind::kFull) {
        for (std::uint32_t row : build_rows) build_matched[row].store(1, std::memory_order_relaxed);
      }
      for (std::uint32_t i = 0; i < count; ++i) {
        if (!matched[i]) {
          probe_rows.push_back(i);
          build_rows.push_back(kNoRow);
        }
      }
      make_pairs();
      sink(std::move(pairs), partition);
      return;
    }
    // Semi, anti, mark: the answer per probe row, with IN's NULL rules when null_aware.
    std::vector<std::uint8_t> mark_null(count, 0);
    if (join.null_aware && build.size > 0) {
      for (std::uint32_t i = 0; i < count; ++i) {
        if (matched[i]) continue;
        bool probe_null = false;
        for (const auto& key : keys) probe_null = probe_null || key.nulls[i];
        if (probe_null || table.has_null_key() || unknown[i]) mark_null[i] = 1;
      }
    }
    if (kind == JoinKind::kMark) {
      Vector mark(value::SqlType::of(value::TypeId::kBoolean));
      mark.resize(count);
      for (std::size_t i = 0; i < count; ++i) {
        mark.nulls[i] = mark_null[i];
        mark.ints[i] = matched[i];
      }
      probe.columns.push_back(std::move(mark));
      sink(std::move(probe), partition);
      return;
    }
    std::vector<std::uint8_t> keep(count);
    for (std::size_t i = 0; i < count; ++i) {
      keep[i] = kind == JoinKind::kSemi ? matched[i] : (!matched[i] && !mark_null[i]);
    }
    Chunk out = select_rows(probe, keep);
    if (out.size > 0) sink(std::move(out), partition);
  };
  // Without keys every probe row pairs with every build row: a probe chunk is
  // joined in slices of at most kMaxPairsPerSlice pairs, which bounds the
  // memory of the pairs and the time between interrupt checks.
  constexpr std::size_t kMaxPairsPerSlice = std::size_t{1} << 16;
  stream(*join.probe, [&](Chunk&& probe, std::size_t partition) {
    if (keyed || build.size == 0 || probe.size * build.size <= kMaxPairsPerSlice) {
      join_chunk(std::move(probe), partition);
      return;
    }
    const std::size_t rows_per_slice = std::max<std::size_t>(1, kMaxPairsPerSlice / build.size);
    for (std::size_t begin = 0; begin < probe.size; begin += rows_per_slice) {
      std::vector<std::uint8_t> in_slice(probe.size, 0);
      std::fill(in_slice.begin() + begin, in_slice.begin() + std::min(probe.size, begin + rows_per_slice), 1);
      join_chunk(select_rows(probe, in_slice), partition);
    }
  });

  if (kind == JoinKind::kFull) {
    // Build rows no probe row matched, with NULLs for the probe columns.
    std::vector<std::uint32_t> unmatched;
    for (std::uint32_t j = 0; j < build.size; ++j) {
      if (!build_matched[j].load(std::memory_order_relaxed)) unmatched.push_back(j);
    }
    if (unmatched.empty()) return;
    Chunk out;
    out.size = unmatched.size();
    std::vector<std::uint32_t> none(unmatched.size(), kNoRow);
    for (std::size_t c = 0; c < probe_width; ++c) {
      Vector nulls(node.types[c]);
      nulls.resize(out.size);
      std::fill(nulls.nulls.begin(), nulls.nulls.end(), 1);
      out.columns.push_back(std::move(nulls));
    }
    Chunk right = gather_rows(build, unmatched);
    for (auto& column : right.columns) out.columns.push_back(std::move(column));
    sink(std::move(out), SIZE_MAX);
  }
}

void PlanExecutor::stream_aggregate(const PlanNode& node, const planner::AggregateNode& aggregate, const Sink& sink) {
  std::vector<BoundExpression> keys = prepare(aggregate.keys);
  std::vector<planner::AggregateCall> calls = aggregate.aggregates;
  for (auto& call : calls) {
    call.argument = prepare(call.argument);
    call.separator = prepare(call.separator);
    call.filter = prepare(call.filter);
    for (auto& key : call.order) key.expression = prepare(key.expression);
  }
  OperatorMemory memory(memory_, "HashAggregate");
  // Each task's table, and what it has charged so far.
  struct TaskTable {
    std::unique_ptr<AggregationTable> table;
    std::int64_t charged = 0;
  };
  tbb::enumerable_thread_specific<TaskTable> tables(
      [&] { return TaskTable{std::make_unique<AggregationTable>(keys, calls), 0}; });
  auto charge_growth = [&](TaskTable& task) {
    std::int64_t now = task.table->approximate_bytes();
    if (now > task.charged) {
      memory.add(now - task.charged);
      task.charged = now;
    }
  };
  {
    NotTheOutput input(ordered_);
    stream(*aggregate.input, [&](Chunk&& chunk, std::size_t) {
      TaskTable& task = tables.local();
      task.table->consume(chunk);
      charge_growth(task);
    });
  }
  std::vector<TaskTable*> tasks;
  for (auto& task : tables) tasks.push_back(&task);
  std::size_t total_groups = 0;
  for (TaskTable* task : tasks) total_groups += task->table->group_count();
  if (tasks.size() > 1 && total_groups >= kPartitionedMergeGroups) {
    std::vector<std::unique_ptr<AggregationTable>> owned;
    for (TaskTable* task : tasks) owned.push_back(std::move(task->table));
    std::vector<Chunk> partitions =
        merge_partitioned(std::move(owned), keys, calls, memory, [&] { check_interrupt(interrupt_); });
    // Each partition's rows go out in slices, all numbered in one sequence.
    std::vector<std::pair<std::size_t, std::size_t>> slices;  // partition, first row
    for (std::size_t p = 0; p < partitions.size(); ++p) {
      charge_arrays(memory, partitions[p]);
      for (std::size_t begin = 0; begin < partitions[p].size; begin += kMorselRows) slices.emplace_back(p, begin);
    }
    run_partitions(slices.size(), [&](std::size_t s) {
      check_interrupt(interrupt_);
      const auto [p, begin] = slices[s];
      Chunk& rows = partitions[p];
      if (rows.size <= kMorselRows) {
        sink(std::move(rows), s);  // its only slice
      } else {
        sink(slice(rows, begin, std::min(rows.size, begin + kMorselRows)), s);
      }
    });
    return;
  }
  Chunk groups;
  {
    TaskTable* result = nullptr;
    TaskTable empty{std::make_unique<AggregationTable>(keys, calls), 0};
    for (TaskTable* task : tasks) {
      check_interrupt(interrupt_);
      if (result == nullptr) {
        result = task;
      } else {
        result->table->merge(*task->table);
        charge_growth(*result);
        task->table.reset();
      }
    }
    if (result == nullptr) result = &empty;
    groups = result->table->finish();
  }
  charge_arrays(memory, groups);
  (void)node;
  stream_slices(std::move(groups), sink);
}

void PlanExecutor::stream_sort(const PlanNode& node, const planner::SortNode& sort, const Sink& sink) {
  OperatorMemory memory(memory_, "Sort");
  std::vector<Chunk> chunks = collect(*sort.input, memory);
  charge_concatenation(memory, chunks);
  Chunk rows = concatenate(std::move(chunks), node.types);
  check_interrupt(interrupt_);
  memory.add(static_cast<std::int64_t>(rows.size * sizeof(std::uint32_t) * 2));  // the order and what is kept
  std::vector<std::uint32_t> order(rows.size);
  for (std::uint32_t i = 0; i < rows.size; ++i) order[i] = i;
  if (!sort.keys.empty()) {
    // A sort of millions of rows takes seconds: check for a cancel every 64 Ki comparisons.
    std::uint32_t comparisons = 0;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
      if ((++comparisons & 0xFFFF) == 0) check_interrupt(interrupt_);
      for (const auto& key : sort.keys) {
        const Vector& column = rows.columns[key.output];
        bool a_null = column.is_null(x), b_null = column.is_null(y);
        if (a_null || b_null) {
          if (a_null == b_null) continue;
          return a_null == key.nulls_first;
        }
        int order_value = compare_elements(column, x, column, y);
        if (order_value != 0) return key.descending ? order_value > 0 : order_value < 0;
      }
      return false;
    });
  }
  check_interrupt(interrupt_);
  std::size_t begin = std::min<std::size_t>(order.size(), static_cast<std::size_t>(sort.offset));
  std::size_t end = order.size();
  if (sort.limit) end = std::min<std::size_t>(end, begin + static_cast<std::size_t>(*sort.limit));
  std::vector<std::uint32_t> kept(order.begin() + begin, order.begin() + end);
  Chunk sorted = gather_rows(rows, kept);
  charge_arrays(memory, sorted);
  stream_slices(std::move(sorted), sink);
}

void PlanExecutor::stream_set_operation(const PlanNode& node, const planner::SetOperationNode& set, const Sink& sink) {
  using planner::SetOperation;
  OperatorMemory memory(memory_, "SetOp");
  if (set.operation == SetOperation::kUnion && set.all) {
    std::size_t offset = 0;
    for (const auto* side : {set.left.get(), set.right.get()}) {
      // Each side is held only until it is passed on, and an Append is not
      // bounded by work_mem: the statement's budget alone bounds it.
      OperatorMemory side_memory(memory_, "ExecutorState", false);
      for (auto& chunk : collect(*side, side_memory)) {
        sink(std::move(chunk), offset++);
        if (ordered_ != nullptr) ordered_->complete_below(offset);
      }
    }
    return;
  }
  std::vector<Chunk> left_chunks = collect(*set.left, memory);
  std::vector<Chunk> right_chunks = collect(*set.right, memory);
  charge_concatenation(memory, left_chunks);
  charge_concatenation(memory, right_chunks);
  Chunk left = concatenate(std::move(left_chunks), node.types);
  Chunk right = concatenate(std::move(right_chunks), node.types);
  // Keys held in the hash sets, charged a chunk's worth at a time.
  std::int64_t pending = 0;
  std::uint32_t since_check = 0;
  auto key_of = [&](const Chunk& chunk, std::size_t row) {
    std::string key;
    for (const auto& column : chunk.columns) append_key_bytes(key, column, row);
    pending += static_cast<std::int64_t>(key.capacity() + 64);  // a node, its hash and the string
    if (++since_check == kChunkSize) {
      since_check = 0;
      check_interrupt(interrupt_);
      memory.add(pending);
      pending = 0;
    }
    return key;
  };
  std::vector<std::uint32_t> left_rows, right_rows;
  std::unordered_set<std::string> emitted;
  if (set.operation == SetOperation::kUnion) {
    for (std::uint32_t i = 0; i < left.size; ++i) {
      if (emitted.insert(key_of(left, i)).second) left_rows.push_back(i);
    }
    for (std::uint32_t i = 0; i < right.size; ++i) {
      if (emitted.insert(key_of(right, i)).second) right_rows.push_back(i);
    }
  } else {
    std::unordered_map<std::string, std::int64_t> right_counts;
    for (std::uint32_t i = 0; i < right.size; ++i) ++right_counts[key_of(right, i)];
    bool intersect = set.operation == SetOperation::kIntersect;
    for (std::uint32_t i = 0; i < left.size; ++i) {
      std::string key = key_of(left, i);
      auto found = right_counts.find(key);
      bool in_right = found != right_counts.end() && found->second > 0;
      if (set.all) {
        // INTERSECT ALL keeps min(m, n) copies, EXCEPT ALL max(m - n, 0).
        if (in_right) --found->second;
        if (in_right == intersect) left_rows.push_back(i);
      } else if (in_right == intersect && emitted.insert(key).second) {
        left_rows.push_back(i);
      }
    }
  }
  sink(gather_rows(left, left_rows), 0);
  if (!right_rows.empty()) sink(gather_rows(right, right_rows), 1);
}

}  // namespace ptreedb::exec
