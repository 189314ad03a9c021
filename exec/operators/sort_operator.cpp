// Sort, with OFFSET and LIMIT (alone when there are no keys): the input
// collected, ordered stably, the kept rows emitted in slices.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "exec/operators/operator_support.h"

namespace ptreedb::exec {

using planner::PlanNode;

void PlanExecutor::run_operator(const PlanNode& node, const planner::SortNode& sort, const Sink& sink) {
  OperatorMemory memory(memory_, "Sort");
  std::vector<Chunk> chunks;
  const PlanNode* recursive = nullptr;
  if (sort.keys.empty() && sort.limit && !sort.with_ties &&
      (recursive = recursive_union_below(*sort.input)) != nullptr) {
    // The recursive union below stops once this many rows have arrived.
    RowGoal goal;
    auto limit = static_cast<std::size_t>(std::max<std::int64_t>(0, *sort.limit));
    auto offset = static_cast<std::size_t>(std::max<std::int64_t>(0, sort.offset));
    goal.wanted = limit > SIZE_MAX - offset ? SIZE_MAX : offset + limit;
    auto set_goal = [&](const RowGoal* value) {
      std::lock_guard lock(recursion_mutex_);
      if (value != nullptr) {
        row_goals_[recursive] = value;
      } else {
        row_goals_.erase(recursive);
      }
    };
    set_goal(&goal);
    try {
      chunks = collect_into(*sort.input, memory, &goal.received);
    } catch (...) {
      set_goal(nullptr);
      throw;
    }
    set_goal(nullptr);
  } else {
    chunks = collect(*sort.input, memory);
  }
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
  if (sort.with_ties && end > begin) {
    // The rows after the last one kept that sort as equal to it.
    auto ties = [&](std::uint32_t x, std::uint32_t y) {
      for (const auto& key : sort.keys) {
        const Vector& column = rows.columns[key.output];
        bool a_null = column.is_null(x), b_null = column.is_null(y);
        if (a_null || b_null) {
          if (a_null != b_null) return false;
          continue;
        }
        if (compare_elements(column, x, column, y) != 0) return false;
      }
      return true;
    };
    while (end < order.size() && ties(order[end - 1], order[end])) ++end;
  }
  std::vector<std::uint32_t> kept(order.begin() + begin, order.begin() + end);
  Chunk sorted = gather_rows(rows, kept);
  charge_arrays(memory, sorted);
  stream_slices(std::move(sorted), sink);
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::SortNode& sort) {
  Labels labels = labels_of(*sort.input);
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::SortNode& sort, const NodeLines& at) {
  bool limited = sort.limit.has_value() || sort.offset > 0;
  if (limited) title(at, "Limit", node);
  if (sort.keys.empty()) {
    print_node(*sort.input, at.details, true);
    return;
  }
  std::size_t sort_details = at.details;
  if (limited) {
    // One operator sorts and cuts; shown as PostgreSQL's Limit over a
    // Sort, the Sort with the rows it received.
    const NodeStatistics* input = statistics_ != nullptr ? statistics_->find(sort.input.get()) : nullptr;
    std::optional<std::uint64_t> received;
    if (input != nullptr) received = input->rows.load() / std::max(1u, input->loops.load());
    print_line(at.details, "->  " + header("Sort", sort.input->estimated_rows, at.measured, received));
    sort_details = at.details + 6;
  } else {
    title(at, "Sort", node);
  }
  const Labels& labels = labels_of(*sort.input);
  std::string keys;
  for (std::size_t k = 0; k < sort.keys.size(); ++k) {
    const auto& key = sort.keys[k];
    keys += (k > 0 ? ", " : "") + column_text(labels, key.output, at.qualified);
    if (key.descending) keys += " DESC";
    if (key.nulls_first != key.descending) keys += key.nulls_first ? " NULLS FIRST" : " NULLS LAST";
  }
  print_line(sort_details, "Sort Key: " + keys);
  print_node(*sort.input, sort_details, true);
}

}  // namespace ptreedb::exec
