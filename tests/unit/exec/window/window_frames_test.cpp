#include "exec/window/window_frames.h"

#include <catch2/catch.hpp>

#include <vector>

#include "planner/window_call.h"

using namespace ptreedb;
using exec::window::exclude;
using exec::window::frame_bounds;
using exec::window::FrameDefinition;
using exec::window::PeerGroups;
using exec::window::RowRange;
namespace option = planner::frame_option;

namespace {

// Keys 1 1 2 3 3 3 4: peer groups {0,1} {2} {3,4,5} {6}.
PeerGroups sample_peers() {
  std::vector<int> keys = {1, 1, 2, 3, 3, 3, 4};
  return exec::window::peer_groups(keys.size(), [&](std::size_t i) { return keys[i] == keys[i - 1]; });
}

std::vector<RowRange> pieces_of(const FrameDefinition& frame, const PeerGroups& peers, std::uint32_t row) {
  auto pieces = exclude(frame, peers, row, frame_bounds(frame, peers, row));
  return std::vector<RowRange>(pieces.pieces.begin(), pieces.pieces.begin() + pieces.count);
}

}  // namespace

TEST_CASE("peer groups split rows where the keys change") {
  PeerGroups peers = sample_peers();
  CHECK(peers.groups() == 4);
  CHECK(peers.group_begin == std::vector<std::uint32_t>{0, 2, 3, 6, 7});
  CHECK(peers.peers_begin(4) == 3);
  CHECK(peers.peers_end(4) == 6);
  CHECK(peers.group_of[6] == 3);
}

TEST_CASE("the default frame is RANGE from the start to the last peer") {
  PeerGroups peers = sample_peers();
  FrameDefinition frame{option::kDefaults};
  CHECK(frame_bounds(frame, peers, 0) == RowRange{0, 2});
  CHECK(frame_bounds(frame, peers, 3) == RowRange{0, 6});
  CHECK(frame_bounds(frame, peers, 6) == RowRange{0, 7});
  CHECK(exec::window::is_growing_frame(frame));
}

TEST_CASE("ROWS frames count rows and clamp at the partition") {
  PeerGroups peers = sample_peers();
  FrameDefinition sliding{option::kRows | option::kStartOffsetPreceding | option::kEndOffsetFollowing, 2, 1};
  CHECK(frame_bounds(sliding, peers, 0) == RowRange{0, 2});
  CHECK(frame_bounds(sliding, peers, 4) == RowRange{2, 6});
  CHECK(frame_bounds(sliding, peers, 6) == RowRange{4, 7});
  CHECK_FALSE(exec::window::is_growing_frame(sliding));
  // 5 FOLLOWING .. 2 FOLLOWING is empty; huge offsets do not overflow.
  FrameDefinition backwards{option::kRows | option::kStartOffsetFollowing | option::kEndOffsetFollowing, 5, 2};
  CHECK(frame_bounds(backwards, peers, 1).empty());
  FrameDefinition huge{option::kRows | option::kStartOffsetPreceding | option::kEndOffsetFollowing, INT64_MAX,
                       INT64_MAX};
  CHECK(frame_bounds(huge, peers, 3) == RowRange{0, 7});
  FrameDefinition before{option::kRows | option::kStartUnboundedPreceding | option::kEndOffsetPreceding, 0, 2};
  CHECK(frame_bounds(before, peers, 1).empty());
  CHECK(frame_bounds(before, peers, 4) == RowRange{0, 3});
}

TEST_CASE("GROUPS frames count peer groups") {
  PeerGroups peers = sample_peers();
  FrameDefinition groups{option::kGroups | option::kStartOffsetPreceding | option::kEndOffsetFollowing, 1, 1};
  CHECK(frame_bounds(groups, peers, 0) == RowRange{0, 3});
  CHECK(frame_bounds(groups, peers, 2) == RowRange{0, 6});
  CHECK(frame_bounds(groups, peers, 5) == RowRange{2, 7});
  FrameDefinition earlier{option::kGroups | option::kStartOffsetPreceding | option::kEndOffsetPreceding, 2, 1};
  CHECK(frame_bounds(earlier, peers, 0).empty());
  CHECK(frame_bounds(earlier, peers, 4) == RowRange{0, 3});
}

TEST_CASE("RANGE with offsets takes the bounds the caller found") {
  PeerGroups peers = sample_peers();
  FrameDefinition range{option::kRange | option::kStartOffsetPreceding | option::kEndCurrentRow};
  CHECK(frame_bounds(range, peers, 4, 2, 0) == RowRange{2, 6});
}

TEST_CASE("EXCLUDE removes the row, its group or its ties") {
  PeerGroups peers = sample_peers();
  const int all = option::kRows | option::kStartUnboundedPreceding | option::kEndUnboundedFollowing;
  CHECK(pieces_of({all | option::kExcludeCurrentRow}, peers, 4) == std::vector<RowRange>{{0, 4}, {5, 7}});
  CHECK(pieces_of({all | option::kExcludeGroup}, peers, 4) == std::vector<RowRange>{{0, 3}, {6, 7}});
  CHECK(pieces_of({all | option::kExcludeTies}, peers, 4) ==
        std::vector<RowRange>{{0, 3}, {4, 5}, {6, 7}});
  CHECK(pieces_of({all}, peers, 4) == std::vector<RowRange>{{0, 7}});
  // A frame inside the excluded group leaves nothing.
  FrameDefinition current{option::kRows | option::kStartCurrentRow | option::kEndCurrentRow | option::kExcludeGroup};
  CHECK(pieces_of(current, peers, 3).empty());
  CHECK_FALSE(exec::window::is_growing_frame({all | option::kExcludeTies}));
}

TEST_CASE("whole-partition frames: to the end, or the default frame without ORDER BY") {
  using exec::window::is_whole_partition_frame;
  const int to_end = option::kRows | option::kStartUnboundedPreceding | option::kEndUnboundedFollowing;
  CHECK(is_whole_partition_frame({to_end}, true));
  CHECK(is_whole_partition_frame({option::kDefaults}, false));
  CHECK_FALSE(is_whole_partition_frame({option::kDefaults}, true));
  CHECK_FALSE(is_whole_partition_frame({option::kRows | option::kStartUnboundedPreceding | option::kEndCurrentRow}, false));
  CHECK_FALSE(is_whole_partition_frame({to_end | option::kExcludeCurrentRow}, true));
  CHECK_FALSE(is_whole_partition_frame(
      {option::kRange | option::kStartCurrentRow | option::kEndUnboundedFollowing}, false));
}
