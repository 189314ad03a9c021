// Recursive Union (WITH RECURSIVE): the non-recursive term's rows, then
// rounds of the recursive term over the rows the previous round added (the
// work table its WorkTableScan reads) until a round adds none. UNION keeps
// a round's row only when no equal row came before; UNION ALL keeps all.
// Only the last round and, for UNION, the keys seen are held, charged to the
// statement's memory (not work_mem: PostgreSQL's in-memory table is not
// bounded by it either), so a recursion that never ends runs into the
// memory limit, statement_timeout or a cancel, checked every round.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <memory>
#include <string>
#include <unordered_set>
#include <utility>

#include "exec/chunk_memory.h"
#include "exec/operators/operator_support.h"

namespace ptreedb::exec {

using planner::PlanNode;

const PlanNode* PlanExecutor::recursive_union_below(const PlanNode& node) {
  const PlanNode* current = &node;
  while (true) {
    if (std::holds_alternative<planner::RecursiveUnionNode>(current->op)) return current;
    if (const auto* filter = std::get_if<planner::FilterNode>(&current->op)) {
      current = filter->input.get();
    } else if (const auto* project = std::get_if<planner::ProjectNode>(&current->op)) {
      current = project->input.get();
    } else {
      return nullptr;
    }
  }
}

namespace {

// A round's new rows: those whose key is not among the keys seen (UNION),
// or all of them (UNION ALL). `memory` is charged what the seen keys grow by.
std::vector<Chunk> new_rows(std::vector<Chunk> chunks, std::unordered_set<std::string>* seen,
                            OperatorMemory& memory) {
  if (seen == nullptr) return chunks;
  std::vector<Chunk> kept;
  for (auto& chunk : chunks) {
    std::vector<std::uint32_t> rows;
    std::int64_t added = 0;
    for (std::uint32_t i = 0; i < chunk.size; ++i) {
      std::string key;
      for (const auto& column : chunk.columns) append_key_bytes(key, column, i);
      std::size_t capacity = key.capacity();
      if (seen->insert(std::move(key)).second) {
        rows.push_back(i);
        added += static_cast<std::int64_t>(capacity + 64);  // a node, its hash and the string
      }
    }
    memory.add(added);
    if (rows.size() == chunk.size) {
      kept.push_back(std::move(chunk));
    } else if (!rows.empty()) {
      kept.push_back(gather_rows(chunk, rows));
    }
  }
  return kept;
}

}  // namespace

void PlanExecutor::run_operator(const PlanNode& node, const planner::RecursiveUnionNode& recursive, const Sink& sink) {
  OperatorMemory seen_memory(memory_, "RecursiveUnion", false);
  std::unordered_set<std::string> seen;
  std::unordered_set<std::string>* dedup = recursive.all ? nullptr : &seen;
  const RowGoal* row_goal = nullptr;
  const std::vector<Chunk>* saved = nullptr;
  {
    std::lock_guard lock(recursion_mutex_);
    auto goal = row_goals_.find(&node);
    if (goal != row_goals_.end()) row_goal = goal->second;
    auto previous = work_tables_.find(recursive.work_table);
    if (previous != work_tables_.end()) saved = previous->second;
  }
  auto set_work_table = [&](const std::vector<Chunk>* rows) {
    std::lock_guard lock(recursion_mutex_);
    if (rows != nullptr) {
      work_tables_[recursive.work_table] = rows;
    } else {
      work_tables_.erase(recursive.work_table);
    }
  };

  // Each round's rows are held (and charged) while the next round reads them.
  auto round_memory = std::make_unique<OperatorMemory>(memory_, "RecursiveUnion", false);
  std::vector<Chunk> work = new_rows(collect(*recursive.left, *round_memory), dedup, seen_memory);
  std::size_t partition = 0;
  try {
    while (!work.empty()) {
      for (const auto& chunk : work) {
        Chunk copy = chunk;
        sink(std::move(copy), partition++);
        if (ordered_ != nullptr) ordered_->complete_below(partition);
      }
      check_interrupt(interrupt_);
      if (row_goal != nullptr && row_goal->received.load(std::memory_order_relaxed) >= row_goal->wanted) break;
      set_work_table(&work);
      auto next_memory = std::make_unique<OperatorMemory>(memory_, "RecursiveUnion", false);
      std::vector<Chunk> next = new_rows(collect(*recursive.right, *next_memory), dedup, seen_memory);
      work = std::move(next);
      round_memory = std::move(next_memory);  // the previous round's charge is given back
    }
  } catch (...) {
    set_work_table(saved);
    throw;
  }
  set_work_table(saved);
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::RecursiveUnionNode& recursive) {
  Labels labels;
  for (const auto& column : recursive.columns) labels.push_back({column, recursive.name + "." + column});
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::RecursiveUnionNode& recursive,
                                 const NodeLines& at) {
  title(at, "Recursive Union", node);
  print_node(*recursive.left, at.details, true);
  print_node(*recursive.right, at.details, true);
}

}  // namespace ptreedb::exec
