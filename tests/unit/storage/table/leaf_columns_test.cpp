// A leaf's column arrays hold exactly what its rows hold, for every slot
// kind, with NULLs, and numerics narrowed only when every value allows it.
#include "storage/table/leaf_columns.h"

#include <catch2/catch.hpp>

#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "storage/row/row_layout.h"
#include "storage/value/type_id.h"

using namespace ptreedb::storage;
using ptreedb::value::Decimal;
using ptreedb::value::Interval;
using ptreedb::value::TypeId;

namespace {

const std::vector<TypeId> kTypes = {TypeId::kBoolean, TypeId::kDate,     TypeId::kBigint, TypeId::kDouble,
                                    TypeId::kNumeric, TypeId::kText,     TypeId::kInterval, TypeId::kNumeric};

// Row i: NULLs in every column where i % 7 == 3; column 7's numerics change
// scale halfway and pass int64 at the end.
std::vector<RowRef> sample_rows(const RowLayout& layout, int count) {
  RowBuilder builder(layout);
  std::vector<RowRef> rows;
  for (int i = 0; i < count; ++i) {
    if (i % 7 != 3) {
      builder.set_bool(0, i % 2 == 0);
      builder.set_date(1, -i * 3);
      builder.set_int(2, static_cast<std::int64_t>(i) * 1'000'000'007LL);
      builder.set_double(3, i * 0.25);
      builder.set_decimal(4, Decimal{static_cast<__int128>(i) * 101, 2});
      builder.set_text(5, "text " + std::to_string(i));
      builder.set_interval(6, Interval{i, -i, static_cast<std::int64_t>(i) * 1000});
      __int128 big = i == count - 1 ? static_cast<__int128>(1) << 70 : i;
      builder.set_decimal(7, Decimal{big, i < count / 2 ? 1 : 3});
    }
    rows.push_back(builder.finish());
  }
  return rows;
}

}  // namespace

TEST_CASE("leaf columns equal the rows they were built from", "[leaf_columns]") {
  RowLayout layout(kTypes);
  const int count = 100;
  std::vector<RowRef> rows = sample_rows(layout, count);
  const SlotKind kinds[] = {SlotKind::kBool, SlotKind::kDate, SlotKind::kInt, SlotKind::kDouble,
                            SlotKind::kDecimal, SlotKind::kText, SlotKind::kInterval, SlotKind::kDecimal};
  LeafColumns columns(kTypes.size());
  for (std::size_t c = 0; c < kTypes.size(); ++c) {
    const LeafColumn* column = columns.column(c, kinds[c], layout.offset(c), rows.data(), count);
    REQUIRE(column != nullptr);
    REQUIRE(column->size() == count);
    REQUIRE(column->nulls() != nullptr);
    // The second reader gets the same column.
    CHECK(columns.column(c, kinds[c], layout.offset(c), rows.data(), count) == column);
    for (int i = 0; i < count; ++i) {
      const RowRef& row = rows[i];
      CHECK(column->nulls()[i] == (i % 7 == 3 ? 1 : 0));
      if (row.is_null(c)) continue;
      const std::uint32_t offset = layout.offset(c);
      switch (column->storage()) {
        case LeafColumn::Storage::kBytes: CHECK(column->values<std::uint8_t>()[i] == row.get_bool(offset)); break;
        case LeafColumn::Storage::kInt32: CHECK(column->integer(i) == row.get_date(offset)); break;
        case LeafColumn::Storage::kInt64: CHECK(column->integer(i) == row.get_int(offset)); break;
        case LeafColumn::Storage::kDouble: CHECK(column->values<double>()[i] == row.get_double(offset)); break;
        case LeafColumn::Storage::kDecimal64:
          CHECK(column->integer(i) == row.get_decimal(offset).units);
          CHECK(column->decimal_scale() == row.get_decimal(offset).scale);
          break;
        case LeafColumn::Storage::kDecimal128:
          CHECK(column->values<Decimal>()[i].units == row.get_decimal(offset).units);
          CHECK(column->values<Decimal>()[i].scale == row.get_decimal(offset).scale);
          break;
        case LeafColumn::Storage::kText: CHECK(column->values<std::string_view>()[i] == row.get_text(offset)); break;
        case LeafColumn::Storage::kInterval: {
          Interval stored = column->values<Interval>()[i], expected = row.get_interval(offset);
          CHECK(stored.months == expected.months);
          CHECK(stored.days == expected.days);
          CHECK(stored.micros == expected.micros);
          break;
        }
      }
    }
  }
  CHECK(columns.column(0, SlotKind::kBool, layout.offset(0), rows.data(), count)->storage() ==
        LeafColumn::Storage::kBytes);
  CHECK(columns.column(1, SlotKind::kDate, layout.offset(1), rows.data(), count)->storage() ==
        LeafColumn::Storage::kInt32);
  // One scale, small units: int64. Two scales and a unit past int64: whole Decimals.
  CHECK(columns.column(4, SlotKind::kDecimal, layout.offset(4), rows.data(), count)->storage() ==
        LeafColumn::Storage::kDecimal64);
  CHECK(columns.column(7, SlotKind::kDecimal, layout.offset(7), rows.data(), count)->storage() ==
        LeafColumn::Storage::kDecimal128);
}

TEST_CASE("integral columns take codes as narrow as the leaf's range of values", "[leaf_columns]") {
  const std::vector<TypeId> types = {TypeId::kBigint};
  RowLayout layout(types);
  // The least value, then the greatest for each width's edge: a range of
  // 2^8 - 1 fits one byte, 2^8 takes two; and so on up to the whole int64.
  struct Case {
    std::int64_t least, greatest;
    std::uint32_t bytes;
  };
  const std::int64_t kMin = std::numeric_limits<std::int64_t>::min(), kMax = std::numeric_limits<std::int64_t>::max();
  const Case cases[] = {{-5, -5 + 255, 1},         {-5, -5 + 256, 2},      {1000, 1000 + 65535, 2},
                        {1000, 1000 + 65536, 4},   {-7, -7 + 0xffffffffLL, 4}, {-7, -7 + 0x100000000LL, 8},
                        {kMin, kMax, 8},           {kMax - 3, kMax, 1},    {kMin, kMin + 200, 1}};
  for (const Case& c : cases) {
    RowBuilder builder(layout);
    std::vector<RowRef> rows;
    std::vector<std::int64_t> expected;
    for (int i = 0; i < 40; ++i) {
      // Between the two ends, with a NULL every ninth row.
      const std::uint64_t step = (static_cast<std::uint64_t>(c.greatest) - static_cast<std::uint64_t>(c.least)) / 40;
      const std::int64_t v = i == 0   ? c.least
                             : i == 1 ? c.greatest
                                      : static_cast<std::int64_t>(static_cast<std::uint64_t>(c.least) + step * i);
      if (i % 9 == 4) {
        expected.push_back(0);
      } else {
        builder.set_int(0, v);
        expected.push_back(v);
      }
      rows.push_back(builder.finish());
    }
    const std::unique_ptr<LeafColumn> column(LeafColumn::build(rows.data(), 40, 0, SlotKind::kInt, layout.offset(0)));
    INFO("range " << c.least << " .. " << c.greatest);
    CHECK(column->code_bytes() == c.bytes);
    CHECK(column->min() == c.least);
    CHECK(column->max() == c.greatest);
    CHECK(column->reference() == c.least);
    for (std::uint32_t i = 0; i < 40; ++i) {
      if (i % 9 == 4) {
        CHECK(column->nulls()[i] == 1);
        continue;
      }
      CHECK(column->integer(i) == expected[i]);
    }
  }
}

TEST_CASE("a column built under another slot is not handed out", "[leaf_columns]") {
  RowLayout layout(kTypes);
  std::vector<RowRef> rows = sample_rows(layout, 20);
  LeafColumns columns(kTypes.size());
  REQUIRE(columns.column(2, SlotKind::kInt, layout.offset(2), rows.data(), 20) != nullptr);
  CHECK(columns.column(2, SlotKind::kDouble, layout.offset(2), rows.data(), 20) == nullptr);
  CHECK(columns.column(2, SlotKind::kInt, layout.offset(3), rows.data(), 20) == nullptr);
  CHECK(columns.column(kTypes.size(), SlotKind::kInt, layout.offset(2), rows.data(), 20) == nullptr);
}

TEST_CASE("short texts are read from the column's own copy, long ones from the rows", "[leaf_columns]") {
  const std::vector<TypeId> types = {TypeId::kText};
  RowLayout layout(types);
  RowBuilder builder(layout);
  std::vector<RowRef> short_rows, long_rows;
  for (int i = 0; i < 30; ++i) {
    if (i % 5 != 2) builder.set_text(0, "v" + std::to_string(i));
    short_rows.push_back(builder.finish());
    builder.set_text(0, i == 17 ? std::string(kCopiedTextBytes + 1, 'x') : "w" + std::to_string(i));
    long_rows.push_back(builder.finish());
  }
  auto inside = [](std::string_view text, const RowRef& row) {
    return text.data() >= reinterpret_cast<const char*>(row.bytes()) &&
           text.data() < reinterpret_cast<const char*>(row.bytes()) + row.total_size();
  };
  const std::unique_ptr<LeafColumn> copied_built(LeafColumn::build(short_rows.data(), 30, 0, SlotKind::kText, layout.offset(0)));
  const LeafColumn& copied = *copied_built;
  const std::unique_ptr<LeafColumn> viewed_built(LeafColumn::build(long_rows.data(), 30, 0, SlotKind::kText, layout.offset(0)));
  const LeafColumn& viewed = *viewed_built;
  std::size_t copied_bytes = 0;
  for (int i = 0; i < 30; ++i) {
    const std::string_view text = copied.values<std::string_view>()[i];
    CHECK(text == (i % 5 == 2 ? std::string_view() : short_rows[i].get_text(layout.offset(0))));
    CHECK(!inside(text, short_rows[i]));
    copied_bytes += text.size();
    CHECK(viewed.values<std::string_view>()[i] == long_rows[i].get_text(layout.offset(0)));
    CHECK(inside(viewed.values<std::string_view>()[i], long_rows[i]));
  }
  CHECK(copied.bytes() >= 30 * sizeof(std::string_view) + copied_bytes);
}

TEST_CASE("a text column with few distinct values numbers them", "[leaf_columns]") {
  const std::vector<TypeId> types = {TypeId::kText};
  RowLayout layout(types);
  RowBuilder builder(layout);
  std::vector<RowRef> few, many;
  for (int i = 0; i < 100; ++i) {
    if (i % 9 != 4) builder.set_text(0, "k" + std::to_string(i % 5));
    few.push_back(builder.finish());
    builder.set_text(0, "k" + std::to_string(i));
    many.push_back(builder.finish());
  }
  const std::unique_ptr<LeafColumn> numbered_built(LeafColumn::build(few.data(), 100, 0, SlotKind::kText, layout.offset(0)));
  const LeafColumn& numbered = *numbered_built;
  REQUIRE(numbered.codes() != nullptr);
  CHECK(numbered.dictionary().size() == 5);
  for (int i = 0; i < 100; ++i) {
    if (i % 9 == 4) {
      CHECK(numbered.codes()[i] == LeafColumn::kNullCode);
    } else {
      CHECK(numbered.dictionary()[numbered.codes()[i]] == "k" + std::to_string(i % 5));
      // Rows of one value share the one copy of its bytes.
      CHECK(numbered.dictionary()[numbered.codes()[i]].data() == numbered.values<std::string_view>()[i].data());
    }
  }
  const std::unique_ptr<LeafColumn> unnumbered_built(LeafColumn::build(many.data(), 100, 0, SlotKind::kText, layout.offset(0)));
  const LeafColumn& unnumbered = *unnumbered_built;
  CHECK(unnumbered.codes() == nullptr);
}

TEST_CASE("leaf columns count the bytes they hold while alive", "[leaf_columns]") {
  RowLayout layout(kTypes);
  std::vector<RowRef> rows = sample_rows(layout, 64);
  const std::int64_t before = LeafColumns::live_bytes();
  {
    LeafColumns columns(kTypes.size());
    columns.column(2, SlotKind::kInt, layout.offset(2), rows.data(), 64);
    CHECK(LeafColumns::live_bytes() - before >= static_cast<std::int64_t>(64 * sizeof(std::int64_t)));
  }
  CHECK(LeafColumns::live_bytes() == before);
}

TEST_CASE("readers racing to build a leaf's columns all get the one kept", "[leaf_columns][concurrency]") {
  RowLayout layout(kTypes);
  std::vector<RowRef> rows = sample_rows(layout, 128);
  for (int round = 0; round < 20; ++round) {
    LeafColumns columns(kTypes.size());
    std::vector<const LeafColumn*> seen(8 * 3);
    std::vector<char> right_value(8, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) {
      threads.emplace_back([&, t] {
        // Each thread asks for the same three columns in its own order.
        for (int k = 0; k < 3; ++k) {
          const std::size_t c = static_cast<std::size_t>((t + k) % 3) + 2;  // bigint, double, numeric
          const SlotKind kind = c == 2 ? SlotKind::kInt : c == 3 ? SlotKind::kDouble : SlotKind::kDecimal;
          const LeafColumn* column = columns.column(c, kind, layout.offset(c), rows.data(), 128);
          seen[static_cast<std::size_t>(t * 3) + (c - 2)] = column;
          // Catch's assertions are not thread-safe: record, check after join.
          if (column != nullptr && kind == SlotKind::kInt) {
            right_value[static_cast<std::size_t>(t)] =
                column->integer(5) == rows[5].get_int(layout.offset(c));
          }
        }
      });
    }
    for (auto& thread : threads) thread.join();
    for (int t = 0; t < 8; ++t) {
      CHECK(right_value[static_cast<std::size_t>(t)] == 1);
      for (std::size_t c = 0; c < 3; ++c) {
        REQUIRE(seen[static_cast<std::size_t>(t * 3) + c] != nullptr);
        CHECK(seen[static_cast<std::size_t>(t * 3) + c] == seen[c]);
      }
    }
  }
}
