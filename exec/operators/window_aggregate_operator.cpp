// Window aggregate ("WindowAgg"): the input collected; for each group of
// calls sharing PARTITION BY and ORDER BY, the rows sorted by (partition
// keys, order keys), cut into ranges of whole partitions evaluated in
// parallel, each call's values added as a column. Ranking and offset
// functions read peer groups and positions; aggregates go through
// exec/window/frame_aggregate (running or segment tree, never a frame
// re-aggregated per row); frames through exec/window/window_frames.
#include "exec/plan_executor.h"
#include "exec/plan_printer.h"

#include <algorithm>
#include <optional>
#include <utility>

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "exec/evaluate.h"
#include "exec/row_order.h"
#include "exec/operators/operator_support.h"
#include "exec/operators/run_partitions.h"
#include "exec/operators/task_session_values.h"
#include "exec/window/frame_aggregate.h"
#include "exec/window/range_offset_bounds.h"
#include "exec/window/window_frames.h"
#include "storage/sql_error.h"

namespace ptreedb::exec {

using planner::BoundExpression;
using planner::PlanNode;
using planner::WindowFunction;
using planner::WindowShape;
namespace option = planner::frame_option;

namespace {

// Rows per range of partitions evaluated as one task (at least).
constexpr std::size_t kMinRangeRows = 4096;

// Calls computed after the same sort: equal PARTITION BY and ORDER BY.
bool same_ordering(const BoundExpression& a, const BoundExpression& b) {
  const WindowShape &x = *a.window, &y = *b.window;
  if (x.partition_count != y.partition_count || x.order != y.order) return false;
  for (std::size_t i = 0; i < x.partition_count + x.order.size(); ++i) {
    if (!planner::same_expression(a.args[x.partition_begin() + i], b.args[y.partition_begin() + i])) return false;
  }
  return true;
}

// NULLs equal each other here: they are peers and share a partition.
bool equal_keys(const std::vector<Vector>& keys, std::size_t begin, std::size_t end, std::uint32_t x,
                std::uint32_t y) {
  for (std::size_t k = begin; k < end; ++k) {
    const Vector& column = keys[k];
    bool x_null = column.is_null(x), y_null = column.is_null(y);
    if (x_null != y_null) return false;
    if (!x_null && compare_elements(column, x, column, y) != 0) return false;
  }
  return true;
}

// Whether the rows already stand in the sort's order (a scan in its table's
// key order under PARTITION BY that key, or a sorted input): then the sort
// and the gather after it are skipped. Stops at the first row out of order.
bool already_in_order(const std::vector<Vector>& keys, const std::vector<planner::SortKey>& sort_keys, std::size_t n) {
  for (std::size_t i = 1; i < n; ++i) {
    for (const planner::SortKey& key : sort_keys) {
      const Vector& column = keys[key.output];
      const bool before_null = column.is_null(i - 1), here_null = column.is_null(i);
      int order = 0;
      if (before_null || here_null) {
        if (before_null == here_null) continue;
        order = before_null == key.nulls_first ? -1 : 1;
      } else {
        order = compare_elements(column, i - 1, column, i);
        if (key.descending) order = -order;
      }
      if (order > 0) return false;
      if (order < 0) break;
    }
  }
  return true;
}

// A frame offset's value: 22004 when NULL, 22013 when negative.
Vector frame_offset_value(const BoundExpression& expr, bool start, bool range) {
  Chunk one_row;
  one_row.size = 1;
  Vector value = evaluate(expr, one_row);
  const char* which = start ? "starting" : "ending";
  if (value.is_null(0)) throw SqlError("22004", std::string("frame ") + which + " offset must not be null");
  if (range) {
    window::check_range_offset(value);
  } else if (value.ints[0] < 0) {
    throw SqlError("22013", std::string("frame ") + which + " offset must not be negative");
  }
  return value;
}

// Element j of `source` into element i of `target` (same type, sized).
void copy_element(Vector& target, std::size_t i, const Vector& source, std::size_t j) {
  target.nulls[i] = source.nulls[j];
  if (source.nulls[j]) return;
  assign_element(target, i, source, j);
}

// One call's inputs over the sorted rows.
struct CallInput {
  const BoundExpression* call = nullptr;
  std::vector<Vector> arguments;  // the function's arguments, over all sorted rows
  window::FrameDefinition frame;
  std::optional<Vector> range_start_offset, range_end_offset;
  std::vector<std::uint8_t> counted;  // FILTER: 1 where the row counts
  planner::AggregateCall aggregate;
};

// The sorted rows' layout for one range [begin, end) of whole partitions.
struct RangeLayout {
  std::size_t begin = 0, end = 0;
  std::vector<std::uint32_t> partition_begin;  // range-local, then end - begin
  std::vector<std::uint32_t> partition_of;     // per range-local row
};

// Each range's rows are read partition after partition: the evaluator keeps
// the peer groups of the partition it is in.

class RangeEvaluator {
 public:
  RangeEvaluator(const RangeLayout& layout, const std::vector<Vector>& keys, std::size_t partition_keys,
                 const std::vector<planner::WindowOrderKey>& order, OperatorMemory& memory,
                 const InterruptToken* interrupt)
      : layout_(layout),
        keys_(keys),
        partition_keys_(partition_keys),
        order_(order),
        memory_(memory),
        interrupt_(interrupt) {}

  Vector evaluate_call(const CallInput& input) const {
    const WindowShape& shape = *input.call->window;
    const std::size_t rows = layout_.end - layout_.begin;
    switch (shape.function) {
      case WindowFunction::kRowNumber:
      case WindowFunction::kRank:
      case WindowFunction::kDenseRank:
      case WindowFunction::kPercentRank:
      case WindowFunction::kCumeDist:
      case WindowFunction::kNtile:
        return ranking(input, shape.function, rows);
      case WindowFunction::kLag:
      case WindowFunction::kLead:
        return offset_row(input, shape.function == WindowFunction::kLag, rows);
      case WindowFunction::kFirstValue:
      case WindowFunction::kLastValue:
      case WindowFunction::kNthValue:
        return frame_value(input, shape.function, rows);
      case WindowFunction::kAggregate:
        return aggregate(input, rows);
    }
    throw SqlError(sqlstate::kInternalError, "unknown window function");
  }

 private:
  std::uint32_t absolute(std::uint32_t local) const { return static_cast<std::uint32_t>(layout_.begin + local); }

  const window::PeerGroups& peers_of(std::size_t p) const {
    if (cached_partition_ != p) {
      const std::uint32_t first = absolute(layout_.partition_begin[p]);
      const std::size_t rows = layout_.partition_begin[p + 1] - layout_.partition_begin[p];
      const std::size_t key_count = partition_keys_ + order_.size();
      window::fill_peer_groups(cached_peers_, rows, [&](std::size_t i) {
        return equal_keys(keys_, partition_keys_, key_count, static_cast<std::uint32_t>(first + i - 1),
                          static_cast<std::uint32_t>(first + i));
      });
      cached_partition_ = p;
    }
    return cached_peers_;
  }

  Vector ranking(const CallInput& input, WindowFunction function, std::size_t rows) const {
    Vector out(input.call->type);
    out.resize(rows);
    for (std::size_t p = 0; p + 1 < layout_.partition_begin.size(); ++p) {
      const std::uint32_t first = layout_.partition_begin[p];
      const std::uint32_t count = layout_.partition_begin[p + 1] - first;
      const window::PeerGroups& peers = peers_of(p);
      std::int64_t buckets = 0;
      bool null_buckets = false;
      if (function == WindowFunction::kNtile) {
        // Evaluated once per partition, at its first row, as PostgreSQL does.
        const Vector& argument = input.arguments[0];
        null_buckets = argument.is_null(absolute(first));
        if (!null_buckets) {
          buckets = argument.ints[absolute(first)];
          if (buckets <= 0) throw SqlError("22014", "argument of ntile must be greater than zero");
        }
      }
      for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t at = first + i;
        switch (function) {
          case WindowFunction::kRowNumber: out.ints[at] = i + 1; break;
          case WindowFunction::kRank: out.ints[at] = peers.peers_begin(i) + 1; break;
          case WindowFunction::kDenseRank: out.ints[at] = peers.group_of[i] + 1; break;
          case WindowFunction::kPercentRank:
            out.doubles[at] = count > 1 ? static_cast<double>(peers.peers_begin(i)) / (count - 1) : 0.0;
            break;
          case WindowFunction::kCumeDist:
            out.doubles[at] = static_cast<double>(peers.peers_end(i)) / count;
            break;
          case WindowFunction::kNtile: {
            if (null_buckets) {
              out.nulls[at] = 1;
              break;
            }
            std::int64_t per_bucket = count / buckets, larger = count % buckets;
            std::int64_t large_rows = larger * (per_bucket + 1);
            std::int64_t k = i;
            out.ints[at] = k < large_rows ? k / (per_bucket + 1) + 1 : larger + (k - large_rows) / per_bucket + 1;
            break;
          }
          default: break;
        }
      }
    }
    return out;
  }

  // lag/lead: the row `offset` before/after within the partition, else the default.
  Vector offset_row(const CallInput& input, bool lag, std::size_t rows) const {
    const Vector& value = input.arguments[0];
    std::vector<std::uint32_t> picks(rows, kNoRow);
    std::vector<std::uint8_t> use_default(rows, 0);
    for (std::size_t p = 0; p + 1 < layout_.partition_begin.size(); ++p) {
      const std::int64_t first = layout_.partition_begin[p], last = layout_.partition_begin[p + 1];
      for (std::int64_t at = first; at < last; ++at) {
        std::int64_t offset = 1;
        if (input.arguments.size() >= 2) {
          const Vector& offsets = input.arguments[1];
          if (offsets.is_null(absolute(static_cast<std::uint32_t>(at)))) continue;  // NULL offset: NULL
          offset = offsets.ints[absolute(static_cast<std::uint32_t>(at))];
        }
        std::int64_t target = lag ? at - offset : at + offset;
        if (target >= first && target < last) {
          picks[at] = absolute(static_cast<std::uint32_t>(target));
        } else {
          use_default[at] = 1;
        }
      }
    }
    Vector out = gather(value, value.size(), picks);
    if (input.arguments.size() == 3) {
      const Vector& fallback = input.arguments[2];
      for (std::size_t at = 0; at < rows; ++at) {
        if (use_default[at]) copy_element(out, at, fallback, absolute(static_cast<std::uint32_t>(at)));
      }
      for (const auto& owner : fallback.text_owners) out.text_owners.push_back(owner);
    }
    return out;
  }

  // The row's frame as range-local pieces.
  window::FramePieces frame_of(const CallInput& input, std::uint32_t local) const {
    const std::uint32_t p = layout_.partition_of[local];
    const std::uint32_t first = layout_.partition_begin[p];
    const std::uint32_t last = layout_.partition_begin[p + 1];
    const window::PeerGroups& peers = peers_of(p);
    const std::uint32_t i = local - first;
    std::uint32_t range_start = 0, range_end = 0;
    const int options = input.frame.options;
    if ((options & option::kRange) != 0 && (options & (option::kStartOffset | option::kEndOffset)) != 0) {
      const Vector& key = keys_[partition_keys_];
      if (key.is_null(absolute(local))) {
        range_start = peers.peers_begin(i);
        range_end = peers.peers_end(i);
      } else {
        // The rows with non-NULL keys: NULLs sort first or last.
        std::uint32_t non_null_begin = first, non_null_end = last;
        if (order_[0].nulls_first) {
          while (non_null_begin < last && key.is_null(absolute(non_null_begin))) {
            non_null_begin = first + peers.peers_end(non_null_begin - first);
          }
        } else if (last > first && key.is_null(absolute(last - 1))) {
          non_null_end = first + peers.peers_begin(last - 1 - first);
        }
        auto bound = [&](const Vector& offset, bool start, bool preceding) {
          window::RangeOffsetBounds bounds(key, order_[0], offset, start, preceding);
          return bounds.bound(absolute(local), absolute(non_null_begin), absolute(non_null_end)) -
                 absolute(first);
        };
        if (input.range_start_offset) {
          range_start = bound(*input.range_start_offset, true, (options & option::kStartOffsetPreceding) != 0);
        }
        if (input.range_end_offset) {
          range_end = bound(*input.range_end_offset, false, (options & option::kEndOffsetPreceding) != 0);
        }
      }
    }
    window::RowRange bounds = window::frame_bounds(input.frame, peers, i, range_start, range_end);
    window::FramePieces pieces = window::exclude(input.frame, peers, i, bounds);
    for (std::uint8_t k = 0; k < pieces.count; ++k) {
      pieces.pieces[k].begin += first;
      pieces.pieces[k].end += first;
    }
    return pieces;
  }

  Vector frame_value(const CallInput& input, WindowFunction function, std::size_t rows) const {
    const Vector& value = input.arguments[0];
    std::vector<std::uint32_t> picks(rows, kNoRow);
    for (std::uint32_t local = 0; local < rows; ++local) {
      window::FramePieces pieces = frame_of(input, local);
      if (pieces.count == 0) continue;
      if (function == WindowFunction::kFirstValue) {
        picks[local] = absolute(pieces.pieces[0].begin);
      } else if (function == WindowFunction::kLastValue) {
        picks[local] = absolute(pieces.pieces[pieces.count - 1].end - 1);
      } else {
        const Vector& positions = input.arguments[1];
        if (positions.is_null(absolute(local))) continue;
        std::int64_t nth = positions.ints[absolute(local)];
        if (nth <= 0) throw SqlError("22016", "argument of nth_value must be greater than zero");
        for (std::uint8_t k = 0; k < pieces.count; ++k) {
          std::int64_t size = pieces.pieces[k].end - pieces.pieces[k].begin;
          if (nth <= size) {
            picks[local] = absolute(static_cast<std::uint32_t>(pieces.pieces[k].begin + nth - 1));
            break;
          }
          nth -= size;
        }
      }
    }
    return gather(value, value.size(), picks);
  }

  Vector aggregate(const CallInput& input, std::size_t rows) const {
    std::vector<Vector> arguments;
    for (const Vector& argument : input.arguments) {
      std::vector<std::uint32_t> local(rows);
      for (std::size_t i = 0; i < rows; ++i) local[i] = absolute(static_cast<std::uint32_t>(i));
      arguments.push_back(gather(argument, argument.size(), local));
    }
    std::vector<std::uint8_t> counted;
    if (!input.counted.empty()) {
      counted.assign(input.counted.begin() + static_cast<std::ptrdiff_t>(layout_.begin),
                     input.counted.begin() + static_cast<std::ptrdiff_t>(layout_.end));
    }
    window::FrameAggregateInput frame_input;
    frame_input.call = &input.aggregate;
    frame_input.rows = rows;
    frame_input.argument = arguments.empty() ? nullptr : &arguments[0];
    frame_input.separator = arguments.size() > 1 ? &arguments[1] : nullptr;
    frame_input.counted = counted.empty() ? nullptr : &counted;
    frame_input.partition_begin = &layout_.partition_begin;
    frame_input.interrupt = interrupt_;
    if (window::is_whole_partition_frame(input.frame, !order_.empty())) {
      return window::aggregate_over_partitions(frame_input, &memory_);
    }
    return window::aggregate_over_frames(frame_input, window::is_growing_frame(input.frame),
                                         [&](std::uint32_t local) { return frame_of(input, local); }, &memory_);
  }

  const RangeLayout& layout_;
  const std::vector<Vector>& keys_;  // partition keys, then order keys, over all sorted rows
  std::size_t partition_keys_;
  const std::vector<planner::WindowOrderKey>& order_;
  OperatorMemory& memory_;
  const InterruptToken* interrupt_;
  mutable std::size_t cached_partition_ = SIZE_MAX;
  mutable window::PeerGroups cached_peers_;
};

}  // namespace

void PlanExecutor::run_operator(const PlanNode&, const planner::WindowNode& window, const Sink& sink) {
  OperatorMemory memory(memory_, "WindowAgg");
  std::vector<Chunk> chunks = collect(*window.input, memory);
  charge_concatenation(memory, chunks);
  Chunk rows = concatenate(std::move(chunks), window.input->types);
  check_interrupt(interrupt_);
  const std::size_t input_width = window.input->types.size();
  std::vector<BoundExpression> calls = prepare(window.calls);
  for (const auto& call : calls) rows.columns.emplace_back(call.type);  // filled below
  if (rows.size == 0) return;
  if (rows.size >= UINT32_MAX / 4) throw SqlError("54000", "too many rows for a window");
  const std::size_t n = rows.size;

  std::vector<bool> done(calls.size(), false);
  for (std::size_t first_call = 0; first_call < calls.size(); ++first_call) {
    if (done[first_call]) continue;
    std::vector<std::size_t> group;
    for (std::size_t c = first_call; c < calls.size(); ++c) {
      if (!done[c] && same_ordering(calls[first_call], calls[c])) {
        group.push_back(c);
        done[c] = true;
      }
    }
    // The last group's results go to the sink with their ranges' rows, never
    // concatenated: its ranges are then about a morsel each.
    const bool last_group = std::all_of(done.begin(), done.end(), [](bool d) { return d; });
    const BoundExpression& leader = calls[first_call];
    const WindowShape& shape = *leader.window;
    const std::size_t key_count = shape.partition_count + shape.order.size();

    // Sort by (partition keys, order keys); partitions in any consistent order.
    std::vector<Vector> keys;
    for (std::size_t k = 0; k < key_count; ++k) keys.push_back(evaluate(leader.args[shape.partition_begin() + k], rows));
    memory.add(static_cast<std::int64_t>(n * sizeof(std::uint32_t) * 2));
    std::vector<std::uint32_t> order;  // set when the rows must be sorted: their sorted positions
    if (key_count > 0) {
      // ORDER BY's sort (row_order.h): normalized key prefixes, in parallel,
      // stable; partition keys ascending with NULLs last, any consistent
      // order putting equal keys together.
      Chunk key_rows;
      key_rows.size = n;
      key_rows.columns = std::move(keys);
      std::vector<planner::SortKey> sort_keys;
      for (std::size_t k = 0; k < key_count; ++k) {
        planner::SortKey key{.output = k};
        if (k >= shape.partition_count) {
          key.descending = shape.order[k - shape.partition_count].descending;
          key.nulls_first = shape.order[k - shape.partition_count].nulls_first;
        }
        sort_keys.push_back(key);
      }
      if (!already_in_order(key_rows.columns, sort_keys, n)) {
        RowOrder row_order(key_rows, sort_keys);
        memory.add(static_cast<std::int64_t>(n * row_order.entry_bytes()));
        order = row_order.sorted(n, {}, interrupt_);
      }
      keys = std::move(key_rows.columns);
    }
    check_interrupt(interrupt_);
    if (!order.empty()) {
      rows = gather_rows(rows, order);
      charge_arrays(memory, rows);
      for (auto& key : keys) key = gather(key, n, order);
    }
    order.clear();
    order.shrink_to_fit();

    // Partitions, then ranges of whole partitions for the tasks.
    std::vector<std::uint32_t> partition_begin;
    for (std::uint32_t i = 0; i < n; ++i) {
      if (i == 0 || !equal_keys(keys, 0, shape.partition_count, i - 1, i)) partition_begin.push_back(i);
    }
    partition_begin.push_back(static_cast<std::uint32_t>(n));
    const auto threads = static_cast<std::size_t>(std::max(1, tbb::this_task_arena::max_concurrency()));
    std::size_t range_rows = std::max(kMinRangeRows, n / (4 * threads) + 1);
    if (last_group) range_rows = std::min(range_rows, kMorselRows);
    std::vector<RangeLayout> ranges;
    for (std::size_t p = 0; p + 1 < partition_begin.size();) {
      RangeLayout range;
      range.begin = partition_begin[p];
      while (p + 1 < partition_begin.size() && (partition_begin[p] - range.begin < range_rows || range.end == 0)) {
        range.end = partition_begin[++p];
      }
      ranges.push_back(std::move(range));
    }
    memory.add(static_cast<std::int64_t>(n * sizeof(std::uint32_t) * 3));

    // Each call's arguments over the sorted rows, its frame offsets checked once.
    std::vector<CallInput> inputs(group.size());
    for (std::size_t g = 0; g < group.size(); ++g) {
      const BoundExpression& call = calls[group[g]];
      const WindowShape& call_shape = *call.window;
      CallInput& input = inputs[g];
      input.call = &call;
      for (std::size_t a = 0; a < call_shape.argument_count; ++a) {
        input.arguments.push_back(evaluate(call.args[a], rows));
        // The values, and a task's copy of its range of them for an aggregate.
        memory.add(static_cast<std::int64_t>(n * 2 * (sizeof(std::string_view) + 1)));
      }
      input.frame.options = call_shape.frame_options;
      bool range = (call_shape.frame_options & option::kRange) != 0;
      if (call_shape.has_start_offset()) {
        Vector offset = frame_offset_value(call.args[call_shape.start_offset_index()], true, range);
        if (range) {
          input.range_start_offset = std::move(offset);
        } else {
          input.frame.start_offset = offset.ints[0];
        }
      }
      if (call_shape.has_end_offset()) {
        Vector offset = frame_offset_value(call.args[call_shape.end_offset_index()], false, range);
        if (range) {
          input.range_end_offset = std::move(offset);
        } else {
          input.frame.end_offset = offset.ints[0];
        }
      }
      if (call_shape.filter) {
        Vector filter = evaluate(call.args[call_shape.filter_index()], rows);
        input.counted.resize(n);
        for (std::size_t i = 0; i < n; ++i) input.counted[i] = !filter.is_null(i) && filter.ints[i] != 0;
      }
      if (call_shape.function == WindowFunction::kAggregate) {
        input.aggregate.kind = static_cast<planner::AggregateKind>(call_shape.aggregate);
        if (call_shape.argument_count >= 1) input.aggregate.argument = call.args[0];
        if (call_shape.argument_count >= 2) input.aggregate.separator = call.args[1];
        input.aggregate.type = call.type;
      }
    }

    std::vector<std::vector<Vector>> results(group.size(), std::vector<Vector>(ranges.size()));
    const TaskSessionValues session_values;  // RANGE offsets of timestamptz, date/time text, casts
    tbb::parallel_for(std::size_t{0}, ranges.size(), [&](std::size_t r) {
      TaskSessionValues::Installed installed(session_values);
      check_interrupt(interrupt_);
      RangeLayout& range = ranges[r];
      auto first_partition = std::lower_bound(partition_begin.begin(), partition_begin.end(),
                                              static_cast<std::uint32_t>(range.begin));
      for (auto p = static_cast<std::size_t>(first_partition - partition_begin.begin());
           p + 1 < partition_begin.size() && partition_begin[p] < range.end; ++p) {
        const std::uint32_t first = partition_begin[p], last = partition_begin[p + 1];
        range.partition_begin.push_back(static_cast<std::uint32_t>(first - range.begin));
        for (std::uint32_t i = first; i < last; ++i) {
          range.partition_of.push_back(static_cast<std::uint32_t>(range.partition_begin.size() - 1));
        }
      }
      range.partition_begin.push_back(static_cast<std::uint32_t>(range.end - range.begin));
      RangeEvaluator evaluator(range, keys, shape.partition_count, shape.order, memory, interrupt_);
      for (std::size_t g = 0; g < group.size(); ++g) results[g][r] = evaluator.evaluate_call(inputs[g]);
    });
    check_interrupt(interrupt_);
    if (last_group) {
      // Each range's rows go out with their results in slices of at most a
      // morsel (a range holds whole partitions, so one partition can make it
      // larger), all numbered in one sequence.
      std::vector<Chunk> range_results(ranges.size());
      std::vector<std::pair<std::size_t, std::size_t>> slices;  // range, first row in it
      for (std::size_t r = 0; r < ranges.size(); ++r) {
        Chunk& of_range = range_results[r];
        of_range.size = ranges[r].end - ranges[r].begin;
        for (std::size_t g = 0; g < group.size(); ++g) of_range.columns.push_back(std::move(results[g][r]));
        for (std::size_t begin = 0; begin < of_range.size; begin += kMorselRows) slices.emplace_back(r, begin);
      }
      run_partitions(slices.size(), [&](std::size_t s) {
        check_interrupt(interrupt_);
        const auto [r, begin] = slices[s];
        Chunk& of_range = range_results[r];
        const std::size_t count = std::min(of_range.size - begin, kMorselRows);
        Chunk chunk = slice(rows, ranges[r].begin + begin, ranges[r].begin + begin + count);
        Chunk part = count == of_range.size ? std::move(of_range) : slice(of_range, begin, begin + count);
        for (std::size_t g = 0; g < group.size(); ++g) chunk.columns[input_width + group[g]] = std::move(part.columns[g]);
        sink(std::move(chunk), s);
      });
      return;
    }
    for (std::size_t g = 0; g < group.size(); ++g) {
      std::vector<Chunk> parts;
      for (auto& result : results[g]) {
        Chunk part;
        part.size = result.size();
        part.columns.push_back(std::move(result));
        parts.push_back(std::move(part));
      }
      Chunk column = concatenate(std::move(parts), {calls[group[g]].type});
      charge_arrays(memory, column);
      rows.columns[input_width + group[g]] = std::move(column.columns[0]);
    }
  }
  stream_slices(std::move(rows), sink);  // only without calls: the last group streams its ranges
}


// EXPLAIN: the output columns' names, and the node's lines.

Labels PlanPrinter::operator_labels(const PlanNode&, const planner::WindowNode& window) {
  Labels labels = labels_of(*window.input);
  for (const auto& call : window.calls) labels.push_back({shown(call, labels, false), shown(call, labels, true)});
  return labels;
}

void PlanPrinter::print_operator(const PlanNode& node, const planner::WindowNode& window, const NodeLines& at) {
  title(at, "WindowAgg", node);
  labels_of(node);  // finds subqueries in the calls' arguments
  print_subqueries(at.details);
  print_node(*window.input, at.details, true);
}

}  // namespace ptreedb::exec
