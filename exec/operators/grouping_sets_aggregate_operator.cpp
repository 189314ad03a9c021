// Aggregation over grouping sets (GROUP BY GROUPING SETS / ROLLUP / CUBE):
// the input is read once and each chunk folds into one aggregation table per
// set (exec/hash_aggregate), each keyed by its set's keys only; the tables
// merge per set, and each set's groups go out in turn with the keys outside
// the set NULL and the GROUPING() bitmasks as constants of the set. An empty
// set is a table without keys: one row even over no input.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <algorithm>
#include <memory>
#include <utility>

#include <tbb/enumerable_thread_specific.h>

#include "exec/aggregate/partitioned_merge.h"
#include "exec/hash_aggregate.h"
#include "exec/operators/operator_support.h"
#include "exec/operators/run_partitions.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::PlanNode;

namespace {

Vector null_vector(const value::SqlType& type, std::size_t count) {
  Vector out(type);
  out.resize(count);
  std::fill(out.nulls.begin(), out.nulls.end(), std::uint8_t{1});
  return out;
}

Vector int4_vector(std::int64_t value, std::size_t count) {
  Vector out(value::SqlType::of(value::TypeId::kInteger));
  out.resize(count);
  std::fill(out.ints.begin(), out.ints.end(), value);
  return out;
}

// GROUPING(args) for rows of `set`: a bit per argument, the first highest,
// set when the set does not group by that argument.
std::int64_t grouping_bits(const std::vector<std::size_t>& call, const std::vector<std::size_t>& set) {
  std::int64_t bits = 0;
  for (std::size_t key : call) {
    bool grouped = std::find(set.begin(), set.end(), key) != set.end();
    bits = (bits << 1) | (grouped ? 0 : 1);
  }
  return bits;
}

}  // namespace

void PlanExecutor::run_grouping_sets(const PlanNode& node, const planner::AggregateNode& aggregate, const Sink& sink) {
  std::vector<BoundExpression> keys = prepare(aggregate.keys);
  std::vector<planner::AggregateCall> calls = prepare(aggregate.aggregates);
  const auto& sets = aggregate.grouping_sets;
  // Each set's key expressions; the tables keep references to them.
  std::vector<std::vector<BoundExpression>> set_keys(sets.size());
  for (std::size_t s = 0; s < sets.size(); ++s) {
    for (std::size_t key : sets[s]) set_keys[s].push_back(keys[key]);
  }
  OperatorMemory memory(memory_, "MixedAggregate");
  // Each task's tables, one per set, and what they have charged so far.
  struct TaskTables {
    std::vector<std::unique_ptr<AggregationTable>> tables;
    std::int64_t charged = 0;
  };
  auto make_tables = [&] {
    TaskTables task;
    for (const auto& set : set_keys) task.tables.push_back(std::make_unique<AggregationTable>(set, calls));
    return task;
  };
  auto charge_growth = [&](TaskTables& task) {
    std::int64_t now = 0;
    for (const auto& table : task.tables) now += table->approximate_bytes();
    if (now > task.charged) {
      memory.add(now - task.charged);
      task.charged = now;
    }
  };
  tbb::enumerable_thread_specific<TaskTables> tasks(make_tables);
  {
    NotTheOutput input(ordered_);
    stream(*aggregate.input, [&](Chunk&& chunk, std::size_t) {
      TaskTables& task = tasks.local();
      for (auto& table : task.tables) table->consume(chunk);
      charge_growth(task);
    });
  }
  // Each set's group rows: one chunk, or one per partition when many groups
  // merge in parallel (as a plain hash aggregate merges them).
  std::vector<std::pair<std::size_t, Chunk>> parts;  // set, its group rows
  for (std::size_t s = 0; s < sets.size(); ++s) {
    std::vector<std::unique_ptr<AggregationTable>> tables;
    std::size_t total_groups = 0;
    for (auto& task : tasks) {
      total_groups += task.tables[s]->group_count();
      tables.push_back(std::move(task.tables[s]));
    }
    if (tables.size() > 1 && total_groups >= kPartitionedMergeGroups) {
      for (auto& rows : merge_partitioned(std::move(tables), set_keys[s], calls, memory,
                                          [&] { check_interrupt(interrupt_); })) {
        parts.emplace_back(s, std::move(rows));
      }
      continue;
    }
    // Into the first task's table (already charged), or a new one when no
    // input reached any task.
    std::unique_ptr<AggregationTable> result =
        tables.empty() ? std::make_unique<AggregationTable>(set_keys[s], calls) : std::move(tables[0]);
    std::int64_t charged = result->approximate_bytes();
    for (std::size_t t = 1; t < tables.size(); ++t) {
      check_interrupt(interrupt_);
      result->merge(*tables[t]);
      tables[t].reset();
    }
    memory.add(std::max<std::int64_t>(0, result->approximate_bytes() - charged));
    parts.emplace_back(s, result->finish());
  }
  // The output rows of each part: every key (NULL outside the set), the
  // aggregates, the GROUPING() bitmasks.
  std::vector<Chunk> outputs;
  for (auto& [s, groups] : parts) {
    Chunk out;
    out.size = groups.size;
    for (std::size_t k = 0; k < keys.size(); ++k) {
      auto at = std::find(sets[s].begin(), sets[s].end(), k);
      out.columns.push_back(at == sets[s].end() ? null_vector(keys[k].type, out.size)
                                                : std::move(groups.columns[at - sets[s].begin()]));
    }
    for (std::size_t a = 0; a < calls.size(); ++a) out.columns.push_back(std::move(groups.columns[sets[s].size() + a]));
    for (const auto& call : aggregate.grouping_calls) {
      out.columns.push_back(int4_vector(grouping_bits(call, sets[s]), out.size));
    }
    charge_arrays(memory, out);
    outputs.push_back(std::move(out));
  }
  // Every part's rows go out in slices, all numbered in one sequence.
  std::vector<std::pair<std::size_t, std::size_t>> slices;  // part, first row
  for (std::size_t p = 0; p < outputs.size(); ++p) {
    for (std::size_t begin = 0; begin < outputs[p].size; begin += kMorselRows) slices.emplace_back(p, begin);
  }
  if (slices.empty()) return stream_slices(concatenate({}, node.types), sink);
  run_partitions(slices.size(), [&](std::size_t index) {
    check_interrupt(interrupt_);
    const auto [p, begin] = slices[index];
    sink(slice(outputs[p], begin, std::min(outputs[p].size, begin + kMorselRows)), index);
  });
}

// EXPLAIN: as PostgreSQL shows hashed grouping sets, a "Hash Key" line per
// set and "Group Key: ()" for an empty one (MixedAggregate when both occur).
void PlanPrinter::print_grouping_sets(const PlanNode& node, const planner::AggregateNode& aggregate,
                                      const NodeLines& at) {
  const auto& sets = aggregate.grouping_sets;
  bool any_empty = std::any_of(sets.begin(), sets.end(), [](const auto& set) { return set.empty(); });
  bool all_empty = std::all_of(sets.begin(), sets.end(), [](const auto& set) { return set.empty(); });
  title(at, all_empty ? "GroupAggregate" : any_empty ? "MixedAggregate" : "HashAggregate", node);
  const Labels& input = labels_of(*aggregate.input);
  // Larger sets first, as PostgreSQL lists a rollup's.
  for (auto set = sets.rbegin(); set != sets.rend(); ++set) {
    if (set->empty()) continue;
    std::string keys;
    for (std::size_t k = 0; k < set->size(); ++k) {
      keys += (k > 0 ? ", " : "") + shown(aggregate.keys[(*set)[k]], input, at.qualified);
    }
    print_line(at.details, "Hash Key: " + keys);
  }
  for (const auto& set : sets) {
    if (set.empty()) print_line(at.details, "Group Key: ()");
  }
  labels_of(node);  // finds subqueries in the aggregates' arguments
  print_subqueries(at.details);
  print_node(*aggregate.input, at.details, true);
}

}  // namespace ptreedb::exec
