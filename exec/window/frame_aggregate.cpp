#include "exec/window/frame_aggregate.h"

#include <algorithm>

#include "exec/aggregate/aggregate_state.h"
#include "storage/sql_error.h"

namespace ptreedb::exec::window {

namespace {

// Merges queued up to this many at a time, so the lists stay small.
constexpr std::size_t kMergeBatch = 4096;

// Merges within one state, in the order added. What the state grows by
// beyond its slots (string_agg's texts, which a growing frame copies into
// every row's result) is charged after each batch, and such batches are
// short, so the texts never run far past the budget before 53200.
class MergeQueue {
 public:
  MergeQueue(AggregateState& state, OperatorMemory* memory, std::size_t batch)
      : state_(state), memory_(memory), batch_(batch), charged_(state.extra_bytes()) {}
  void add(std::uint32_t from, std::uint32_t into) {
    from_.push_back(from);
    into_.push_back(into);
    if (from_.size() >= batch_) flush();
  }
  void flush() {
    if (!from_.empty()) state_.merge_keeping(state_, from_.data(), into_.data(), from_.size());
    from_.clear();
    into_.clear();
    std::int64_t extra = state_.extra_bytes();
    if (memory_ != nullptr && extra > charged_) memory_->add(extra - charged_);
    charged_ = extra;
  }

 private:
  AggregateState& state_;
  OperatorMemory* memory_;
  std::size_t batch_;
  std::int64_t charged_;
  std::vector<std::uint32_t> from_, into_;
};

}  // namespace

void covering_nodes(std::size_t rows, std::uint32_t begin, std::uint32_t end, std::vector<std::uint32_t>& nodes) {
  nodes.clear();
  std::size_t right_start = 0;
  std::uint32_t right[64];
  std::uint64_t low = begin + rows, high = end + rows;
  while (low < high) {
    if ((low & 1) != 0) nodes.push_back(static_cast<std::uint32_t>(low++));
    if ((high & 1) != 0) right[right_start++] = static_cast<std::uint32_t>(--high);
    low >>= 1;
    high >>= 1;
  }
  while (right_start > 0) nodes.push_back(right[--right_start]);
}

Vector aggregate_over_frames(const FrameAggregateInput& input, bool growing,
                             const std::function<FramePieces(std::uint32_t)>& frame_of, OperatorMemory* memory) {
  const std::size_t n = input.rows;
  const auto& partitions = *input.partition_begin;
  const std::size_t partition_count = partitions.size() - 1;
  // Slots: 0 holds the rows FILTER leaves out, the tree's inner nodes are
  // [1, n), its leaves [n, 2n), the results [2n, 3n), running states after.
  const std::size_t slots = 3 * n + (growing ? partition_count : 0);
  if (slots >= UINT32_MAX) throw SqlError("54000", "too many rows in one window");
  std::unique_ptr<AggregateState> state = make_aggregate_state(*input.call);
  if (memory != nullptr) memory->add(state->bytes_per_group() * static_cast<std::int64_t>(slots) + 8 * static_cast<std::int64_t>(kMergeBatch));
  state->resize(slots);
  const auto result_slot = [&](std::size_t row) { return static_cast<std::uint32_t>(2 * n + row); };
  {
    std::vector<std::uint32_t> leaves(n);
    for (std::size_t i = 0; i < n; ++i) {
      bool counted = input.counted == nullptr || (*input.counted)[i] != 0;
      leaves[i] = counted ? static_cast<std::uint32_t>(n + i) : 0;
    }
    Vector none;
    state->fold(input.argument != nullptr ? *input.argument : none, input.separator, leaves.data(), n);
  }
  if (memory != nullptr) memory->add(state->extra_bytes());
  const bool growing_texts = input.call->kind == planner::AggregateKind::kStringAgg;
  MergeQueue queue(*state, memory, growing_texts ? 16 : kMergeBatch);
  if (growing) {
    for (std::size_t p = 0; p < partition_count; ++p) {
      const auto running = static_cast<std::uint32_t>(3 * n + p);
      std::uint32_t folded = partitions[p];
      for (std::uint32_t row = partitions[p]; row < partitions[p + 1]; ++row) {
        if ((row & 0xFFFF) == 0) check_interrupt(input.interrupt);
        FramePieces frame = frame_of(row);
        std::uint32_t end = frame.count == 0 ? folded : frame.pieces[0].end;
        for (; folded < end; ++folded) queue.add(static_cast<std::uint32_t>(n + folded), running);
        queue.add(running, result_slot(row));
      }
    }
  } else {
    // Inner nodes from the last to the first: each after its children.
    for (std::size_t node = n > 1 ? n - 1 : 0; node >= 1; --node) {
      queue.add(static_cast<std::uint32_t>(2 * node), static_cast<std::uint32_t>(node));
      queue.add(static_cast<std::uint32_t>(2 * node + 1), static_cast<std::uint32_t>(node));
    }
    queue.flush();
    std::vector<std::uint32_t> nodes;
    for (std::uint32_t row = 0; row < n; ++row) {
      if ((row & 0xFFFF) == 0) check_interrupt(input.interrupt);
      FramePieces frame = frame_of(row);
      for (std::uint8_t piece = 0; piece < frame.count; ++piece) {
        covering_nodes(n, frame.pieces[piece].begin, frame.pieces[piece].end, nodes);
        for (std::uint32_t node : nodes) queue.add(node, result_slot(row));
      }
    }
  }
  queue.flush();
  Vector all = state->finish(slots);
  std::vector<std::uint32_t> results(n);
  for (std::size_t i = 0; i < n; ++i) results[i] = result_slot(i);
  Vector out = gather(all, slots, results);
  // min/max of text keep views into the argument's text.
  if (input.argument != nullptr) {
    for (const auto& owner : input.argument->text_owners) out.text_owners.push_back(owner);
  }
  return out;
}

Vector aggregate_over_partitions(const FrameAggregateInput& input, OperatorMemory* memory) {
  const std::size_t n = input.rows;
  const auto& partitions = *input.partition_begin;
  const std::size_t partition_count = partitions.size() - 1;
  // Slot 0 holds the rows FILTER leaves out; partition p's state is slot p + 1.
  const std::size_t slots = partition_count + 1;
  if (slots >= UINT32_MAX) throw SqlError("54000", "too many rows in one window");
  std::unique_ptr<AggregateState> state = make_aggregate_state(*input.call);
  std::vector<std::uint32_t> targets(n);
  if (memory != nullptr) {
    memory->add(state->bytes_per_group() * static_cast<std::int64_t>(slots) +
                static_cast<std::int64_t>(n * sizeof(std::uint32_t)));
  }
  state->resize(slots);
  for (std::size_t p = 0; p < partition_count; ++p) {
    for (std::uint32_t row = partitions[p]; row < partitions[p + 1]; ++row) {
      const bool counted = input.counted == nullptr || (*input.counted)[row] != 0;
      targets[row] = counted ? static_cast<std::uint32_t>(p + 1) : 0;
    }
  }
  check_interrupt(input.interrupt);
  Vector none;
  state->fold(input.argument != nullptr ? *input.argument : none, input.separator, targets.data(), n);
  if (memory != nullptr) memory->add(state->extra_bytes());
  check_interrupt(input.interrupt);
  Vector per_partition = state->finish(slots);
  for (std::size_t p = 0; p < partition_count; ++p) {
    std::fill(targets.begin() + partitions[p], targets.begin() + partitions[p + 1], static_cast<std::uint32_t>(p + 1));
  }
  Vector out = gather(per_partition, slots, targets);
  if (input.argument != nullptr) {
    for (const auto& owner : input.argument->text_owners) out.text_owners.push_back(owner);
  }
  return out;
}

}  // namespace ptreedb::exec::window
