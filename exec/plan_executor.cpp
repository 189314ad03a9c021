// The machinery every operator shares: expressions prepared (scalar
// subqueries run once), streaming with EXPLAIN ANALYZE counters, collecting,
// ordered delivery, and the dispatch to the operators in exec/operators/.
#include "exec/plan_executor.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "exec/chunk_memory.h"
#include "exec/evaluate.h"
#include "exec/operators/operator_support.h"
#include "exec/operators/run_partitions.h"
#include "storage/sql_error.h"
#include "storage/stack_depth.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::ExprKind;
using planner::PlanNode;


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
  const bool binds = parameter_values_ != nullptr && expr.contains(ExprKind::kOuterColumn);
  if (!binds && !expr.contains(ExprKind::kSubquery)) return fold_constants(expr);
  if (expr.kind == ExprKind::kOuterColumn) {
    if (expr.column >= parameter_values_->size() || !(*parameter_values_)[expr.column]) {
      throw SqlError(sqlstate::kFeatureNotSupported, "this reference to a LATERAL item is not supported yet");
    }
    BoundExpression constant;
    constant.kind = ExprKind::kConstant;
    constant.type = expr.type;
    constant.constant = *(*parameter_values_)[expr.column];
    return constant;
  }
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

std::vector<planner::AggregateCall> PlanExecutor::prepare(std::vector<planner::AggregateCall> calls) {
  for (auto& call : calls) {
    call.argument = prepare(call.argument);
    call.separator = prepare(call.separator);
    call.filter = prepare(call.filter);
    for (auto& key : call.order) key.expression = prepare(key.expression);
  }
  return calls;
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


std::vector<Chunk> PlanExecutor::collect(const PlanNode& node) {
  OperatorMemory memory(memory_, "ExecutorState", false);
  return collect(node, memory);
}

std::vector<Chunk> PlanExecutor::collect(const PlanNode& node, OperatorMemory& memory) {
  return collect_into(node, memory, nullptr);
}

std::vector<Chunk> PlanExecutor::collect_into(const PlanNode& node, OperatorMemory& memory,
                                              std::atomic<std::size_t>* received) {
  NotTheOutput input(ordered_);
  std::mutex mutex;
  std::map<std::size_t, std::vector<Chunk>> partitions;
  ChunkFootprint footprint;
  stream(node, [&](Chunk&& chunk, std::size_t partition) {
    if (chunk.size == 0) return;
    std::lock_guard lock(mutex);
    if (received != nullptr) received->fetch_add(chunk.size, std::memory_order_relaxed);
    memory.add(footprint.add(chunk));
    std::vector<Chunk>& kept = partitions[partition];
    if (!packed_onto_last(kept, chunk)) kept.push_back(std::move(chunk));
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

// Each node kind goes to its run_operator overload. There is no generic
// fallback: a kind added to planner::PlanNode without an operator stops this
// file from compiling, here with a message, and again at the visit below.
// Out of line from stream(): a chain of set operations recurses through both
// once per level, and the frames stay as small as before.
[[gnu::noinline]] void PlanExecutor::stream_operator(const PlanNode& node, const Sink& sink) {
  constexpr auto every_kind = []<class... Ops>(std::type_identity<std::variant<Ops...>>) {
    return (has_operator<Ops> && ...);
  };
  static_assert(every_kind(std::type_identity<decltype(PlanNode::op)>{}),
                "a plan node kind has no run_operator overload (exec/operators/)");
  std::visit([&](const auto& op) { run_operator(node, op, sink); }, node.op);
}

}  // namespace ptreedb::exec
