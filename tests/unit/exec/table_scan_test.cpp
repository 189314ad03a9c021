#include "exec/table_scan.h"

#include "planner/logical_plan.h"
#include "exec/memory_budget.h"
#include "storage/table/table_keys.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

using namespace ptreedb;
using value::SqlType;
using value::TypeId;

namespace {

std::shared_ptr<const storage::Table> numbered_table(std::size_t count) {
  std::vector<storage::ColumnSchema> columns = {{"id", SqlType::of(TypeId::kBigint)},
                                                {"label", SqlType::of(TypeId::kText)},
                                                {"skipped", SqlType::of(TypeId::kBigint)}};
  auto schema = std::make_shared<storage::TableSchema>(16384, "numbers", columns, std::vector<std::size_t>{0});
  storage::RowBuilder builder(schema->layout());
  std::vector<storage::RowRef> rows;
  for (std::size_t i = 0; i < count; ++i) {
    // Inserted out of order: the tree's order is by key.
    std::int64_t id = static_cast<std::int64_t>((i * 7919) % count);
    builder.set_int(0, id);
    if (id % 5 != 0) builder.set_text(1, "row " + std::to_string(id));
    builder.set_int(2, -id);
    rows.push_back(builder.finish());
  }
  return std::make_shared<const storage::Table>(storage::Table(schema).insert_rows(std::move(rows)));
}

}  // namespace

TEST_CASE("a morsel reader yields the tree's rows in order from any position", "[table_scan]") {
  const std::size_t total = 5000;  // 7919 is prime, so ids are 0..4999 once each
  auto table = numbered_table(total);
  exec::TableScanSource source(table, {0, 1}, true);
  for (std::size_t first : {std::size_t{0}, std::size_t{1}, std::size_t{1023}, std::size_t{4000}}) {
    exec::MorselReader reader(source, first);
    exec::Chunk chunk;
    std::size_t position = first;
    for (std::size_t count : {std::size_t{1}, std::size_t{64}, exec::kChunkSize, std::size_t{7}, exec::kChunkSize}) {
      count = std::min(count, total - position);
      if (count == 0) break;
      reader.read(count, chunk);
      REQUIRE(chunk.size == count);
      REQUIRE(chunk.columns.size() == 4);
      CHECK(chunk.columns[2].size() == 0);  // not loaded
      for (std::size_t i = 0; i < count; ++i) {
        auto id = static_cast<std::int64_t>(position + i);
        CHECK(chunk.columns[0].ints[i] == id);
        CHECK(chunk.columns[1].nulls[i] == (id % 5 == 0));
        if (id % 5 != 0) CHECK(chunk.columns[1].texts[i] == "row " + std::to_string(id));
        CHECK(chunk.columns[3].ints[i] == id);  // the row's position
      }
      position += count;
    }
  }
}

TEST_CASE("text views stay valid while the chunk holds the pinned version", "[table_scan]") {
  exec::Chunk chunk;
  {
    auto table = numbered_table(100);
    exec::TableScanSource source(table, {1}, false);
    exec::MorselReader reader(source, 0);
    reader.read(100, chunk);
  }
  // The table, its source and reader are gone; the chunk's owner keeps the rows.
  REQUIRE(chunk.columns[1].text_owners.size() == 1);
  CHECK(chunk.columns[1].texts[1] == "row 1");
  CHECK(chunk.columns[1].texts[99] == "row 99");
}

TEST_CASE("a filtered scan decodes the other loaded columns only for the rows kept", "[table_scan]") {
  auto table = numbered_table(3000);
  // id - (id / 3) * 3 = 0 and id <> 1, over column 0 only; column 1 is decoded late.
  auto id = planner::column_reference(0, SqlType::of(TypeId::kBigint));
  auto constant = [](std::int64_t value) {
    planner::BoundExpression out;
    out.kind = planner::ExprKind::kConstant;
    out.type = SqlType::of(TypeId::kBigint);
    out.constant.is_null = false;
    out.constant.int_value = value;
    return out;
  };
  auto binary = [](planner::ExprKind kind, planner::BoundExpression a, planner::BoundExpression b, SqlType type) {
    planner::BoundExpression out;
    out.kind = kind;
    out.type = type;
    out.args = {std::move(a), std::move(b)};
    return out;
  };
  auto third = binary(planner::ExprKind::kArithmetic, id, constant(3), SqlType::of(TypeId::kBigint));
  third.arithmetic = planner::ArithmeticOp::kDivide;
  auto times = binary(planner::ExprKind::kArithmetic, third, constant(3), SqlType::of(TypeId::kBigint));
  times.arithmetic = planner::ArithmeticOp::kMultiply;
  auto rest = binary(planner::ExprKind::kArithmetic, id, times, SqlType::of(TypeId::kBigint));
  rest.arithmetic = planner::ArithmeticOp::kSubtract;
  auto multiple = binary(planner::ExprKind::kComparison, rest, constant(0), SqlType::of(TypeId::kBoolean));
  multiple.comparison = planner::ComparisonOp::kEqual;
  // id <> 1 runs first (cheaper), so the chunk is compacted before the
  // arithmetic conjunct and kept rows must be traced back through it.
  auto not_one = binary(planner::ExprKind::kComparison, id, constant(1), SqlType::of(TypeId::kBoolean));
  not_one.comparison = planner::ComparisonOp::kNotEqual;
  auto filter = binary(planner::ExprKind::kAnd, multiple, not_one, SqlType::of(TypeId::kBoolean));
  exec::TableScanSource source(table, {0, 1}, true, &filter);
  exec::MorselReader reader(source, 0);
  exec::Chunk chunk;
  std::size_t seen = 0;
  for (std::size_t position = 0; position < 3000; position += exec::kChunkSize) {
    reader.read(std::min(exec::kChunkSize, 3000 - position), chunk);
    for (std::size_t i = 0; i < chunk.size; ++i, ++seen) {
      auto expected = static_cast<std::int64_t>(3 * seen);
      CHECK(chunk.columns[0].ints[i] == expected);
      CHECK(chunk.columns[1].size() == chunk.size);
      CHECK(chunk.columns[1].nulls[i] == (expected % 5 == 0));
      if (expected % 5 != 0) CHECK(chunk.columns[1].texts[i] == "row " + std::to_string(expected));
      CHECK(chunk.columns[3].ints[i] == expected);
    }
  }
  CHECK(seen == 1000);
}

TEST_CASE("late columns have the chunk's size whether the filter keeps every row, some or none", "[table_scan]") {
  auto table = numbered_table(2500);
  auto id = planner::column_reference(0, SqlType::of(TypeId::kBigint));
  for (std::int64_t bound : {-1, 1500, 5000}) {  // id > bound: all rows, the last 999, none
    planner::BoundExpression limit;
    limit.kind = planner::ExprKind::kConstant;
    limit.type = SqlType::of(TypeId::kBigint);
    limit.constant.is_null = false;
    limit.constant.int_value = bound;
    planner::BoundExpression filter;
    filter.kind = planner::ExprKind::kComparison;
    filter.type = SqlType::of(TypeId::kBoolean);
    filter.comparison = planner::ComparisonOp::kGreater;
    filter.args = {id, limit};
    exec::TableScanSource source(table, {0, 1}, false, &filter);
    exec::MorselReader reader(source, 0);
    exec::Chunk chunk;
    std::size_t seen = 0;
    for (std::size_t position = 0; position < 2500; position += exec::kChunkSize) {
      reader.read(std::min(exec::kChunkSize, 2500 - position), chunk);
      REQUIRE(chunk.columns[1].size() == chunk.size);
      for (std::size_t i = 0; i < chunk.size; ++i, ++seen) {
        std::int64_t value = chunk.columns[0].ints[i];
        CHECK(value > bound);
        CHECK(chunk.columns[1].nulls[i] == (value % 5 == 0));
        if (value % 5 != 0) CHECK(chunk.columns[1].texts[i] == "row " + std::to_string(value));
      }
    }
    CHECK(seen == static_cast<std::size_t>(bound < 0 ? 2500 : bound >= 2500 ? 0 : 2500 - bound - 1));
  }
}

TEST_CASE("key filters drop rows whose key they rule out, after the filter and before late columns", "[table_scan]") {
  auto table = numbered_table(3000);
  // The key filter holds the multiples of 7; column 2 (-id) carries the key.
  exec::Vector keys(SqlType::of(TypeId::kBigint));
  keys.resize(3000 / 7 + 2);
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
    keys.nulls[i] = 0;
    keys.ints[i] = -static_cast<std::int64_t>(7 * i);
  }
  keys.nulls.back() = 1;  // a NULL key matches nothing
  auto key_filter = std::make_shared<const exec::JoinKeyFilter>(keys);
  auto id = planner::column_reference(0, SqlType::of(TypeId::kBigint));
  planner::BoundExpression bound;
  bound.kind = planner::ExprKind::kConstant;
  bound.type = SqlType::of(TypeId::kBigint);
  bound.constant.is_null = false;
  bound.constant.int_value = 1000;
  planner::BoundExpression above;  // id > 1000
  above.kind = planner::ExprKind::kComparison;
  above.type = SqlType::of(TypeId::kBoolean);
  above.comparison = planner::ComparisonOp::kGreater;
  above.args = {id, bound};
  const planner::BoundExpression* no_filter = nullptr;
  for (const planner::BoundExpression* filter : {no_filter, static_cast<const planner::BoundExpression*>(&above)}) {
    exec::TableScanSource source(table, {0, 1, 2}, true, filter, {exec::ScanKeyFilter{2, key_filter}});
    exec::MorselReader reader(source, 0);
    exec::Chunk chunk;
    std::size_t kept = 0, multiples = 0;
    for (std::size_t position = 0; position < 3000; position += exec::kChunkSize) {
      reader.read(std::min(exec::kChunkSize, 3000 - position), chunk);
      REQUIRE(chunk.columns[1].size() == chunk.size);
      REQUIRE(chunk.columns[2].size() == chunk.size);
      for (std::size_t i = 0; i < chunk.size; ++i, ++kept) {
        std::int64_t value = chunk.columns[0].ints[i];
        if (filter != nullptr) CHECK(value > 1000);
        CHECK(chunk.columns[2].ints[i] == -value);
        CHECK(chunk.columns[3].ints[i] == value);  // the row's position, kept in step
        CHECK(chunk.columns[1].nulls[i] == (value % 5 == 0));
        if (value % 5 != 0) CHECK(chunk.columns[1].texts[i] == "row " + std::to_string(value));
        multiples += value % 7 == 0 ? 1 : 0;
      }
    }
    // Every multiple of 7 the filter lets through is kept; a Bloom filter
    // may let a few others through too, never many.
    std::size_t expected = filter == nullptr ? 3000 / 7 + 1 : (2999 / 7) - (1000 / 7);
    CHECK(multiples == expected);
    CHECK(kept >= expected);
    CHECK(kept <= expected + expected / 20);
  }
}

TEST_CASE("key filters stay exact across morsels when one passes nearly every row and keys cluster",
          "[table_scan]") {
  constexpr std::size_t kRows = 6 * 16 * exec::kChunkSize;  // six morsels' worth
  auto table = numbered_table(kRows);
  auto filter_of = [](const std::vector<std::int64_t>& values) {
    exec::Vector keys(SqlType::of(TypeId::kBigint));
    keys.resize(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
      keys.nulls[i] = 0;
      keys.ints[i] = values[i];
    }
    return std::make_shared<const exec::JoinKeyFilter>(keys);
  };
  // On column 2 (-id): every row of the first half, none of the second;
  // on column 0 (id): the multiples of 3.
  std::vector<std::int64_t> first_half, multiples_of_3;
  for (std::size_t id = 0; id < kRows; ++id) {
    if (id < kRows / 2) first_half.push_back(-static_cast<std::int64_t>(id));
    if (id % 3 == 0) multiples_of_3.push_back(static_cast<std::int64_t>(id));
  }
  exec::TableScanSource source(table, {0, 2}, false, nullptr,
                               {exec::ScanKeyFilter{2, filter_of(first_half)},
                                exec::ScanKeyFilter{0, filter_of(multiples_of_3)}});
  // Morsel after morsel, as the scan's tasks read them: the first ones find
  // the half filter useless (it passes all their rows); the later ones must
  // still find it drops every row of theirs.
  std::size_t kept_first = 0, kept_second = 0, wrong = 0;
  constexpr std::size_t kMorsel = 16 * exec::kChunkSize;
  for (std::size_t morsel = 0; morsel < kRows; morsel += kMorsel) {
    exec::MorselReader reader(source, morsel);
    exec::Chunk chunk;
    for (std::size_t position = morsel; position < morsel + kMorsel; position += exec::kChunkSize) {
      reader.read(exec::kChunkSize, chunk);
      for (std::size_t i = 0; i < chunk.size; ++i) {
        std::int64_t id = chunk.columns[0].ints[i];
        wrong += chunk.columns[2].ints[i] != -id ? 1 : 0;
        (static_cast<std::size_t>(id) < kRows / 2 ? kept_first : kept_second) += 1;
      }
    }
  }
  CHECK(wrong == 0);
  // The first half: its multiples of 3 (and a few a Bloom filter lets by).
  const std::size_t expected = (kRows / 2 + 2) / 3;
  CHECK(kept_first >= expected);
  CHECK(kept_first <= expected + expected / 20);
  // The second half: the rows of its first chunks, which sample the half
  // filter, may only pass the multiples-of-3 filter; no more.
  CHECK(kept_second <= 3 * exec::kChunkSize);
}

TEST_CASE("scans build leaf columns once, and read a written leaf from its rows until it has its own",
          "[table_scan][leaf_columns]") {
  const std::size_t total = 4000;
  auto table = numbered_table(total);
  auto scan_all = [](const std::shared_ptr<const storage::Table>& version, std::size_t first) {
    exec::TableScanSource source(version, {0, 1}, false);
    exec::MorselReader reader(source, first);
    exec::Chunk chunk;
    std::vector<std::string> labels;
    for (std::size_t position = first; position < version->row_count(); position += exec::kChunkSize) {
      reader.read(std::min(exec::kChunkSize, version->row_count() - position), chunk);
      for (std::size_t i = 0; i < chunk.size; ++i) {
        CHECK(chunk.columns[0].ints[i] == static_cast<std::int64_t>(position + i));
        labels.emplace_back(chunk.columns[1].nulls[i] ? "NULL" : std::string(chunk.columns[1].texts[i]));
      }
    }
    return labels;
  };
  const std::int64_t before = storage::LeafColumns::live_bytes();
  auto first = scan_all(table, 0);
  const std::int64_t built = storage::LeafColumns::live_bytes() - before;
  // Two columns of nearly every row (inner nodes' rows are read as rows).
  CHECK(built >= static_cast<std::int64_t>(total * (8 + 16) * 9 / 10));
  auto second = scan_all(table, 0);
  CHECK(second == first);
  CHECK(storage::LeafColumns::live_bytes() - before == built);  // nothing built twice
  CHECK(first[10] == "NULL");
  CHECK(first[11] == "row 11");

  // Row 2001 gets a new label: its leaf is copied without columns.
  storage::RowBuilder builder(table->schema().layout());
  builder.set_int(0, 2001);
  builder.set_text(1, "changed");
  builder.set_int(2, -2001);
  std::vector<storage::RowRef> changed;
  changed.push_back(builder.finish());
  std::vector<storage::RowKey> keys;
  keys.push_back(storage::primary_key_of(table->schema(), changed[0]));
  auto written = std::make_shared<const storage::Table>(table->replace_rows(std::move(keys), std::move(changed)));
  auto after = scan_all(written, 0);
  REQUIRE(after.size() == total);
  CHECK(after[2001] == "changed");
  CHECK(after[2000] == "NULL");
  CHECK(after[2002] == "row 2002");
  CHECK(scan_all(table, 0)[2001] == "row 2001");  // the old version reads its own leaf
  CHECK(scan_all(written, 1500)[2001 - 1500] == "changed");
}

TEST_CASE("no leaf columns are built while the process is above half its memory limit", "[table_scan][leaf_columns]") {
  auto table = numbered_table(3000);
  const std::int64_t before = storage::LeafColumns::live_bytes();
  auto& budget = exec::MemoryBudget::process();
  const std::int64_t limit = budget.limit();
  budget.set_limit(1);  // any resident size is past half of it
  {
    exec::TableScanSource source(table, {0, 1}, false);
    exec::MorselReader reader(source, 0);
    exec::Chunk chunk;
    reader.read(exec::kChunkSize, chunk);
    CHECK(chunk.columns[0].ints[5] == 5);
  }
  budget.set_limit(limit);
  CHECK(storage::LeafColumns::live_bytes() == before);
  exec::TableScanSource source(table, {0, 1}, false);
  exec::MorselReader reader(source, 0);
  exec::Chunk chunk;
  reader.read(exec::kChunkSize, chunk);
  CHECK(storage::LeafColumns::live_bytes() > before);
}

TEST_CASE("a column a leaf has under another type is read from the rows", "[table_scan][leaf_columns]") {
  auto table = numbered_table(3000);
  {
    exec::TableScanSource source(table, {0, 1, 2}, false);  // builds columns 0-2 as bigint and text
    exec::MorselReader reader(source, 0);
    exec::Chunk chunk;
    for (std::size_t position = 0; position < 3000; position += exec::kChunkSize) {
      reader.read(std::min<std::size_t>(exec::kChunkSize, 3000 - position), chunk);
    }
  }
  // The same rows under a schema that reads column 2's slot as a double.
  std::vector<storage::ColumnSchema> columns = {{"id", SqlType::of(TypeId::kBigint)},
                                                {"label", SqlType::of(TypeId::kText)},
                                                {"skipped", SqlType::of(TypeId::kDouble)}};
  auto retyped = std::make_shared<storage::TableSchema>(16384, "numbers", columns, std::vector<std::size_t>{0});
  REQUIRE(retyped->layout().offset(2) == table->schema().layout().offset(2));
  auto same_rows = std::make_shared<const storage::Table>(table->with_schema(retyped));
  auto id = planner::column_reference(0, SqlType::of(TypeId::kBigint));
  planner::BoundExpression odd;  // id % 2 = 1 keeps every other row: column 2 is gathered late
  odd.kind = planner::ExprKind::kComparison;
  odd.type = SqlType::of(TypeId::kBoolean);
  odd.comparison = planner::ComparisonOp::kEqual;
  planner::BoundExpression two, one, rest;
  two.kind = one.kind = planner::ExprKind::kConstant;
  two.type = one.type = SqlType::of(TypeId::kBigint);
  two.constant.is_null = one.constant.is_null = false;
  two.constant.int_value = 2;
  one.constant.int_value = 1;
  rest.kind = planner::ExprKind::kArithmetic;
  rest.type = SqlType::of(TypeId::kBigint);
  rest.arithmetic = planner::ArithmeticOp::kModulo;
  rest.args = {id, two};
  odd.args = {rest, one};
  const planner::BoundExpression* no_filter = nullptr;
  for (const planner::BoundExpression* filter : {no_filter, static_cast<const planner::BoundExpression*>(&odd)}) {
    exec::TableScanSource source(same_rows, {0, 2}, false, filter);
    exec::MorselReader reader(source, 0);
    exec::Chunk chunk;
    std::size_t seen = 0;
    for (std::size_t position = 0; position < 3000; position += exec::kChunkSize) {
      reader.read(std::min<std::size_t>(exec::kChunkSize, 3000 - position), chunk);
      for (std::size_t i = 0; i < chunk.size; ++i, ++seen) {
        const std::int64_t row_id = chunk.columns[0].ints[i];
        const std::int64_t stored = -row_id;
        double expected;
        std::memcpy(&expected, &stored, sizeof expected);
        CHECK(std::memcmp(&chunk.columns[2].doubles[i], &expected, sizeof expected) == 0);
      }
    }
    CHECK(seen == (filter == nullptr ? 3000u : 1500u));
  }
}

TEST_CASE("a morsel reader reads scattered positions and runs of them, with each row's position",
          "[table_scan]") {
  const std::size_t total = 5000;
  auto table = numbered_table(total);
  // Single rows, near and far gaps, runs that cross leaves, the last row.
  std::vector<std::size_t> positions = {3, 4, 9, 140, 141, 700};
  for (std::size_t at = 1000; at < 1300; ++at) positions.push_back(at);
  for (std::size_t at : {std::size_t{1400}, std::size_t{1530}, std::size_t{1531}, std::size_t{4000}}) {
    positions.push_back(at);
  }
  for (std::size_t at = 4500; at < 4620; ++at) positions.push_back(at);
  positions.push_back(total - 1);
  auto read_sample = [&](const exec::TableScanSource& source) {
    exec::MorselReader reader(source, positions.front());
    exec::Chunk chunk;
    reader.read_positions(positions.data(), positions.size(), chunk);
    REQUIRE(chunk.size == positions.size());
    for (std::size_t i = 0; i < positions.size(); ++i) {
      auto id = static_cast<std::int64_t>(positions[i]);
      CHECK(chunk.columns[0].ints[i] == id);
      CHECK(chunk.columns[1].nulls[i] == (id % 5 == 0));
      if (id % 5 != 0) CHECK(chunk.columns[1].texts[i] == "row " + std::to_string(id));
      CHECK(chunk.columns[3].ints[i] == id);
    }
  };
  exec::TableScanSource rows_only(table, {0, 1}, true);
  read_sample(rows_only);  // leaves without columns (but the runs build them)
  // Every leaf's columns built by a whole scan, then the sample again.
  exec::MorselReader whole(rows_only, 0);
  exec::Chunk chunk;
  for (std::size_t position = 0; position < total; position += exec::kChunkSize) {
    whole.read(std::min(exec::kChunkSize, total - position), chunk);
  }
  read_sample(rows_only);
  // A count reads no column: only how many rows there are.
  exec::TableScanSource counting(table, {}, false);
  exec::MorselReader reader(counting, positions.front());
  reader.read_positions(positions.data(), positions.size(), chunk);
  CHECK(chunk.size == positions.size());
}

TEST_CASE("reading a few rows of a leaf builds no column of it, even one whose other columns are built",
          "[table_scan][leaf_columns]") {
  auto table = numbered_table(3000);
  // A whole scan of column 0 builds that column of every leaf.
  exec::TableScanSource ids(table, {0}, false);
  exec::MorselReader scan(ids, 0);
  exec::Chunk chunk;
  for (std::size_t position = 0; position < 3000; position += exec::kChunkSize) {
    scan.read(std::min(exec::kChunkSize, 3000 - position), chunk);
  }
  const std::int64_t before = storage::LeafColumns::live_bytes();
  // A write's read of one row (every column) leaves the leaf as it was.
  exec::TableScanSource every_column(table, {0, 1, 2}, false);
  for (std::size_t position : {std::size_t{10}, std::size_t{1500}, std::size_t{2999}}) {
    exec::MorselReader reader(every_column, position);
    reader.read(1, chunk);
    REQUIRE(chunk.size == 1);
    CHECK(chunk.columns[0].ints[0] == static_cast<std::int64_t>(position));
    CHECK(chunk.columns[2].ints[0] == -static_cast<std::int64_t>(position));
  }
  CHECK(storage::LeafColumns::live_bytes() == before);
}
