// Hash aggregate: per-task tables (exec/hash_aggregate) filled from the
// input pipeline, merged (partitioned in parallel when the groups are many),
// the groups emitted in slices.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

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

void PlanExecutor::run_operator(const PlanNode& node, const planner::AggregateNode& aggregate, const Sink& sink) {
  if (!aggregate.grouping_sets.empty()) return run_grouping_sets(node, aggregate, sink);
  std::vector<BoundExpression> keys = prepare(aggregate.keys);
  std::vector<planner::AggregateCall> calls = prepare(aggregate.aggregates);
  OperatorMemory memory(memory_, "HashAggregate");
  // Each task's table, and what it has charged so far.
  struct TaskTable {
    std::unique_ptr<AggregationTable> table;
    std::int64_t charged = 0;
  };
  tbb::enumerable_thread_specific<TaskTable> tables(
      [&] { return TaskTable{std::make_unique<AggregationTable>(keys, calls, aggregate.carried_keys), 0}; });
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
      if (approximation_ != nullptr && begin == 0) report_approximation(*approximation_, calls, keys.size(), rows);
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
    TaskTable empty{std::make_unique<AggregationTable>(keys, calls, aggregate.carried_keys), 0};
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
  if (approximation_ != nullptr) report_approximation(*approximation_, calls, keys.size(), groups);
  (void)node;
  stream_slices(std::move(groups), sink);
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::AggregateNode& aggregate) {
  Labels labels;
  const Labels& input = labels_of(*aggregate.input);
  for (const auto& key : aggregate.keys) labels.push_back({shown(key, input, false), shown(key, input, true)});
  for (const auto& call : aggregate.aggregates) {
    labels.push_back({aggregate_text(call, input, false), aggregate_text(call, input, true)});
  }
  for (const auto& call : aggregate.grouping_calls) {
    std::string plain = "GROUPING(", qualified = "GROUPING(";
    for (std::size_t i = 0; i < call.size(); ++i) {
      plain += (i > 0 ? ", " : "") + shown(aggregate.keys[call[i]], input, false);
      qualified += (i > 0 ? ", " : "") + shown(aggregate.keys[call[i]], input, true);
    }
    labels.push_back({plain + ")", qualified + ")"});
  }
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::AggregateNode& aggregate, const NodeLines& at) {
  if (!aggregate.grouping_sets.empty()) return print_grouping_sets(node, aggregate, at);
  title(at, aggregate.keys.empty() ? "Aggregate" : "HashAggregate", node);
  const Labels& input = labels_of(*aggregate.input);
  if (!aggregate.keys.empty()) {
    std::string keys;
    // As PostgreSQL: keys a grouped primary key determines are not shown.
    for (std::size_t k = 0; k < aggregate.keys.size(); ++k) {
      if (!aggregate.carried_keys.empty() && aggregate.carried_keys[k]) continue;
      keys += (keys.empty() ? "" : ", ") + shown(aggregate.keys[k], input, at.qualified);
    }
    print_line(at.details, "Group Key: " + keys);
  }
  labels_of(node);  // finds subqueries in the aggregates' arguments
  print_subqueries(at.details);
  print_node(*aggregate.input, at.details, true);
}

}  // namespace ptreedb::exec
