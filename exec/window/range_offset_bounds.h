// RANGE frames with an offset: where a row's frame starts or ends is found
// by comparing the ORDER BY key with the row's key moved by the offset
// (PostgreSQL's in_range): integers and numeric by a number, floats by a
// double, date, timestamp and interval keys by an interval.
#pragma once

#include <cstdint>

#include "exec/vector.h"
#include "planner/window_call.h"

namespace ptreedb::exec::window {

class RangeOffsetBounds {
 public:
  // `keys`: the sorted ORDER BY column; `offset`: element 0, not NULL and
  // not negative; `frame_start`: the frame's start (else its end);
  // `preceding`: an offset PRECEDING (else FOLLOWING).
  RangeOffsetBounds(const Vector& keys, planner::WindowOrderKey order, const Vector& offset, bool frame_start,
                    bool preceding);

  // For `row` (a non-NULL key) among rows [begin, end) of its partition
  // whose keys are not NULL: the first row of the frame (frame_start) or
  // the first row after it.
  std::uint32_t bound(std::uint32_t row, std::uint32_t begin, std::uint32_t end) const;

 private:
  // key[j] compared with key[row] moved by the offset: -1, 0, 1.
  int compare_to_target(std::uint32_t j, std::uint32_t row) const;

  const Vector& keys_;
  const Vector& offset_;
  bool descending_;
  bool frame_start_;
  bool subtract_;  // the target is the key minus the offset
};

// 22013 when a RANGE offset is negative (PostgreSQL's in_range message).
void check_range_offset(const Vector& offset);

}  // namespace ptreedb::exec::window
