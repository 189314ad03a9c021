// Set operations: UNION ALL appends its sides; UNION, INTERSECT and EXCEPT
// (ALL or not) compare whole rows through hash sets.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "exec/operators/operator_support.h"

namespace ptreedb::exec {

using planner::PlanNode;

namespace {

bool is_union_all(const planner::SetOperationNode& set) {
  return set.operation == planner::SetOperation::kUnion && set.all;
}

// The inputs of a UNION ALL and of the UNION ALLs it directly appends to (a
// chain is planned left-deep), in order: run and shown as one Append, as
// PostgreSQL does, and walked in a loop, so thousands of them do not nest
// thousands of calls.
std::vector<const PlanNode*> append_inputs(const planner::SetOperationNode& set) {
  std::vector<const PlanNode*> inputs;
  const planner::SetOperationNode* current = &set;
  while (true) {
    inputs.push_back(current->right.get());
    const auto* inner = std::get_if<planner::SetOperationNode>(&current->left->op);
    if (inner == nullptr || !is_union_all(*inner)) {
      inputs.push_back(current->left.get());
      break;
    }
    current = inner;
  }
  std::reverse(inputs.begin(), inputs.end());
  return inputs;
}

}  // namespace

void PlanExecutor::run_operator(const PlanNode& node, const planner::SetOperationNode& set, const Sink& sink) {
  using planner::SetOperation;
  OperatorMemory memory(memory_, "SetOp");
  if (is_union_all(set)) {
    std::size_t offset = 0;
    for (const PlanNode* side : append_inputs(set)) {
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


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::SetOperationNode& set) {
  return labels_of(is_union_all(set) ? *append_inputs(set).front() : *set.left);
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::SetOperationNode& set, const NodeLines& at) {
  std::string name;
  if (is_union_all(set)) {
    title(at, "Append", node);
    for (const PlanNode* input : append_inputs(set)) print_node(*input, at.details, true);
    return;
  } else {
    name = set.operation == planner::SetOperation::kUnion       ? "HashSetOp Union"
           : set.operation == planner::SetOperation::kIntersect ? "HashSetOp Intersect"
                                                               : "HashSetOp Except";
    if (set.all) name += " All";
  }
  title(at, name, node);
  print_node(*set.left, at.details, true);
  print_node(*set.right, at.details, true);
}

}  // namespace ptreedb::exec
