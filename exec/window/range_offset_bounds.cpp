#include "exec/window/range_offset_bounds.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "storage/sql_error.h"
#include "storage/value/date_time.h"
#include "storage/value/timestamp_tz.h"

namespace ptreedb::exec::window {

using value::TypeId;

RangeOffsetBounds::RangeOffsetBounds(const Vector& keys, planner::WindowOrderKey order, const Vector& offset,
                                     bool frame_start, bool preceding)
    : keys_(keys),
      offset_(offset),
      descending_(order.descending),
      frame_start_(frame_start),
      subtract_(preceding != order.descending) {}

namespace {

template <class T>
int sign_of(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

// Float order as SQL sorts it: NaN equal to NaN and above everything else.
int float_order(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) - std::isnan(b);
  return sign_of(a, b);
}

}  // namespace

int RangeOffsetBounds::compare_to_target(std::uint32_t j, std::uint32_t row) const {
  switch (keys_.type.id) {
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: {
      __int128 off = offset_.ints[0];
      __int128 target = static_cast<__int128>(keys_.ints[row]) + (subtract_ ? -off : off);
      return sign_of(static_cast<__int128>(keys_.ints[j]), target);
    }
    case TypeId::kNumeric: {
      const value::Decimal base = keys_.decimal(row);
      value::Decimal target = subtract_ ? value::decimal_sub(base, offset_.decimal(0))
                                        : value::decimal_add(base, offset_.decimal(0));
      // An infinite offset from the same infinity is NaN: in_range then takes
      // every non-NaN row, as if the bound were the farthest infinity.
      if (value::decimal_is_nan(target) && !value::decimal_is_nan(base)) {
        target = frame_start_ != descending_ ? value::kDecimalNegativeInfinity : value::kDecimalInfinity;
      }
      return value::decimal_compare(keys_.decimal(j), target);
    }
    case TypeId::kReal:
    case TypeId::kDouble: {
      const double base = keys_.doubles[row];
      double target = subtract_ ? base - offset_.doubles[0] : base + offset_.doubles[0];
      if (std::isnan(target) && !std::isnan(base)) {
        target = frame_start_ != descending_ ? -std::numeric_limits<double>::infinity()
                                             : std::numeric_limits<double>::infinity();
      }
      return float_order(keys_.doubles[j], target);
    }
    case TypeId::kDate: {
      value::Date current{static_cast<std::int32_t>(keys_.ints[row])};
      value::Timestamp target = subtract_ ? value::date_sub_interval(current, offset_.intervals[0])
                                          : value::date_add_interval(current, offset_.intervals[0]);
      return sign_of(value::date_to_timestamp(value::Date{static_cast<std::int32_t>(keys_.ints[j])}), target);
    }
    case TypeId::kTimestamp: {
      value::Timestamp current{keys_.ints[row]};
      value::Timestamp target = subtract_ ? value::timestamp_sub_interval(current, offset_.intervals[0])
                                          : value::timestamp_add_interval(current, offset_.intervals[0]);
      return sign_of(value::Timestamp{keys_.ints[j]}, target);
    }
    case TypeId::kTimestampTz: {
      const value::TimeZone& zone = value::session_time_zone();
      value::TimestampTz current{keys_.ints[row]};
      value::TimestampTz target = subtract_ ? value::timestamptz_sub_interval(current, offset_.intervals[0], zone)
                                            : value::timestamptz_add_interval(current, offset_.intervals[0], zone);
      return sign_of(value::TimestampTz{keys_.ints[j]}, target);
    }
    case TypeId::kTime: {  // in_range_time_interval: the interval's time part, no wrapping
      const __int128 step = offset_.intervals[0].micros;
      const __int128 target = static_cast<__int128>(keys_.ints[row]) + (subtract_ ? -step : step);
      return sign_of(static_cast<__int128>(keys_.ints[j]), target);
    }
    case TypeId::kInterval: {
      value::Interval target = subtract_ ? value::interval_sub(keys_.intervals[row], offset_.intervals[0])
                                         : value::interval_add(keys_.intervals[row], offset_.intervals[0]);
      return value::interval_compare(keys_.intervals[j], target);
    }
    default:
      throw SqlError(sqlstate::kFeatureNotSupported, "RANGE with offset PRECEDING/FOLLOWING is not supported for column type " +
                                                         value::format_type(keys_.type));
  }
}

std::uint32_t RangeOffsetBounds::bound(std::uint32_t row, std::uint32_t begin, std::uint32_t end) const {
  // Rows before the target in window order come first; the frame starts at
  // the first row not before it and ends at the first row after it.
  std::uint32_t low = begin, high = end;
  while (low < high) {
    std::uint32_t middle = low + (high - low) / 2;
    int order = compare_to_target(middle, row);
    if (descending_) order = -order;
    bool before = frame_start_ ? order < 0 : order <= 0;
    if (before) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

void check_range_offset(const Vector& offset) {
  bool negative = false;
  switch (offset.type.id) {
    case TypeId::kSmallint:
    case TypeId::kInteger:
    case TypeId::kBigint: negative = offset.ints[0] < 0; break;
    case TypeId::kNumeric: negative = value::decimal_sign(offset.decimal(0)) < 0 || value::decimal_is_nan(offset.decimal(0)); break;
    case TypeId::kReal:
    case TypeId::kDouble: negative = offset.doubles[0] < 0 || offset.doubles[0] != offset.doubles[0]; break;
    case TypeId::kInterval: negative = value::interval_compare(offset.intervals[0], value::Interval{}) < 0; break;
    default: break;
  }
  if (negative) throw SqlError("22013", "invalid preceding or following size in window function");
}

}  // namespace ptreedb::exec::window
