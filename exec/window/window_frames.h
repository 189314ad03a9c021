// The rows of a window frame: for a row of one partition (rows numbered from
// 0 in window order), the frame's bounds by ROWS, RANGE or GROUPS, then the
// pieces left after EXCLUDE. Pure arithmetic over peer groups, so it is unit
// tested alone; RANGE offsets, which compare key values, come in as bounds
// computed by the caller (exec/window/range_offset_bounds.h).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ptreedb::exec::window {

// Peer groups of one partition: rows equal in every ORDER BY key.
struct PeerGroups {
  std::vector<std::uint32_t> group_of;     // per row
  std::vector<std::uint32_t> group_begin;  // per group its first row, then one entry: the row count

  std::size_t rows() const { return group_of.size(); }
  std::size_t groups() const { return group_begin.size() - 1; }
  std::uint32_t peers_begin(std::uint32_t row) const { return group_begin[group_of[row]]; }
  std::uint32_t peers_end(std::uint32_t row) const { return group_begin[group_of[row] + 1]; }
};

// Peer groups of `rows` rows, where same_as_previous(i) tells whether row i
// (i >= 1) is a peer of row i - 1.
template <class SameAsPrevious>
PeerGroups peer_groups(std::size_t rows, const SameAsPrevious& same_as_previous);

// The same into `peers`, reusing its arrays (one partition after another).
template <class SameAsPrevious>
void fill_peer_groups(PeerGroups& peers, std::size_t rows, const SameAsPrevious& same_as_previous) {
  peers.group_of.resize(rows);
  peers.group_begin.clear();
  for (std::size_t i = 0; i < rows; ++i) {
    if (i == 0 || !same_as_previous(i)) peers.group_begin.push_back(static_cast<std::uint32_t>(i));
    peers.group_of[i] = static_cast<std::uint32_t>(peers.group_begin.size() - 1);
  }
  peers.group_begin.push_back(static_cast<std::uint32_t>(rows));
}

template <class SameAsPrevious>
PeerGroups peer_groups(std::size_t rows, const SameAsPrevious& same_as_previous) {
  PeerGroups peers;
  fill_peer_groups(peers, rows, same_as_previous);
  return peers;
}

// Rows [begin, end); empty when begin >= end.
struct RowRange {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool empty() const { return begin >= end; }
  bool operator==(const RowRange&) const = default;
};

// A frame's definition: planner frame option bits (planner/window_call.h)
// and its ROWS/GROUPS offsets (non-negative; RANGE offsets are resolved by
// the caller into `range_start` / `range_end`).
struct FrameDefinition {
  int options = 0;
  std::int64_t start_offset = 0;
  std::int64_t end_offset = 0;
};

// The frame of `row` before exclusion. For RANGE with an offset,
// `range_start`/`range_end` are that row's bounds from the key values.
RowRange frame_bounds(const FrameDefinition& frame, const PeerGroups& peers, std::uint32_t row,
                      std::uint32_t range_start = 0, std::uint32_t range_end = 0);

// What remains of `frame` after the definition's EXCLUDE: up to three
// ranges in row order (EXCLUDE TIES keeps the row between its peers).
struct FramePieces {
  std::array<RowRange, 3> pieces{};
  std::uint8_t count = 0;
  std::size_t rows() const;
};
FramePieces exclude(const FrameDefinition& frame, const PeerGroups& peers, std::uint32_t row, RowRange bounds);

// Whether every row's frame starts at the partition's first row and its end
// never moves back, with nothing excluded: a running aggregate suffices.
bool is_growing_frame(const FrameDefinition& frame);

// Whether every row's frame is its whole partition, nothing excluded: to the
// end (UNBOUNDED FOLLOWING), or, without ORDER BY (`ordered` false), to the
// current row's last peer by RANGE or GROUPS, since all rows are peers.
bool is_whole_partition_frame(const FrameDefinition& frame, bool ordered);

}  // namespace ptreedb::exec::window
