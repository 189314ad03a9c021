#include "exec/window/range_offset_bounds.h"

#include <catch2/catch.hpp>

#include <vector>

#include "storage/sql_error.h"

using namespace ptreedb;
using exec::Vector;
using exec::window::RangeOffsetBounds;
using value::SqlType;
using value::TypeId;

namespace {

Vector integers(const std::vector<std::int64_t>& values) {
  Vector out(SqlType::of(TypeId::kInteger));
  out.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) out.ints[i] = values[i];
  return out;
}

Vector offset(std::int64_t value) {
  Vector out(SqlType::of(TypeId::kBigint));
  out.resize(1);
  out.ints[0] = value;
  return out;
}

}  // namespace

TEST_CASE("RANGE offsets find the rows within the key distance, ascending") {
  Vector keys = integers({1, 3, 3, 6, 10});
  Vector two = offset(2);
  planner::WindowOrderKey ascending;
  // Row 3 (key 6): 2 PRECEDING starts at the first key >= 4; 2 FOLLOWING ends after the last key <= 8.
  CHECK(RangeOffsetBounds(keys, ascending, two, true, true).bound(3, 0, 5) == 3);
  CHECK(RangeOffsetBounds(keys, ascending, two, false, false).bound(3, 0, 5) == 4);
  // Row 1 (key 3): 2 PRECEDING starts at key 1; the end 2 PRECEDING is after key 1.
  CHECK(RangeOffsetBounds(keys, ascending, two, true, true).bound(1, 0, 5) == 0);
  CHECK(RangeOffsetBounds(keys, ascending, two, false, true).bound(1, 0, 5) == 1);
  // 2 FOLLOWING as a start from key 3: the first key >= 5.
  CHECK(RangeOffsetBounds(keys, ascending, two, true, false).bound(1, 0, 5) == 3);
}

TEST_CASE("RANGE offsets on a descending key go the other way, without overflow") {
  Vector keys = integers({INT64_MAX, 10, 6, 3, INT64_MIN});
  Vector four = offset(4);
  planner::WindowOrderKey descending{true, true};
  // Row 2 (key 6): 4 PRECEDING means keys up to 10; 4 FOLLOWING keys down to 2.
  CHECK(RangeOffsetBounds(keys, descending, four, true, true).bound(2, 0, 5) == 1);
  CHECK(RangeOffsetBounds(keys, descending, four, false, false).bound(2, 0, 5) == 4);
  Vector huge = offset(INT64_MAX);
  // key 3 + INT64_MAX and key 10 - INT64_MAX are past bigint, not wrapped around.
  CHECK(RangeOffsetBounds(keys, descending, huge, true, true).bound(3, 0, 5) == 0);
  CHECK(RangeOffsetBounds(keys, descending, huge, false, false).bound(1, 0, 5) == 4);
  CHECK(RangeOffsetBounds(keys, descending, huge, true, true).bound(4, 0, 5) == 4);
}

TEST_CASE("a negative RANGE offset is 22013") {
  try {
    exec::window::check_range_offset(offset(-1));
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(error.sqlstate() == std::string("22013"));
  }
  CHECK_NOTHROW(exec::window::check_range_offset(offset(0)));
}
