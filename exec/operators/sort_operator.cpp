// Sort, with OFFSET and LIMIT (alone when there are no keys): the input
// collected (under a LIMIT, only its best rows: a top-N), ordered stably on
// normalized keys (exec/row_order.h), the kept rows emitted in slices.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "exec/chunk_memory.h"
#include "exec/operators/operator_support.h"
#include "exec/row_order.h"

namespace ptreedb::exec {

using planner::PlanNode;

namespace {

// A LIMIT whose rows number at most this is answered as a top-N: the input
// is cut to its best rows as it arrives, never held whole.
constexpr std::size_t kTopNRows = std::size_t{1} << 20;

// The rows a top-N holds, with each row's place in the input (partition,
// then arrival within it) so rows equal on the keys keep the input order.
struct HeldRows {
  Chunk rows;
  std::vector<std::uint64_t> arrival;
};

// The chunk's texts copied into one storage of their own, so what the
// input's other rows kept alive can go (a top-N holds only its rows' bytes).
void own_texts(Chunk& chunk) {
  for (Vector& column : chunk.columns) {
    if (column.physical() != Physical::kText || column.size() != chunk.size) continue;
    auto storage = std::make_shared<TextStorage>();
    for (std::size_t row = 0; row < chunk.size; ++row) {
      if (column.nulls[row]) continue;
      storage->strings.emplace_back(column.texts[row]);
      column.texts[row] = storage->strings.back();
    }
    column.text_owners = {std::move(storage)};
  }
}

// The best `wanted` rows of `held` and `pending` together, in one chunk.
HeldRows best_rows(HeldRows held, std::vector<Chunk> pending, std::vector<std::uint64_t> pending_arrival,
                   const std::vector<planner::SortKey>& keys, std::size_t wanted,
                   const std::vector<value::SqlType>& types, const InterruptToken* interrupt) {
  std::vector<Chunk> parts;
  parts.reserve(pending.size() + 1);
  if (held.rows.size > 0) parts.push_back(std::move(held.rows));
  for (auto& chunk : pending) parts.push_back(std::move(chunk));
  Chunk all = concatenate(std::move(parts), types);
  std::vector<std::uint64_t> arrival = std::move(held.arrival);
  arrival.insert(arrival.end(), pending_arrival.begin(), pending_arrival.end());
  std::vector<std::uint32_t> best = RowOrder(all, keys).sorted(wanted, arrival, interrupt);
  HeldRows out;
  out.rows = gather_rows(all, best);
  own_texts(out.rows);
  out.arrival.reserve(best.size());
  for (std::uint32_t row : best) out.arrival.push_back(arrival[row]);
  return out;
}

}  // namespace

void PlanExecutor::run_operator(const PlanNode& node, const planner::SortNode& sort, const Sink& sink) {
  OperatorMemory memory(memory_, "Sort");
  const auto offset = static_cast<std::size_t>(std::max<std::int64_t>(0, sort.offset));
  std::optional<std::size_t> wanted;  // offset + limit rows at most
  if (sort.limit) {
    auto limit = static_cast<std::size_t>(std::max<std::int64_t>(0, *sort.limit));
    wanted = limit > SIZE_MAX - offset ? SIZE_MAX : offset + limit;
  }
  HeldRows input;
  const PlanNode* recursive = nullptr;
  if (!sort.keys.empty() && wanted && !sort.with_ties && *wanted <= kTopNRows) {
    // Top-N: whenever the rows held reach twice those wanted (and a few
    // chunks), they are cut back to the best; memory stays bounded by N.
    NotTheOutput not_output(ordered_);
    std::mutex mutex;
    std::vector<Chunk> pending;
    std::vector<std::uint64_t> pending_arrival;
    std::map<std::size_t, std::uint64_t> arrived;  // rows so far per partition
    std::size_t pending_rows = 0;
    const std::size_t cut_at = std::max<std::size_t>(2 * *wanted, 16 * kChunkSize);
    OperatorMemory held_memory(memory_, "Sort");
    auto cut = [&] {
      input = best_rows(std::move(input), std::move(pending), std::move(pending_arrival), sort.keys, *wanted,
                        node.types, interrupt_);
      pending.clear();
      pending_arrival.clear();
      pending_rows = 0;
      held_memory.reset();
      ChunkFootprint footprint;
      held_memory.add(footprint.add(input.rows));
    };
    stream(*sort.input, [&](Chunk&& chunk, std::size_t partition) {
      if (chunk.size == 0) return;
      std::lock_guard lock(mutex);
      std::uint64_t& position = arrived[partition];
      for (std::size_t row = 0; row < chunk.size; ++row) {
        pending_arrival.push_back(static_cast<std::uint64_t>(partition) << 32 | (position + row));
      }
      position += chunk.size;
      pending_rows += chunk.size;
      if (!packed_onto_last(pending, chunk)) {
        ChunkFootprint footprint;
        held_memory.add(footprint.add(chunk));
        pending.push_back(std::move(chunk));
      }
      if (pending_rows + input.rows.size >= cut_at) cut();
    });
    cut();
  } else {
    std::vector<Chunk> chunks;
    if (sort.keys.empty() && wanted && !sort.with_ties && (recursive = recursive_union_below(*sort.input)) != nullptr) {
      // The recursive union below stops once this many rows have arrived.
      RowGoal goal;
      goal.wanted = *wanted;
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
    input.rows = concatenate(std::move(chunks), node.types);
  }
  const Chunk& rows = input.rows;
  check_interrupt(interrupt_);
  RowOrder row_order(rows, sort.keys);
  memory.add(static_cast<std::int64_t>(rows.size * (sizeof(std::uint32_t) + row_order.entry_bytes())));  // the order and its keys
  std::size_t end = wanted && !sort.with_ties ? std::min(rows.size, *wanted) : rows.size;
  std::vector<std::uint32_t> order;
  if (sort.keys.empty()) {
    order.resize(end);
    for (std::uint32_t i = 0; i < end; ++i) order[i] = i;
  } else {
    order = row_order.sorted(end, input.arrival, interrupt_);
  }
  std::size_t begin = std::min(order.size(), offset);
  end = order.size();
  if (wanted) end = std::min(end, *wanted);
  if (sort.with_ties && end > begin) {
    // The rows after the last one kept that sort as equal to it.
    while (end < order.size() && row_order.same_keys(order[end - 1], order[end])) ++end;
  }
  std::vector<std::uint32_t> kept(order.begin() + static_cast<std::ptrdiff_t>(begin),
                                  order.begin() + static_cast<std::ptrdiff_t>(std::max(begin, end)));
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
