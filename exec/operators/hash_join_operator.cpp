// Hash join: the build side collected and hashed (exec/join_hash_table), the
// probe side streamed past it in its own pipeline. Inner, left, right (the
// build side preserved), full, semi, anti and mark joins; semi and anti joins whose probe side is the smaller
// one hash that side instead (hash_join_probe_side_operator.cpp).
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <algorithm>
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
using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode& node, const planner::JoinNode& join, const Sink& sink) {
  if (join.lookup != planner::JoinNode::Lookup::kNone) {
    run_lookup_join(join, sink);
    return;
  }
  if (hashes_probe_side(join)) {
    stream_join_hashing_probe_side(join, sink);
    return;
  }
  OperatorMemory memory(memory_, "HashJoin");
  // The hash table: a tag and a row index per entry, a bucket offset per row,
  // and while it is built the rows' tags and partition order.
  std::vector<Chunk> build_chunks = collect(*join.build, memory);
  JoinHashTable table = hash_join_rows(std::move(build_chunks), join.build->types,
                                       prepare(join.build_keys), memory, 32);
  std::vector<BoundExpression> probe_keys = prepare(join.probe_keys);
  std::optional<BoundExpression> condition = prepare(join.condition);
  const Chunk& build = table.rows();
  bool keyed = !probe_keys.empty();
  JoinKind kind = join.kind;
  // A probe row whose key no build row has leaves an inner or semi join: its scan drops it.
  KeyFilterGuard key_filter = kind == JoinKind::kInner || kind == JoinKind::kSemi || kind == JoinKind::kRight
                                  ? push_key_filter(join.probe, join.probe_keys, join.build_keys, build)
                                  : KeyFilterGuard();
  bool filtering = kind == JoinKind::kSemi || kind == JoinKind::kAnti || kind == JoinKind::kMark;
  const bool preserves_build = kind == JoinKind::kFull || kind == JoinKind::kRight;
  std::vector<std::atomic<std::uint8_t>> build_matched(preserves_build ? build.size : 0);
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
      if (kind == JoinKind::kRight) {
        for (std::uint32_t row : build_rows) build_matched[row].store(1, std::memory_order_relaxed);
      }
      if (kind == JoinKind::kInner || kind == JoinKind::kRight) {
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
      if (kind == JoinKind::kInner || kind == JoinKind::kRight) return;
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

  if (preserves_build) {
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


namespace {

std::string join_kind_name(const planner::JoinNode& join) {
  bool hashed = !join.probe_keys.empty() && join.lookup == planner::JoinNode::Lookup::kNone;
  const char* kind = "";
  switch (join.kind) {
    case JoinKind::kInner: kind = ""; break;
    case JoinKind::kLeft: kind = " Left"; break;
    case JoinKind::kFull: kind = " Full"; break;
    case JoinKind::kRight: kind = " Right"; break;
    case JoinKind::kSemi: kind = " Semi"; break;
    case JoinKind::kAnti: kind = " Anti"; break;
    case JoinKind::kMark: kind = " Mark"; break;
  }
  return std::string(hashed ? "Hash" : "Nested Loop") + kind + (hashed || *kind ? " Join" : "");
}

}  // namespace

// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::JoinNode& join) {
  Labels labels = labels_of(*join.probe);
  if (join.kind == JoinKind::kInner || join.kind == JoinKind::kLeft || join.kind == JoinKind::kFull ||
      join.kind == JoinKind::kRight) {
    const Labels& build = labels_of(*join.build);
    labels.insert(labels.end(), build.begin(), build.end());
  } else if (join.kind == JoinKind::kMark) {
    labels.push_back({"mark", "mark"});
  }
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::JoinNode& join, const NodeLines& at) {
  title(at, join_kind_name(join), node);
  const Labels& probe = labels_of(*join.probe);
  const Labels& build = labels_of(*join.build);
  if (join.lookup != planner::JoinNode::Lookup::kNone) {
    // The other side, then the table read by lookups of its keys.
    if (join.condition) {
      Labels both = probe;
      both.insert(both.end(), build.begin(), build.end());
      print_line(at.details, "Join Filter: " + shown(*join.condition, both, at.qualified));
    }
    print_subqueries(at.details);
    print_node(join.lookup == planner::JoinNode::Lookup::kBuild ? *join.probe : *join.build, at.details, true);
    print_lookup_side(join, at.details);
    return;
  }
  if (!join.probe_keys.empty()) {
    std::vector<std::string> pairs;
    for (std::size_t k = 0; k < join.probe_keys.size(); ++k) {
      // Appended piece by piece: GCC 12 warns (-Wrestrict, falsely) on "(" + ... here.
      std::string pair = "(";
      pair += shown(join.probe_keys[k], probe, at.qualified);
      pair += " = ";
      pair += shown(join.build_keys[k], build, at.qualified);
      pair += ")";
      pairs.push_back(std::move(pair));
    }
    std::string condition = pairs.size() == 1 ? pairs[0] : "(";
    for (std::size_t k = 0; pairs.size() > 1 && k < pairs.size(); ++k) {
      condition += (k > 0 ? " AND " : "") + pairs[k];
    }
    if (pairs.size() > 1) condition += ")";
    print_line(at.details, "Hash Cond: " + condition);
  }
  if (join.condition) {
    Labels both = probe;
    both.insert(both.end(), build.begin(), build.end());
    print_line(at.details, "Join Filter: " + shown(*join.condition, both, at.qualified));
  }
  if (join.null_aware) print_line(at.details, "Null Aware: true");
  print_subqueries(at.details);
  print_node(*join.probe, at.details, true);
  print_node(*join.build, at.details, true);
}

}  // namespace ptreedb::exec
