// Zone maps: a leaf is skipped only when its least and greatest values rule
// out a conjunct for every row, and a filtered scan with skipped leaves
// returns exactly the rows a scan without them would.
#include "exec/zone_filter.h"

#include <catch2/catch.hpp>

#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "exec/table_scan.h"
#include "tests/unit/exec/expression_builders.h"

using namespace ptreedb;
using exec::testing::comparison;
using exec::testing::integer_constant;
using exec::testing::logical;
using exec::testing::numeric_constant;
using planner::ComparisonOp;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kBigint = SqlType::of(TypeId::kBigint);
const SqlType kNumeric = SqlType::of(TypeId::kNumeric);
const SqlType kDate = SqlType::of(TypeId::kDate);

// t(id bigint, price numeric, day date, never bigint): id = i, price = i * 1.5,
// day = 100 + i, never always NULL.
std::shared_ptr<const storage::TableSchema> schema() {
  std::vector<storage::ColumnSchema> columns = {
      {"id", kBigint}, {"price", kNumeric}, {"day", kDate}, {"never", kBigint}};
  return std::make_shared<storage::TableSchema>(16384, "t", columns, std::vector<std::size_t>{0});
}

std::vector<storage::RowRef> rows(const storage::TableSchema& table, std::int64_t first, std::int64_t count) {
  storage::RowBuilder builder(table.layout());
  std::vector<storage::RowRef> out;
  for (std::int64_t i = first; i < first + count; ++i) {
    builder.set_int(0, i);
    builder.set_decimal(1, value::Decimal{static_cast<std::int64_t>(i) * 15, 1});
    builder.set_date(2, static_cast<std::int32_t>(100 + i));
    out.push_back(builder.finish());
  }
  return out;
}

// No row of the whole leaf passes.
bool excludes(const planner::BoundExpression& filter) {
  auto table = schema();
  auto leaf = rows(*table, 0, 64);  // id 0..63, price 0.0..94.5, day 100..163
  storage::LeafColumns columns(table->columns().size());
  std::vector<std::uint32_t> picks(64);
  return exec::ZoneFilter(*table, filter).select(columns, leaf.data(), 64, 0, 64, picks.data()) == 0;
}

planner::BoundExpression id_is(ComparisonOp op, std::int64_t value) {
  return comparison(op, planner::column_reference(0, kBigint), integer_constant(value, kBigint));
}

}  // namespace

TEST_CASE("a zone filter rules out a leaf only when no row of it can pass", "[zone_filter]") {
  CHECK(excludes(id_is(ComparisonOp::kLess, 0)));
  CHECK_FALSE(excludes(id_is(ComparisonOp::kLessEqual, 0)));
  CHECK(excludes(id_is(ComparisonOp::kGreater, 63)));
  CHECK_FALSE(excludes(id_is(ComparisonOp::kGreaterEqual, 63)));
  CHECK(excludes(id_is(ComparisonOp::kEqual, 64)));
  CHECK(excludes(id_is(ComparisonOp::kEqual, -1)));
  CHECK_FALSE(excludes(id_is(ComparisonOp::kEqual, 10)));
  CHECK_FALSE(excludes(id_is(ComparisonOp::kNotEqual, 10)));
  // The constant on the left: 70 < id.
  CHECK(excludes(comparison(ComparisonOp::kLess, integer_constant(70, kBigint), planner::column_reference(0, kBigint))));
  // numeric at another scale than the leaf's: 94.50 is there, 94.51 is not.
  auto price = planner::column_reference(1, kNumeric);
  CHECK_FALSE(excludes(comparison(ComparisonOp::kGreaterEqual, price, numeric_constant("94.50"))));
  CHECK(excludes(comparison(ComparisonOp::kGreaterEqual, price, numeric_constant("94.51"))));
  CHECK(excludes(comparison(ComparisonOp::kLess, price, numeric_constant("0"))));
  auto day = planner::column_reference(2, kDate);
  CHECK(excludes(comparison(ComparisonOp::kGreaterEqual, day, integer_constant(164, kDate))));
  CHECK_FALSE(excludes(comparison(ComparisonOp::kGreaterEqual, day, integer_constant(163, kDate))));
  // A column of NULLs passes no comparison.
  CHECK(excludes(comparison(ComparisonOp::kEqual, planner::column_reference(3, kBigint), integer_constant(0, kBigint))));
  // Any one conjunct suffices; an OR is not a conjunct.
  CHECK(excludes(logical(planner::ExprKind::kAnd, {id_is(ComparisonOp::kGreater, 5), id_is(ComparisonOp::kLess, -5)})));
  CHECK_FALSE(excludes(logical(planner::ExprKind::kOr, {id_is(ComparisonOp::kGreater, 500), id_is(ComparisonOp::kLess, -5)})));
}

TEST_CASE("a filtered scan that skips leaves returns the rows that pass", "[zone_filter][table_scan]") {
  auto table_schema = schema();
  auto table = std::make_shared<const storage::Table>(storage::Table(table_schema).insert_rows(rows(*table_schema, 0, 20000)));
  auto filter = logical(planner::ExprKind::kAnd, {id_is(ComparisonOp::kGreaterEqual, 12345), id_is(ComparisonOp::kLess, 12445)});
  for (int pass = 0; pass < 2; ++pass) {  // leaf columns built, then read
    exec::TableScanSource source(table, {0, 1}, true, &filter);
    exec::MorselReader reader(source, 0);
    exec::Chunk chunk;
    std::vector<std::int64_t> seen;
    for (std::size_t position = 0; position < 20000; position += exec::kChunkSize) {
      reader.read(std::min<std::size_t>(exec::kChunkSize, 20000 - position), chunk);
      REQUIRE(chunk.columns[1].size() == chunk.size);
      for (std::size_t i = 0; i < chunk.size; ++i) {
        seen.push_back(chunk.columns[0].ints[i]);
        CHECK(chunk.columns[4].ints[i] == chunk.columns[0].ints[i]);  // its position
        CHECK(chunk.columns[1].decimals[i].units == chunk.columns[0].ints[i] * 15);
      }
    }
    REQUIRE(seen.size() == 100);
    for (std::size_t k = 0; k < seen.size(); ++k) CHECK(seen[k] == 12345 + static_cast<std::int64_t>(k));
  }
}

TEST_CASE("a zone filter picks a leaf's rows by the conjuncts it can test on the arrays", "[zone_filter]") {
  auto table = schema();
  auto leaf = rows(*table, 0, 64);  // id 0..63, price = id * 1.5, day = 100 + id
  storage::LeafColumns columns(table->columns().size());
  auto picked = [&](const planner::BoundExpression& filter, std::uint32_t begin, std::uint32_t count) {
    std::vector<std::uint32_t> picks(count);
    std::uint32_t n = exec::ZoneFilter(*table, filter).select(columns, leaf.data(), 64, begin, count, picks.data());
    picks.resize(n);
    return picks;
  };
  using Picks = std::vector<std::uint32_t>;
  CHECK(picked(id_is(ComparisonOp::kLess, 3), 0, 64) == Picks{0, 1, 2});
  CHECK(picked(id_is(ComparisonOp::kGreaterEqual, 62), 10, 54) == Picks{62, 63});
  CHECK(picked(id_is(ComparisonOp::kEqual, 5), 10, 54).empty());  // outside [begin, begin + count)
  auto price = planner::column_reference(1, kNumeric);
  // 1.5 * id <= 4.50 (scale 2 against the leaf's 1) and >= 3 (scale 0).
  auto both = logical(planner::ExprKind::kAnd, {comparison(ComparisonOp::kLessEqual, price, numeric_constant("4.50")),
                                                comparison(ComparisonOp::kGreaterEqual, price, numeric_constant("3"))});
  CHECK(picked(both, 0, 64) == Picks{2, 3});
  CHECK(picked(comparison(ComparisonOp::kLess, price, numeric_constant("4.499")), 0, 64) == Picks{0, 1, 2});
  auto day = planner::column_reference(2, kDate);
  CHECK(picked(comparison(ComparisonOp::kEqual, day, integer_constant(101, kDate)), 0, 3) == Picks{1});
  // <> is left to the filter.
  CHECK(picked(comparison(ComparisonOp::kNotEqual, day, integer_constant(101, kDate)), 0, 3) == Picks{0, 1, 2});
  // NULLs never pass; a filter it cannot test keeps every row.
  CHECK(picked(comparison(ComparisonOp::kGreaterEqual, planner::column_reference(3, kBigint), integer_constant(0, kBigint)), 0, 64).empty());
  CHECK(picked(logical(planner::ExprKind::kOr, {id_is(ComparisonOp::kLess, 1), id_is(ComparisonOp::kGreater, 60)}), 5, 3) ==
        Picks{5, 6, 7});
}

TEST_CASE("a zone filter tests text equalities on a leaf's numbered values", "[zone_filter]") {
  const SqlType mode_type = SqlType::of(TypeId::kChar), note_type = SqlType::of(TypeId::kText);
  std::vector<storage::ColumnSchema> columns_of_table = {{"mode", mode_type}, {"note", note_type}};
  storage::TableSchema table(16384, "t", columns_of_table, std::vector<std::size_t>{});
  // mode: 'AIR ', 'SHIP', 'MAIL' round and round, NULL every tenth row;
  // note: 64 distinct values, too many to number.
  const char* modes[] = {"AIR ", "SHIP", "MAIL"};
  storage::RowBuilder builder(table.layout());
  std::vector<storage::RowRef> leaf;
  for (int i = 0; i < 64; ++i) {
    if (i % 10 != 9) builder.set_text(0, modes[i % 3]);
    builder.set_text(1, "n" + std::to_string(i));
    leaf.push_back(builder.finish());
  }
  storage::LeafColumns columns(2);
  auto picked = [&](const planner::BoundExpression& filter) {
    std::vector<std::uint32_t> picks(64);
    std::uint32_t n = exec::ZoneFilter(table, filter).select(columns, leaf.data(), 64, 0, 64, picks.data());
    picks.resize(n);
    return picks;
  };
  auto rows_where = [](auto wanted) {
    std::vector<std::uint32_t> rows;
    for (std::uint32_t i = 0; i < 64; ++i) {
      if (i % 10 != 9 && wanted(i)) rows.push_back(i);
    }
    return rows;
  };
  auto mode = planner::column_reference(0, mode_type);
  auto mode_is = [&](const char* text) {
    return comparison(ComparisonOp::kEqual, mode, exec::testing::text_constant(text, mode_type));
  };
  // char(n) compares without trailing blanks: 'AIR' finds 'AIR '.
  CHECK(picked(mode_is("AIR")) == rows_where([](std::uint32_t i) { return i % 3 == 0; }));
  CHECK(picked(mode_is("AIR   ")) == rows_where([](std::uint32_t i) { return i % 3 == 0; }));
  CHECK(picked(mode_is("AI")).empty());
  CHECK(picked(mode_is("TRUCK")).empty());
  CHECK(picked(logical(planner::ExprKind::kOr, {mode_is("SHIP"), mode_is("RAIL")})) ==
        rows_where([](std::uint32_t i) { return i % 3 == 1; }));
  planner::BoundExpression in_list;
  in_list.kind = planner::ExprKind::kFunction;
  in_list.function = planner::FunctionId::kInList;
  in_list.type = SqlType::of(TypeId::kBoolean);
  in_list.args = {mode, exec::testing::text_constant("MAIL", mode_type), exec::testing::text_constant("AIR", mode_type)};
  CHECK(picked(in_list) == rows_where([](std::uint32_t i) { return i % 3 != 1; }));
  in_list.negated = true;  // NOT IN is left to the filter
  CHECK(picked(in_list).size() == 64);
  // An OR over two columns is not a set on one.
  auto note = planner::column_reference(1, note_type);
  auto note_is = comparison(ComparisonOp::kEqual, note, exec::testing::text_constant("n5", note_type));
  CHECK(picked(logical(planner::ExprKind::kOr, {mode_is("TRUCK"), note_is})).size() == 64);
  // Too many distinct notes to number: every row stays for the filter.
  CHECK(picked(note_is).size() == 64);
  // With a range conjunct as well: both narrow the picks.
  CHECK(picked(logical(planner::ExprKind::kAnd, {mode_is("SHIP"), mode_is("SHIP")})) ==
        rows_where([](std::uint32_t i) { return i % 3 == 1; }));
}

TEST_CASE("a zone filter's ranges on numerics at other scales keep exactly the rows that compare so", "[zone_filter]") {
  auto table = schema();
  auto leaf = rows(*table, 0, 64);  // price = id * 1.5, stored at scale 1
  storage::LeafColumns columns(table->columns().size());
  auto price = planner::column_reference(1, kNumeric);
  const std::vector<const char*> constants = {"-1", "0", "0.0", "1.5", "1.49", "1.51", "4.45", "4.5", "4.500",
                                              "4.55", "4.499", "94.5", "94.55", "100", "-0.001", "7.5000001"};
  const ComparisonOp ops[] = {ComparisonOp::kEqual, ComparisonOp::kLess, ComparisonOp::kLessEqual,
                              ComparisonOp::kGreater, ComparisonOp::kGreaterEqual};
  auto passes = [](ComparisonOp op, int order) {
    switch (op) {
      case ComparisonOp::kEqual: return order == 0;
      case ComparisonOp::kLess: return order < 0;
      case ComparisonOp::kLessEqual: return order <= 0;
      case ComparisonOp::kGreater: return order > 0;
      default: return order >= 0;
    }
  };
  auto picked = [&](const planner::BoundExpression& filter) {
    std::vector<std::uint32_t> picks(64);
    std::uint32_t n = exec::ZoneFilter(*table, filter).select(columns, leaf.data(), 64, 0, 64, picks.data());
    picks.resize(n);
    return picks;
  };
  for (const char* low : constants) {
    for (ComparisonOp low_op : ops) {
      const auto first = comparison(low_op, price, numeric_constant(low));
      std::vector<std::uint32_t> expected;
      for (std::uint32_t i = 0; i < 64; ++i) {
        if (passes(low_op, value::decimal_compare(value::Decimal{static_cast<std::int64_t>(i) * 15, 1}, numeric_constant(low).constant.decimal_value))) {
          expected.push_back(i);
        }
      }
      INFO("price " << static_cast<int>(low_op) << " " << low);
      CHECK(picked(first) == expected);
      // And with a second bound: both conjuncts make one range.
      for (const char* high : constants) {
        const auto second = comparison(ComparisonOp::kLess, price, numeric_constant(high));
        std::vector<std::uint32_t> both;
        for (std::uint32_t i : expected) {
          if (value::decimal_compare(value::Decimal{static_cast<std::int64_t>(i) * 15, 1}, numeric_constant(high).constant.decimal_value) < 0) {
            both.push_back(i);
          }
        }
        INFO("and price < " << high);
        CHECK(picked(logical(planner::ExprKind::kAnd, {first, second})) == both);
      }
    }
  }
}

TEST_CASE("a zone filter picks exactly the passing rows whatever width the leaf's codes take", "[zone_filter]") {
  // Leaves whose bigint ranges need 1, 2, 4 and 8 bytes a code (negative,
  // near the ends of int64, with NULLs), against random pairs of bounds;
  // the rows picked must be those a row-by-row comparison keeps.
  std::vector<storage::ColumnSchema> columns_of = {{"v", kBigint}};
  auto table = std::make_shared<storage::TableSchema>(16384, "w", columns_of, std::vector<std::size_t>{});
  auto v = planner::column_reference(0, kBigint);
  const std::int64_t kMin = std::numeric_limits<std::int64_t>::min(), kMax = std::numeric_limits<std::int64_t>::max();
  struct Span {
    std::int64_t least;
    std::uint64_t width;
  };
  const Span spans[] = {{-100, 200}, {-40000, 60000}, {-3'000'000'000LL, 4'000'000'000ULL}, {kMin, ~0ULL},
                        {kMax - 250, 250}, {kMin, 70000}, {5, 0}};
  const ComparisonOp ops[] = {ComparisonOp::kEqual, ComparisonOp::kLess, ComparisonOp::kLessEqual,
                              ComparisonOp::kGreater, ComparisonOp::kGreaterEqual};
  std::mt19937_64 random(20261127);
  for (const Span& span : spans) {
    const std::uint32_t count = 100;
    storage::RowBuilder builder(table->layout());
    std::vector<storage::RowRef> leaf;
    std::vector<std::optional<std::int64_t>> values;
    for (std::uint32_t i = 0; i < count; ++i) {
      if (random() % 11 == 0) {
        values.push_back(std::nullopt);
      } else {
        const std::uint64_t offset = span.width == ~0ULL ? random() : random() % (span.width + 1);
        values.push_back(static_cast<std::int64_t>(static_cast<std::uint64_t>(span.least) + offset));
        builder.set_int(0, *values.back());
      }
      leaf.push_back(builder.finish());
    }
    // Constants: the stored values themselves, their neighbours, and random ones.
    auto constant = [&]() -> std::int64_t {
      const std::optional<std::int64_t>& some = values[random() % count];
      const std::int64_t base = some ? *some : span.least;
      switch (random() % 4) {
        case 0: return base;
        case 1: return base == kMax ? base : base + 1;
        case 2: return base == kMin ? base : base - 1;
        default: return static_cast<std::int64_t>(random());
      }
    };
    storage::LeafColumns columns(1);
    for (int round = 0; round < 300; ++round) {
      const ComparisonOp op1 = ops[random() % 5], op2 = ops[random() % 5];
      const std::int64_t c1 = constant(), c2 = constant();
      auto holds = [](ComparisonOp op, std::int64_t a, std::int64_t b) {
        switch (op) {
          case ComparisonOp::kEqual: return a == b;
          case ComparisonOp::kLess: return a < b;
          case ComparisonOp::kLessEqual: return a <= b;
          case ComparisonOp::kGreater: return a > b;
          default: return a >= b;
        }
      };
      const std::uint32_t begin = static_cast<std::uint32_t>(random() % 20);
      const std::uint32_t run = count - begin - static_cast<std::uint32_t>(random() % 20);
      std::vector<std::uint32_t> expected;
      for (std::uint32_t i = begin; i < begin + run; ++i) {
        if (values[i] && holds(op1, *values[i], c1) && holds(op2, *values[i], c2)) expected.push_back(i);
      }
      auto filter = logical(planner::ExprKind::kAnd, {comparison(op1, v, integer_constant(c1, kBigint)),
                                                      comparison(op2, v, integer_constant(c2, kBigint))});
      std::vector<std::uint32_t> picks(run);
      picks.resize(exec::ZoneFilter(*table, filter).select(columns, leaf.data(), count, begin, run, picks.data()));
      INFO("least " << span.least << " width " << span.width << ": v " << static_cast<int>(op1) << " " << c1
                    << " and v " << static_cast<int>(op2) << " " << c2);
      REQUIRE(picks == expected);
    }
  }
}
