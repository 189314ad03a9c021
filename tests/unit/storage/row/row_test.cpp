#include "storage/row/row.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

using namespace ptreedb::storage;
using ptreedb::value::Decimal;
using ptreedb::value::TypeId;

TEST_CASE("a row stores every type at its slot and reads it back") {
  std::vector<TypeId> types = {TypeId::kBoolean, TypeId::kSmallint, TypeId::kInteger,
                               TypeId::kBigint,  TypeId::kNumeric,  TypeId::kReal,
                               TypeId::kDouble,  TypeId::kChar,     TypeId::kVarchar,
                               TypeId::kText,    TypeId::kDate,     TypeId::kTimestamp,
                               TypeId::kInterval};
  std::int64_t live_before = RowRef::live_rows();
  {
    RowLayout layout(types);
    // Slots never overlap and stay inside the fixed part.
    for (std::size_t a = 0; a < types.size(); ++a) {
      CHECK(layout.offset(a) + slot_width(types[a]) <= layout.fixed_size());
      for (std::size_t b = a + 1; b < types.size(); ++b) {
        bool disjoint = layout.offset(a) + slot_width(types[a]) <= layout.offset(b) ||
                        layout.offset(b) + slot_width(types[b]) <= layout.offset(a);
        CHECK(disjoint);
      }
    }
    RowBuilder builder(layout);
    builder.set_bool(0, true);
    builder.set_int(1, -7);
    builder.set_int(2, 123456);
    builder.set_int(3, -9000000000LL);
    builder.set_decimal(4, Decimal{static_cast<__int128>(123456789012345678LL) * 1000, 5});
    builder.set_double(5, 1.5);
    builder.set_double(6, -2.25e100);
    builder.set_text(7, "ab   ");
    builder.set_text(8, "hello");
    builder.set_text(9, std::string(1000, 'x'));
    builder.set_date(10, -36500);
    builder.set_timestamp(11, 1234567890123LL);
    builder.set_interval(12, ptreedb::value::Interval{14, -3, 5000000});
    RowRef row = builder.finish();

    for (std::size_t column = 0; column < types.size(); ++column) CHECK_FALSE(row.is_null(column));
    CHECK(row.get_bool(layout.offset(0)));
    CHECK(row.get_int(layout.offset(1)) == -7);
    CHECK(row.get_int(layout.offset(2)) == 123456);
    CHECK(row.get_int(layout.offset(3)) == -9000000000LL);
    Decimal decimal = row.get_decimal(layout.offset(4));
    CHECK(decimal.units == static_cast<__int128>(123456789012345678LL) * 1000);
    CHECK(decimal.scale == 5);
    CHECK(row.get_double(layout.offset(5)) == 1.5);
    CHECK(row.get_double(layout.offset(6)) == -2.25e100);
    CHECK(row.get_text(layout.offset(7)) == "ab   ");
    CHECK(row.get_text(layout.offset(8)) == "hello");
    CHECK(row.get_text(layout.offset(9)) == std::string(1000, 'x'));
    CHECK(row.get_date(layout.offset(10)) == -36500);
    CHECK(row.get_timestamp(layout.offset(11)) == 1234567890123LL);
    CHECK(row.get_interval(layout.offset(12)) == ptreedb::value::Interval{14, -3, 5000000});
    CHECK(row.total_size() == layout.fixed_size() + 5 + 5 + 1000);

    // The builder starts the next row from all NULLs.
    builder.set_int(1, 3);
    RowRef sparse = builder.finish();
    CHECK(sparse.is_null(0));
    CHECK_FALSE(sparse.is_null(1));
    CHECK(sparse.is_null(12));
  }
  CHECK(RowRef::live_rows() == live_before);
}

TEST_CASE("row handles count references across threads and free the row once") {
  std::int64_t live_before = RowRef::live_rows();
  {
    std::vector<TypeId> types = {TypeId::kBigint, TypeId::kText};
    RowLayout layout(types);
    RowBuilder builder(layout);
    builder.set_int(0, 42);
    builder.set_text(1, "shared");
    RowRef row = builder.finish();
    std::uint32_t offset = layout.offset(0);
    std::atomic<int> mismatches{0};  // Catch2 assertions are not thread-safe
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([row, offset, &mismatches] {
        for (int round = 0; round < 100; ++round) {
          std::vector<RowRef> copies(100, row);
          for (const auto& copy : copies) mismatches += copy.get_int(offset) != 42;
        }
      });
    }
    for (auto& thread : threads) thread.join();
    CHECK(mismatches == 0);
    CHECK(RowRef::live_rows() == live_before + 1);
  }
  CHECK(RowRef::live_rows() == live_before);
}
