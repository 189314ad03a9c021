// Nested loop over a LATERAL subquery: the left rows collected, grouped by
// the values of the columns the subquery reads (identical values, so that a
// value the subquery returns is the row's own: 1.5 and 1.50 run apart), the
// subquery run once per group with its references bound to those values,
// and each left row of the group paired with the rows it returned (LEFT:
// with NULLs when none pass the ON condition).
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <cstring>
#include <string>
#include <unordered_map>
#include <utility>

#include "exec/evaluate.h"
#include "exec/join_pairs.h"
#include "exec/operators/operator_support.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::PlanNode;

namespace {

// Appends bytes that tell element i of `vector` from every other value of its
// type (NULL included); SQL-equal but different values (1.5, 1.50) differ.
void append_identity(std::string& key, const Vector& vector, std::size_t i) {
  auto append = [&key](const auto& value) {
    key.append(reinterpret_cast<const char*>(&value), sizeof(value));
  };
  key.push_back(vector.nulls[i] != 0 ? '\0' : '\1');
  if (vector.nulls[i] != 0) return;
  switch (vector.physical()) {
    case Physical::kInt: append(vector.ints[i]); break;
    case Physical::kDouble: append(vector.doubles[i]); break;
    case Physical::kDecimal: {
      const value::Decimal decimal = vector.decimal(i);
      append(decimal.units);
      append(decimal.scale);
      break;
    }
    case Physical::kText:
      append(vector.texts[i].size());
      key.append(vector.texts[i]);
      break;
    case Physical::kInterval:
      append(vector.intervals[i].months);
      append(vector.intervals[i].days);
      append(vector.intervals[i].micros);
      break;
  }
}

}  // namespace

void PlanExecutor::run_operator(const PlanNode&, const planner::LateralJoinNode& lateral, const Sink& sink) {
  OperatorMemory memory(memory_, "NestedLoop");
  std::vector<Chunk> left_chunks = collect(*lateral.left, memory);
  charge_concatenation(memory, left_chunks);
  const Chunk left = concatenate(std::move(left_chunks), lateral.left->types);
  const std::optional<BoundExpression> condition = prepare(lateral.condition);
  const bool left_join = lateral.kind == planner::JoinKind::kLeft;
  std::size_t reference_count = 0;
  for (const auto& [reference, column] : lateral.parameters) reference_count = std::max(reference_count, reference + 1);

  // The subquery's rows for each distinct value met, run when first met and
  // kept for the left rows with the same value.
  std::unordered_map<std::string, Chunk> results;
  OperatorMemory result_memory(memory_, "NestedLoop");
  std::vector<std::optional<planner::Constant>> bound(reference_count);
  std::string key;
  auto result_for = [&](std::uint32_t row) -> const Chunk& {
    key.clear();
    for (const auto& [reference, column] : lateral.parameters) append_identity(key, left.columns[column], row);
    auto found = results.find(key);
    if (found != results.end()) return found->second;
    check_interrupt(interrupt_);
    for (const auto& [reference, column] : lateral.parameters) bound[reference] = constant_of(left.columns[column], row);
    // A fresh executor per run: nothing one run's operators leave behind
    // (scalar subquery results, key filters) reaches the next.
    PlanExecutor inner;
    inner.parameter_values_ = &bound;
    std::vector<Chunk> chunks = inner.collect(*lateral.right, result_memory);
    return results.emplace(key, concatenate(std::move(chunks), lateral.right->types)).first->second;
  };

  // Pairs in the left rows' order, then the subquery's (as PostgreSQL's
  // nested loop gives them), gathered a chunk at a time; LEFT: a left row no
  // pair of which passes the condition gets NULLs.
  std::vector<std::uint32_t> left_rows, right_rows;
  const Chunk* pending_right = nullptr;
  auto flush = [&] {
    if (left_rows.empty()) return;
    check_interrupt(interrupt_);  // a value's rows may pair with many left rows without another run
    Chunk pairs = gather_pairs(left, *pending_right, left_rows, right_rows, nullptr);
    left_rows.clear();
    right_rows.clear();
    sink(std::move(pairs), 0);
  };
  auto add = [&](const Chunk& right, std::uint32_t left_row, std::uint32_t right_row) {
    if (pending_right != &right || left_rows.size() >= kChunkSize) {
      flush();
      pending_right = &right;
    }
    left_rows.push_back(left_row);
    right_rows.push_back(right_row);
  };
  for (std::uint32_t row = 0; row < left.size; ++row) {
    const Chunk& right = result_for(row);
    std::size_t passing = 0;
    if (condition && right.size > 0) {
      std::vector<std::uint32_t> one_left(right.size, row), every_right(right.size);
      for (std::uint32_t r = 0; r < right.size; ++r) every_right[r] = r;
      Vector passed = evaluate(*condition, gather_pairs(left, right, one_left, every_right, nullptr));
      for (std::uint32_t r = 0; r < right.size; ++r) {
        if (passed.nulls[r] || passed.ints[r] == 0) continue;
        add(right, row, r);
        ++passing;
      }
    } else {
      for (std::uint32_t r = 0; r < right.size; ++r) add(right, row, r);
      passing = right.size;
    }
    if (passing == 0 && left_join) add(right, row, kNoRow);
  }
  flush();
}

// EXPLAIN: the left input's columns, then the subquery's under its alias.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::LateralJoinNode& lateral) {
  Labels labels = labels_of(*lateral.left);
  for (const std::string& name : lateral.column_names) labels.push_back({name, lateral.alias + "." + name});
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::LateralJoinNode& lateral, const NodeLines& at) {
  title(at, lateral.kind == planner::JoinKind::kLeft ? "Nested Loop Left Join" : "Nested Loop", node);
  const Labels& left = labels_of(*lateral.left);
  if (lateral.condition) print_line(at.details, "Join Filter: " + shown(*lateral.condition, labels_of(node), at.qualified));
  print_subqueries(at.details);
  print_node(*lateral.left, at.details, true);
  // The subquery's references to the left rows are shown by their names.
  std::map<std::size_t, std::string> saved = std::exchange(lateral_references_, {});
  for (const auto& [reference, column] : lateral.parameters) {
    lateral_references_[reference] = column_text(left, column, true);
  }
  print_node(*lateral.right, at.details, true);
  lateral_references_ = std::move(saved);
}

}  // namespace ptreedb::exec
