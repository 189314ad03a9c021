// What a window function call computes besides its argument expressions: the
// function, and the shape of its window (PARTITION BY and ORDER BY counts,
// the ORDER BY directions, the frame). A kWindow BoundExpression holds one;
// its `args` are, in order: the function's arguments, the PARTITION BY
// expressions, the ORDER BY expressions, the frame's start and end offsets
// (when given) and the FILTER condition (when given).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ptreedb::planner {

enum class AggregateKind : std::uint8_t;
struct AggregateOrder;

enum class WindowFunction : std::uint8_t {
  kAggregate,  // an aggregate over the frame
  kRowNumber,
  kRank,
  kDenseRank,
  kPercentRank,
  kCumeDist,
  kNtile,
  kLag,
  kLead,
  kFirstValue,
  kLastValue,
  kNthValue,
};

// PostgreSQL's frame option bits (nodes/parsenodes.h), as the parse tree gives them.
namespace frame_option {
inline constexpr int kNonDefault = 0x00001;
inline constexpr int kRange = 0x00002;
inline constexpr int kRows = 0x00004;
inline constexpr int kGroups = 0x00008;
inline constexpr int kBetween = 0x00010;
inline constexpr int kStartUnboundedPreceding = 0x00020;
inline constexpr int kEndUnboundedPreceding = 0x00040;
inline constexpr int kStartUnboundedFollowing = 0x00080;
inline constexpr int kEndUnboundedFollowing = 0x00100;
inline constexpr int kStartCurrentRow = 0x00200;
inline constexpr int kEndCurrentRow = 0x00400;
inline constexpr int kStartOffsetPreceding = 0x00800;
inline constexpr int kEndOffsetPreceding = 0x01000;
inline constexpr int kStartOffsetFollowing = 0x02000;
inline constexpr int kEndOffsetFollowing = 0x04000;
inline constexpr int kExcludeCurrentRow = 0x08000;
inline constexpr int kExcludeGroup = 0x10000;
inline constexpr int kExcludeTies = 0x20000;
inline constexpr int kStartOffset = kStartOffsetPreceding | kStartOffsetFollowing;
inline constexpr int kEndOffset = kEndOffsetPreceding | kEndOffsetFollowing;
inline constexpr int kExclusion = kExcludeCurrentRow | kExcludeGroup | kExcludeTies;
inline constexpr int kDefaults = kRange | kStartUnboundedPreceding | kEndCurrentRow;
}  // namespace frame_option

struct WindowOrderKey {
  bool descending = false;
  bool nulls_first = false;
  bool operator==(const WindowOrderKey&) const = default;
};

struct WindowShape {
  WindowFunction function = WindowFunction::kRowNumber;
  std::uint8_t aggregate = 0;  // an AggregateKind, for kAggregate
  std::string name;            // the function's name, for EXPLAIN
  std::size_t argument_count = 0;
  std::size_t partition_count = 0;
  std::vector<WindowOrderKey> order;
  int frame_options = frame_option::kDefaults;
  bool filter = false;

  bool has_start_offset() const { return (frame_options & frame_option::kStartOffset) != 0; }
  bool has_end_offset() const { return (frame_options & frame_option::kEndOffset) != 0; }
  // Positions in the call's args.
  std::size_t partition_begin() const { return argument_count; }
  std::size_t order_begin() const { return argument_count + partition_count; }
  std::size_t offsets_begin() const { return order_begin() + order.size(); }
  std::size_t start_offset_index() const { return offsets_begin(); }
  std::size_t end_offset_index() const { return offsets_begin() + (has_start_offset() ? 1 : 0); }
  std::size_t filter_index() const { return end_offset_index() + (has_end_offset() ? 1 : 0); }
  // Same window (partitioning, order and frame), not counting the function.
  bool same_window(const WindowShape& other) const {
    return partition_count == other.partition_count && order == other.order && frame_options == other.frame_options;
  }
  bool operator==(const WindowShape&) const = default;
};

}  // namespace ptreedb::planner
