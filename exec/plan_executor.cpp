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
#include "exec/join_pairs.h"
#include "exec/join_residual.h"
#include "exec/key_range.h"
#include "exec/selection_filter.h"
#include "exec/table_scan.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ExprKind;
using planner::JoinKind;
using planner::PlanNode;

namespace {

constexpr std::size_t kMorselRows = 16 * kChunkSize;

// For each projected expression that is the last reference to an input
// column, that column (SIZE_MAX for the others). Out of line: the operator
// dispatch recurses once per plan level and keeps a small frame.
[[gnu::noinline]] std::vector<std::size_t> last_uses(const std::vector<BoundExpression>& expressions) {
  std::vector<std::size_t> last_use(expressions.size(), SIZE_MAX);
  std::unordered_map<std::size_t, std::size_t> last_reference;
  for (std::size_t e = 0; e < expressions.size(); ++e) {
    if (expressions[e].kind == ExprKind::kColumn) last_reference[expressions[e].column] = e;
  }
  for (const auto& [column, e] : last_reference) last_use[e] = column;
  return last_use;
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

// Out of line from stream(): a chain of set operations recurses through both
// once per level, and the frames stay as small as before.
[[gnu::noinline]] void PlanExecutor::stream_operator(const PlanNode& node, const Sink& sink) {
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
            filter_chunk(chunk, predicate);
            if (chunk.size > 0) sink(std::move(chunk), partition);
          });
        } else if constexpr (std::is_same_v<Op, planner::ProjectNode>) {
          std::vector<BoundExpression> expressions = prepare(op.expressions);
          // Input columns passed through are moved, not copied, at their last
          // use (the chunk is ours), after every computed column has read them.
          std::vector<std::size_t> last_use = last_uses(expressions);
          stream(*op.input, [&](Chunk&& chunk, std::size_t partition) {
            Chunk out;
            out.size = chunk.size;
            out.columns.resize(expressions.size());
            for (std::size_t e = 0; e < expressions.size(); ++e) {
              if (expressions[e].kind != ExprKind::kColumn) out.columns[e] = evaluate(expressions[e], chunk);
            }
            for (std::size_t e = 0; e < expressions.size(); ++e) {
              if (expressions[e].kind != ExprKind::kColumn || last_use[e] != SIZE_MAX) continue;
              out.columns[e] = chunk.columns[expressions[e].column];
            }
            for (std::size_t e = 0; e < expressions.size(); ++e) {
              if (last_use[e] != SIZE_MAX) out.columns[e] = std::move(chunk.columns[last_use[e]]);
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
  // The scan applies its filter: the columns only the rest of the query reads
  // are decoded for the rows that passed.
  TableScanSource source(scan.table, scan.loaded, scan.row_positions, filter ? &*filter : nullptr);
  if (scan.key_order_limit) {
    // Key order with a LIMIT: one walk from the range's start, chunk by
    // chunk, until enough rows passed the filter.
    std::size_t kept = 0, partition = 0;
    MorselReader reader(source, first_position);
    for (std::size_t position = 0; position < total && kept < *scan.key_order_limit; ++partition) {
      check_interrupt(interrupt_);
      // Small chunks first: a short scan reads little more than it keeps.
      std::size_t wanted = std::max<std::size_t>(64, (*scan.key_order_limit - kept) * 2);
      std::size_t count = std::min({kChunkSize, wanted, total - position});
      Chunk chunk;
      reader.read(count, chunk);
      position += count;
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
    MorselReader reader(source, first_position + begin);
    // One chunk per morsel: a sink that only reads it leaves its arrays for the next.
    Chunk chunk;
    for (std::size_t position = begin; position < end;) {
      check_interrupt(interrupt_);
      std::size_t count = std::min(kChunkSize, end - position);
      reader.read(count, chunk);
      position += count;
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
  if (hashes_probe_side(join)) {
    stream_join_hashing_probe_side(join, sink);
    return;
  }
  OperatorMemory memory(memory_, "HashJoin");
  std::vector<Chunk> build_chunks = collect(*join.build, memory);
  charge_concatenation(memory, build_chunks);
  std::size_t build_rows_total = 0;
  for (const auto& chunk : build_chunks) build_rows_total += chunk.size;
  // The hash table: a tag and a row index per entry, a bucket offset per row,
  // and while it is built the rows' tags and partition order; the key vectors.
  memory.add(static_cast<std::int64_t>(build_rows_total * (32 + 24 * join.build_keys.size())));
  JoinHashTable table(concatenate(std::move(build_chunks), join.build->types), prepare(join.build_keys));
  std::vector<BoundExpression> probe_keys = prepare(join.probe_keys);
  std::optional<BoundExpression> condition = prepare(join.condition);
  const Chunk& build = table.rows();
  bool keyed = !probe_keys.empty();
  JoinKind kind = join.kind;
  bool filtering = kind == JoinKind::kSemi || kind == JoinKind::kAnti || kind == JoinKind::kMark;
  std::vector<std::atomic<std::uint8_t>> build_matched(kind == JoinKind::kFull ? build.size : 0);
  std::size_t probe_width = join.probe->types.size();
  // Late materialization: a condition is evaluated over the columns it reads
  // only; the other columns are gathered for the pairs that pass it.
  std::vector<std::uint8_t> condition_columns;
  if (condition) condition_columns = columns_read(*condition, probe_width + join.build->types.size());
  // A condition of integer comparisons is tested inside the probe loop
  // instead (not for the NULL rules of NOT IN and mark joins, which need its
  // unknown answers).
  std::optional<JoinResidual> residual;
  if (condition && keyed && (!join.null_aware || kind == JoinKind::kSemi)) {
    residual = JoinResidual::of(*condition, probe_width);
  }

  tbb::enumerable_thread_specific<JoinProbeScratch> scratches;

  check_interrupt(interrupt_);
  auto join_chunk = [&](Chunk&& probe, std::size_t partition) {
    check_interrupt(interrupt_);
    JoinProbeScratchLease lease(scratches.local());
    JoinProbeScratch& scratch = lease.scratch();
    std::size_t count = probe.size;
    auto& keys = scratch.keys;
    join_key_vectors(probe_keys, probe, scratch.evaluated_keys, keys);
    auto& probe_rows = scratch.probe_rows;
    auto& build_rows = scratch.build_rows;
    probe_rows.clear();
    build_rows.clear();
    auto& unknown = scratch.unknown;
    unknown.assign(join.null_aware ? count : 0, 0);
    auto& matched = scratch.matched;
    matched.assign(count, 0);
    if (residual) {
      if (!scratch.residual) scratch.residual = residual;
      scratch.residual->bind(probe, build);
    }
    auto passes = [&](std::size_t i, std::uint32_t j) { return scratch.residual->passes(i, j); };
    auto any_pair = [](std::size_t, std::uint32_t) { return true; };

    // Takes the pairs (probe_rows, build_rows) of a step: keeps those passing
    // the condition, emits an inner or outer join's, flags the matched rows.
    // `whole`: the chunk's pairs all came in this one step. Returns true once
    // it emitted the chunk's whole result.
    auto take_pairs = [&](bool whole) {
      if (condition && !residual && !probe_rows.empty()) {
        Chunk pairs = gather_pairs(probe, build, probe_rows, build_rows, &condition_columns);
        Vector passed = evaluate(*condition, pairs);
        std::size_t kept = 0;
        for (std::size_t p = 0; p < probe_rows.size(); ++p) {
          bool keep = !passed.nulls[p] && passed.ints[p] != 0;
          // x < ANY (q): an unknown comparison makes a "no" answer unknown.
          if (passed.nulls[p] && join.null_aware) unknown[probe_rows[p]] = 1;
          if (keep) {
            probe_rows[kept] = probe_rows[p];
            build_rows[kept] = build_rows[p];
            ++kept;
          }
        }
        probe_rows.resize(kept);
        build_rows.resize(kept);
      }
      if (kind == JoinKind::kInner) {
        if (whole) {
          if (!probe_rows.empty()) sink(output_pairs(std::move(probe), build, probe_rows, build_rows), partition);
          return true;
        }
        if (!probe_rows.empty()) sink(gather_pairs(probe, build, probe_rows, build_rows, nullptr), partition);
        return false;
      }
      for (std::uint32_t row : probe_rows) matched[row] = 1;
      if (kind == JoinKind::kFull) {
        for (std::uint32_t row : build_rows) build_matched[row].store(1, std::memory_order_relaxed);
      }
      if (kind == JoinKind::kLeft || kind == JoinKind::kFull) {
        if (whole) {
          for (std::uint32_t i = 0; i < count; ++i) {
            if (!matched[i]) {
              probe_rows.push_back(i);
              build_rows.push_back(kNoRow);
            }
          }
          sink(output_pairs(std::move(probe), build, probe_rows, build_rows), partition);
          return true;
        }
        if (!probe_rows.empty()) sink(gather_pairs(probe, build, probe_rows, build_rows, nullptr), partition);
      }
      return false;
    };

    // Semi, anti and mark joins without keys or condition only ask whether
    // the build side has rows at all; with keys and no condition, or one
    // tested in the probe loop, whether a row matches: no pairs at all.
    bool trivially = filtering && !keyed && !condition;
    if (trivially) {
      std::fill(matched.begin(), matched.end(), build.size > 0 ? 1 : 0);
    } else if (keyed && filtering && (residual || !condition)) {
      if (residual) {
        table.mark_matches_if(keys, count, scratch.table, passes, matched);
      } else {
        table.mark_matches(keys, count, scratch.table, matched);
      }
    } else {
      if (keyed) {
        // Steps of at most about kMaxPairsPerStep pairs bound the memory a
        // chunk takes when its keys have many build rows each.
        constexpr std::size_t kMaxPairsPerStep = std::size_t{1} << 16;
        table.prepare_probe(keys, count, scratch.table);
        for (std::size_t next = 0; next < count;) {
          check_interrupt(interrupt_);
          const std::size_t from = next;
          probe_rows.clear();
          build_rows.clear();
          next = residual ? table.collect_matches(keys, count, scratch.table, from, kMaxPairsPerStep, passes,
                                                  probe_rows, build_rows)
                          : table.collect_matches(keys, count, scratch.table, from, kMaxPairsPerStep, any_pair,
                                                  probe_rows, build_rows);
          if (take_pairs(from == 0 && next >= count)) return;
        }
      } else {
        for (std::uint32_t i = 0; i < count; ++i) {
          for (std::uint32_t j = 0; j < build.size; ++j) {
            probe_rows.push_back(i);
            build_rows.push_back(j);
          }
        }
        if (take_pairs(true)) return;
      }
      if (kind == JoinKind::kInner) return;
      if (kind == JoinKind::kLeft || kind == JoinKind::kFull) {
        // The rows no step matched, after the steps' pairs.
        probe_rows.clear();
        build_rows.clear();
        for (std::uint32_t i = 0; i < count; ++i) {
          if (!matched[i]) {
            probe_rows.push_back(i);
            build_rows.push_back(kNoRow);
          }
        }
        if (!probe_rows.empty()) sink(gather_pairs(probe, build, probe_rows, build_rows, nullptr), partition);
        return;
      }
    }
    // Semi, anti, mark: the answer per probe row, with IN's NULL rules when null_aware.
    auto& mark_null = scratch.mark_null;
    mark_null.assign(count, 0);
    if (join.null_aware && build.size > 0) {
      for (std::uint32_t i = 0; i < count; ++i) {
        if (matched[i]) continue;
        bool probe_null = false;
        for (const Vector* key : keys) probe_null = probe_null || key->nulls[i];
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
    auto& keep = scratch.keep;
    keep.resize(count);
    bool all = true;
    for (std::size_t i = 0; i < count; ++i) {
      keep[i] = kind == JoinKind::kSemi ? matched[i] : (!matched[i] && !mark_null[i]);
      all = all && keep[i];
    }
    if (all) {
      if (count > 0) sink(std::move(probe), partition);
      return;
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

// Semi and anti joins build on whichever side is expected to be smaller: when
// it is the probe side, its rows are hashed and flagged as the build side's
// rows stream past, so the larger side is never held whole.
bool PlanExecutor::hashes_probe_side(const planner::JoinNode& join) const {
  // NOT IN's NULL rules need every probe row's unknown answers (IN's need
  // none: unknown drops a row as false does); ordered output keeps the probe
  // side streaming in order.
  bool semi_or_anti = join.kind == JoinKind::kSemi || (join.kind == JoinKind::kAnti && !join.null_aware);
  return semi_or_anti && !join.probe_keys.empty() && ordered_ == nullptr &&
         join.probe->estimated_rows < join.build->estimated_rows;
}

void PlanExecutor::stream_join_hashing_probe_side(const planner::JoinNode& join, const Sink& sink) {
  OperatorMemory memory(memory_, "HashJoin");
  std::vector<Chunk> probe_chunks = collect(*join.probe, memory);
  charge_concatenation(memory, probe_chunks);
  std::size_t probe_rows_total = 0;
  for (const auto& chunk : probe_chunks) probe_rows_total += chunk.size;
  // The table (as in stream_join) and a flag per probe row.
  memory.add(static_cast<std::int64_t>(probe_rows_total * (33 + 24 * join.probe_keys.size())));
  JoinHashTable table(concatenate(std::move(probe_chunks), join.probe->types), prepare(join.probe_keys));
  const Chunk& probe = table.rows();
  std::vector<BoundExpression> build_keys = prepare(join.build_keys);
  std::optional<BoundExpression> condition = prepare(join.condition);
  std::vector<std::uint8_t> condition_columns;
  std::optional<JoinResidual> residual;
  if (condition) {
    condition_columns = columns_read(*condition, join.probe->types.size() + join.build->types.size());
    residual = JoinResidual::of(*condition, join.probe->types.size());
  }
  std::vector<std::atomic<std::uint8_t>> matched(probe.size);
  for (auto& flag : matched) flag.store(0, std::memory_order_relaxed);
  tbb::enumerable_thread_specific<JoinProbeScratch> scratches;
  check_interrupt(interrupt_);
  if (probe.size > 0) {
    NotTheOutput input(ordered_);
    stream(*join.build, [&](Chunk&& build, std::size_t) {
      check_interrupt(interrupt_);
      JoinProbeScratchLease lease(scratches.local());
      JoinProbeScratch& scratch = lease.scratch();
      join_key_vectors(build_keys, build, scratch.evaluated_keys, scratch.keys);
      auto& build_rows = scratch.probe_rows;  // the streamed rows: this table's probes
      auto& probe_rows = scratch.build_rows;
      build_rows.clear();
      probe_rows.clear();
      // Flags a probe row at its first passing pair; later pairs of a flagged row are skipped.
      auto unflagged = [&](std::uint32_t row) { return matched[row].load(std::memory_order_relaxed) == 0; };
      auto flag = [&](std::uint32_t row) { matched[row].store(1, std::memory_order_relaxed); };
      if (residual) {
        if (!scratch.residual) scratch.residual = residual;
        scratch.residual->bind(probe, build);
        table.find_matches_if(
            scratch.keys, build.size, scratch.table,
            [&](std::size_t build_row, std::uint32_t probe_row) {
              if (unflagged(probe_row) && scratch.residual->passes(probe_row, build_row)) flag(probe_row);
              return false;
            },
            build_rows, probe_rows);
        return;
      }
      if (!condition) {
        table.find_matches_if(
            scratch.keys, build.size, scratch.table,
            [&](std::size_t, std::uint32_t probe_row) {
              if (unflagged(probe_row)) flag(probe_row);
              return false;
            },
            build_rows, probe_rows);
        return;
      }
      // Steps bound the pairs held at once, as in stream_join.
      constexpr std::size_t kMaxPairsPerStep = std::size_t{1} << 16;
      table.prepare_probe(scratch.keys, build.size, scratch.table);
      for (std::size_t next = 0; next < build.size;) {
        build_rows.clear();
        probe_rows.clear();
        next = table.collect_matches(scratch.keys, build.size, scratch.table, next, kMaxPairsPerStep,
                                     [&](std::size_t, std::uint32_t probe_row) { return unflagged(probe_row); },
                                     build_rows, probe_rows);
        if (probe_rows.empty()) continue;
        Chunk pairs = gather_pairs(probe, build, probe_rows, build_rows, &condition_columns);
        Vector passed = evaluate(*condition, pairs);
        for (std::size_t p = 0; p < probe_rows.size(); ++p) {
          if (!passed.nulls[p] && passed.ints[p] != 0) flag(probe_rows[p]);
        }
      }
    });
  }
  bool semi = join.kind == JoinKind::kSemi;
  auto& keep = scratches.local().keep;
  keep.resize(probe.size);
  for (std::size_t i = 0; i < probe.size; ++i) keep[i] = (matched[i].load(std::memory_order_relaxed) != 0) == semi;
  Chunk out = select_rows(probe, keep);
  charge_arrays(memory, out);
  stream_slices(std::move(out), sink);
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
