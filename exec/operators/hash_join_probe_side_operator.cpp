// The semi/anti hash join that hashes its probe side: used when that side is
// expected to be the smaller one.
#include "exec/plan_executor.h"

#include <atomic>
#include <optional>
#include <utility>

#include <tbb/enumerable_thread_specific.h>

#include "exec/evaluate.h"
#include "exec/join_hash_table.h"
#include "exec/join_pairs.h"
#include "exec/join_residual.h"
#include "exec/operators/operator_support.h"
#include "exec/selection_filter.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::JoinKind;

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
  // The table (as in hash_join_operator.cpp) and a flag per probe row.
  std::vector<Chunk> probe_chunks = collect(*join.probe, memory);
  JoinHashTable table = hash_join_rows(std::move(probe_chunks), join.probe->types,
                                       prepare(join.probe_keys), memory, 33);
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
    // A streamed row whose key no probe row has marks nothing: its scan drops it.
    KeyFilterGuard key_filter = push_key_filter(join.build, join.build_keys, join.probe_keys, probe);
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
      // Steps bound the pairs held at once, as in hash_join_operator.cpp.
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

}  // namespace ptreedb::exec
