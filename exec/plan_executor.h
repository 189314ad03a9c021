// Runs an operator tree as parallel map-reduce. Pipelines (scan, filter,
// project, the probe side of joins) stream chunks from many tasks at once into
// a sink; joins' build sides, aggregations, sorts and set operations collect
// their input first, then stream their result in slices.
#pragma once

#include <cstddef>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "exec/interrupt_token.h"
#include "exec/join_key_filter.h"
#include "exec/ordered_delivery.h"
#include "exec/memory_budget.h"
#include "exec/plan_statistics.h"
#include "exec/progressive_approximation.h"
#include "exec/read_recording.h"
#include "exec/vector.h"
#include "planner/plan.h"

namespace ptreedb::exec {

class PlanExecutor {
 public:
  // Receives chunks concurrently; chunks of one partition arrive in order,
  // and partitions are numbered in the order of the output they make up.
  using Sink = std::function<void(Chunk&&, std::size_t partition)>;

  void stream(const planner::PlanNode& node, const Sink& sink);
  // Every output chunk, in partition order; charged to the process memory
  // budget while they accumulate (53200 past it).
  std::vector<Chunk> collect(const planner::PlanNode& node);
  // The same, charged to `memory` (an operator that keeps them).
  std::vector<Chunk> collect(const planner::PlanNode& node, OperatorMemory& memory);
  // The output in order to `sink` while it is produced: the scan or slices
  // feeding it run in waves of a few morsels, so at most one wave is held
  // back. Returns the number of rows.
  std::size_t stream_in_order(const planner::PlanNode& node, RowSink& sink);

  // Expressions ready to evaluate: scalar subqueries run (once per
  // executor), constants folded. Operators prepare theirs; so does a
  // statement evaluating expressions over rows it assembles itself.
  planner::BoundExpression prepare(const planner::BoundExpression& expr);
  std::optional<planner::BoundExpression> prepare(const std::optional<planner::BoundExpression>& expr);
  std::vector<planner::BoundExpression> prepare(const std::vector<planner::BoundExpression>& exprs);
  // Aggregate calls with their argument, separator, FILTER and ORDER BY prepared.
  std::vector<planner::AggregateCall> prepare(std::vector<planner::AggregateCall> calls);

 private:
  planner::Constant scalar_subquery(const planner::SelectPlan& plan);

  // Dispatches on the node's kind to its operator (exec/operators/). Out of
  // line from stream(): a chain of set operations recurses through both once
  // per level, and the frames stay small.
  void stream_operator(const planner::PlanNode& node, const Sink& sink);
  // One overload per physical operator, each in exec/operators/<name>_operator.cpp.
  // stream_operator visits every alternative of planner::PlanNode::op without
  // a fallback: a node kind without an overload here does not compile.
  void run_operator(const planner::PlanNode& node, const planner::ScanNode& scan, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::ValuesNode& values, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::FilterNode& filter, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::ProjectNode& project, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::JoinNode& join, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::AggregateNode& aggregate, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::SortNode& sort, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::WindowNode& window, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::SetOperationNode& set, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::FunctionScanNode& function, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::OuterValuesNode& outer, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::RecursiveUnionNode& recursive, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::WorkTableScanNode& work_table, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::CteScanNode& scan, const Sink& sink);
  void run_operator(const planner::PlanNode& node, const planner::LateralJoinNode& lateral, const Sink& sink);
  // Whether node kind Op has its overload (checked in stream_operator).
  template <class Op>
  static constexpr bool has_operator = requires(PlanExecutor& executor, const planner::PlanNode& node, const Op& op,
                                                const Sink& sink) { executor.run_operator(node, op, sink); };
  // A scan with TABLESAMPLE: only the rows drawn are read (sample_scan_operator.cpp).
  void run_sample_scan(const planner::PlanNode& node, const planner::ScanNode& scan, const Sink& sink);
  // GROUP BY with grouping sets: one aggregation per set over one pass of the
  // input (grouping_sets_aggregate_operator.cpp).
  void run_grouping_sets(const planner::PlanNode& node, const planner::AggregateNode& aggregate, const Sink& sink);
  // A join that reads one side by primary-key lookups (primary_key_lookup_join.cpp).
  void run_lookup_join(const planner::JoinNode& join, const Sink& sink);
  // The semi/anti join variant that hashes the probe side (hash_join_probe_side_operator.cpp).
  bool hashes_probe_side(const planner::JoinNode& join) const;
  void stream_join_hashing_probe_side(const planner::JoinNode& join, const Sink& sink);
  // Key filters (exec/join_key_filter.h): a hash join whose hashed side is
  // ready hands a filter of its keys down the streamed side, to the scan
  // whose rows reach the join's key column unchanged, for as long as the
  // returned guard lives (exec/operators/join_key_filter_pushdown.cpp).
  class KeyFilterGuard {
   public:
    KeyFilterGuard() = default;
    KeyFilterGuard(PlanExecutor* executor, const planner::PlanNode* scan, const JoinKeyFilter* filter)
        : executor_(executor), scan_(scan), filter_(filter) {}
    KeyFilterGuard(KeyFilterGuard&& other) noexcept
        : executor_(std::exchange(other.executor_, nullptr)), scan_(other.scan_), filter_(other.filter_) {}
    KeyFilterGuard& operator=(KeyFilterGuard&&) = delete;
    ~KeyFilterGuard();

   private:
    PlanExecutor* executor_ = nullptr;
    const planner::PlanNode* scan_ = nullptr;
    const JoinKeyFilter* filter_ = nullptr;
  };
  // Only for joins where a streamed row without a match has no effect (inner
  // and semi joins; a streamed build side that only marks the rows it
  // matches). Pushes nothing when no such scan or integer key column exists.
  KeyFilterGuard push_key_filter(const planner::PlanPtr& streamed, const std::vector<planner::BoundExpression>& streamed_keys,
                                 const std::vector<planner::BoundExpression>& hashed_keys, const Chunk& hashed_rows);
  std::vector<ScanKeyFilter> key_filters_for(const planner::PlanNode& scan);
  // What an operator that holds its result whole emits: slices of it, in parallel.
  void stream_slices(Chunk chunk, const Sink& sink);
  // Runs `task(i)` for i in [0, count) in parallel; when streaming in order,
  // in waves, each wave's partitions delivered before the next starts.
  // Defined in exec/operators/run_partitions.h (oneTBB stays out of this header).
  template <class Task>
  void run_partitions(std::size_t count, const Task& task);

  // A LIMIT without ORDER BY over a recursive union (through filters and
  // projections only): the union stops once the LIMIT has what it keeps,
  // so a recursion that never ends by itself can be read in part.
  struct RowGoal {
    std::size_t wanted = 0;
    std::atomic<std::size_t> received{0};
  };
  // The recursive union whose rows reach `node` unchanged in order, if any.
  static const planner::PlanNode* recursive_union_below(const planner::PlanNode& node);
  // collect(), also counting the rows in `received` (may be null) as they come.
  std::vector<Chunk> collect_into(const planner::PlanNode& node, OperatorMemory& memory,
                                  std::atomic<std::size_t>* received);

  // The rows each running recursive union's last round added, by work table.
  std::map<std::uint64_t, const std::vector<Chunk>*> work_tables_;
  std::map<const planner::PlanNode*, const RowGoal*> row_goals_;
  // Guards both maps: operators below joins may start on parallel tasks.
  std::mutex recursion_mutex_;
  std::map<const planner::SelectPlan*, planner::Constant> subquery_results_;
  // A LATERAL subquery's run: the values its references to the left rows
  // (kOuterColumn) stand for, by reference; prepare() puts them in.
  const std::vector<std::optional<planner::Constant>>* parameter_values_ = nullptr;
  std::mutex key_filters_mutex_;
  std::map<const planner::PlanNode*, std::vector<ScanKeyFilter>> key_filters_;
  PlanStatistics* statistics_ = active_plan_statistics();  // set only under EXPLAIN ANALYZE
  // Checked between morsels, probe chunks and merges (exec/interrupt_token.h).
  const InterruptToken* interrupt_ = current_interrupt_token();
  // The statement's memory tracker (exec/memory_budget.h); null: untracked.
  QueryMemory* memory_ = current_query_memory();
  // SERIALIZABLE: where scans report the key ranges they read (exec/read_recording.h).
  ReadRecorder* reads_ = current_read_recorder();
  // The online approximation's round (exec/progressive_approximation.h): where
  // aggregations note their estimates' relative errors; null outside it.
  ApproximationReport* approximation_ = current_approximation_report();
  // Set while stream_in_order runs the output pipeline (not while inputs
  // of joins, sorts and aggregates are collected).
  OrderedDelivery* ordered_ = nullptr;
};

}  // namespace ptreedb::exec
