#include "exec/window/window_frames.h"

#include <algorithm>

#include "planner/window_call.h"

namespace ptreedb::exec::window {

namespace option = planner::frame_option;

namespace {

// row - offset and row + offset, kept within [0, limit].
std::uint32_t back(std::uint32_t row, std::int64_t offset) {
  return offset >= static_cast<std::int64_t>(row) ? 0 : static_cast<std::uint32_t>(row - offset);
}
std::uint32_t ahead(std::uint32_t row, std::int64_t offset, std::uint32_t limit) {
  return offset >= static_cast<std::int64_t>(limit - row) ? limit : static_cast<std::uint32_t>(row + offset);
}

}  // namespace

RowRange frame_bounds(const FrameDefinition& frame, const PeerGroups& peers, std::uint32_t row,
                      std::uint32_t range_start, std::uint32_t range_end) {
  const auto rows = static_cast<std::uint32_t>(peers.rows());
  const auto groups = static_cast<std::uint32_t>(peers.groups());
  const int options = frame.options;
  const std::uint32_t group = peers.group_of[row];
  RowRange out;
  if ((options & option::kStartUnboundedPreceding) != 0) {
    out.begin = 0;
  } else if ((options & option::kStartCurrentRow) != 0) {
    out.begin = (options & option::kRows) != 0 ? row : peers.group_begin[group];
  } else if ((options & option::kRows) != 0) {
    out.begin = (options & option::kStartOffsetPreceding) != 0 ? back(row, frame.start_offset)
                                                               : ahead(row, frame.start_offset, rows);
  } else if ((options & option::kGroups) != 0) {
    std::uint32_t first = (options & option::kStartOffsetPreceding) != 0 ? back(group, frame.start_offset)
                                                                         : ahead(group, frame.start_offset, groups);
    out.begin = peers.group_begin[first];
  } else {
    out.begin = range_start;
  }
  if ((options & option::kEndUnboundedFollowing) != 0) {
    out.end = rows;
  } else if ((options & option::kEndCurrentRow) != 0) {
    out.end = (options & option::kRows) != 0 ? row + 1 : peers.group_begin[group + 1];
  } else if ((options & option::kRows) != 0) {
    // The last row in the frame is row -/+ offset; the range ends after it.
    if ((options & option::kEndOffsetPreceding) != 0) {
      out.end = frame.end_offset > static_cast<std::int64_t>(row) ? 0 : back(row, frame.end_offset) + 1;
    } else {
      out.end = ahead(row, frame.end_offset, rows - 1) + 1;
    }
  } else if ((options & option::kGroups) != 0) {
    if ((options & option::kEndOffsetPreceding) != 0) {
      out.end = frame.end_offset > static_cast<std::int64_t>(group) ? 0
                                                                    : peers.group_begin[back(group, frame.end_offset) + 1];
    } else {
      out.end = peers.group_begin[ahead(group, frame.end_offset, groups - 1) + 1];
    }
  } else {
    out.end = range_end;
  }
  if (out.end < out.begin) out.end = out.begin;
  return out;
}

std::size_t FramePieces::rows() const {
  std::size_t total = 0;
  for (std::uint8_t i = 0; i < count; ++i) total += pieces[i].end - pieces[i].begin;
  return total;
}

FramePieces exclude(const FrameDefinition& frame, const PeerGroups& peers, std::uint32_t row, RowRange bounds) {
  FramePieces out;
  auto add = [&](std::uint32_t begin, std::uint32_t end) {
    begin = std::max(begin, bounds.begin);
    end = std::min(end, bounds.end);
    if (begin < end) out.pieces[out.count++] = {begin, end};
  };
  const int options = frame.options;
  if ((options & option::kExclusion) == 0) {
    add(bounds.begin, bounds.end);
  } else if ((options & option::kExcludeCurrentRow) != 0) {
    add(bounds.begin, row);
    add(row + 1, bounds.end);
  } else {
    std::uint32_t peers_begin = peers.peers_begin(row), peers_end = peers.peers_end(row);
    add(bounds.begin, peers_begin);
    if ((options & option::kExcludeTies) != 0) add(row, row + 1);
    add(peers_end, bounds.end);
  }
  return out;
}

bool is_growing_frame(const FrameDefinition& frame) {
  return (frame.options & option::kStartUnboundedPreceding) != 0 && (frame.options & option::kExclusion) == 0;
}

bool is_whole_partition_frame(const FrameDefinition& frame, bool ordered) {
  if (!is_growing_frame(frame)) return false;
  if ((frame.options & option::kEndUnboundedFollowing) != 0) return true;
  return !ordered && (frame.options & option::kEndCurrentRow) != 0 && (frame.options & option::kRows) == 0;
}

}  // namespace ptreedb::exec::window
