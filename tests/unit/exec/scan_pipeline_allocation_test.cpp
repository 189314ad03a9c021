// Scan pipelines over 150 chunks must do no heap allocation per chunk once
// warm: the scan reuses its chunk, the filter its selection lists, kernels
// their output vectors, and grouping its key and state arrays.
// - Q6-shaped: scan, a five-conjunct filter, a product summed.
// - Q1-shaped: scan, a date filter, GROUP BY two char(1) flags with sums of
//   shared products, averages and count(*) in a hash aggregation table.
// Global operator new is replaced in this test binary to count allocations.
#include <atomic>
#include <cstdlib>
#include <map>
#include <new>
#include <optional>
#include <string>

#include <catch2/catch.hpp>

#include "exec/evaluate.h"
#include "exec/hash_aggregate.h"
#include "exec/selection_filter.h"
#include "exec/table_scan.h"
#include "storage/table/table.h"
#include "tests/unit/exec/expression_builders.h"

namespace {

// The steady state is a table whose leaves already have their columns: the
// first scan of each leaf builds them (once per leaf and column, not per chunk).
void build_leaf_columns(const ptreedb::exec::TableScanSource& source, std::size_t rows) {
  ptreedb::exec::MorselReader reader(source, 0);
  ptreedb::exec::Chunk chunk;
  for (std::size_t position = 0; position < rows; position += ptreedb::exec::kChunkSize) {
    reader.read(std::min(ptreedb::exec::kChunkSize, rows - position), chunk);
  }
}
std::atomic<bool> counting{false};
std::atomic<std::int64_t> allocations{0};

void* counted_allocation(std::size_t size) {
  if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* block = std::malloc(size == 0 ? 1 : size)) return block;
  throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t size) { return counted_allocation(size); }
void* operator new[](std::size_t size) { return counted_allocation(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  try {
    return counted_allocation(size);
  } catch (...) {
    return nullptr;
  }
}
void operator delete(void* block) noexcept { std::free(block); }
void operator delete[](void* block) noexcept { std::free(block); }
void operator delete(void* block, std::size_t) noexcept { std::free(block); }
void operator delete[](void* block, std::size_t) noexcept { std::free(block); }

using namespace ptreedb;
using planner::BoundExpression;
using planner::ComparisonOp;
using planner::ExprKind;
using value::Decimal;
using value::SqlType;
using value::TypeId;

namespace {

enum Column : std::size_t { kQuantity, kPrice, kDiscount, kShipdate, kComment };

BoundExpression column(Column c, SqlType type) {
  BoundExpression out;
  out.kind = ExprKind::kColumn;
  out.column = c;
  out.type = type;
  return out;
}

BoundExpression constant(SqlType type, std::int64_t int_value, Decimal decimal = {}) {
  BoundExpression out;
  out.kind = ExprKind::kConstant;
  out.type = type;
  out.constant.is_null = false;
  out.constant.int_value = int_value;
  out.constant.decimal_value = decimal;
  return out;
}

BoundExpression binary(ExprKind kind, BoundExpression a, BoundExpression b, SqlType type) {
  BoundExpression out;
  out.kind = kind;
  out.type = type;
  out.args = {std::move(a), std::move(b)};
  return out;
}

BoundExpression compare(ComparisonOp op, BoundExpression a, BoundExpression b) {
  BoundExpression out = binary(ExprKind::kComparison, std::move(a), std::move(b), SqlType::of(TypeId::kBoolean));
  out.comparison = op;
  return out;
}

}  // namespace

TEST_CASE("a scan, filter and sum allocate nothing per chunk once warm", "[allocation]") {
  const SqlType money = SqlType::numeric(15, 2), numeric = SqlType::of(TypeId::kNumeric);
  const SqlType date = SqlType::of(TypeId::kDate);
  std::vector<storage::ColumnSchema> columns = {{"l_quantity", money},
                                                {"l_extendedprice", money},
                                                {"l_discount", money},
                                                {"l_shipdate", date},
                                                {"l_comment", SqlType::of(TypeId::kText)}};
  auto schema = std::make_shared<storage::TableSchema>(16384, "lineitem", columns, std::vector<std::size_t>{});
  constexpr std::size_t kChunks = 150, kRows = kChunks * exec::kChunkSize;
  std::vector<storage::RowRef> rows;
  storage::RowBuilder builder(schema->layout());
  for (std::size_t i = 0; i < kRows; ++i) {
    builder.set_decimal(kQuantity, Decimal{static_cast<__int128>(100 + (i * 7) % 5000), 2});
    builder.set_decimal(kPrice, Decimal{static_cast<__int128>(90000 + (i * 7919) % 9000000), 2});
    if (i % 97 != 0) builder.set_decimal(kDiscount, Decimal{static_cast<__int128>(i % 11), 2});  // some NULLs
    builder.set_date(kShipdate, static_cast<std::int32_t>(i % 2500));
    builder.set_text(kComment, "a comment long enough to live outside the slot");
    rows.push_back(builder.finish());
  }
  auto table = std::make_shared<const storage::Table>(storage::Table(schema).insert_rows(std::move(rows)));

  // shipdate >= 365 and shipdate < 730 and discount between 0.05 and 0.07 and quantity < 24
  BoundExpression filter;
  filter.kind = ExprKind::kAnd;
  filter.type = SqlType::of(TypeId::kBoolean);
  filter.args = {compare(ComparisonOp::kGreaterEqual, column(kShipdate, date), constant(date, 365)),
                 compare(ComparisonOp::kLess, column(kShipdate, date), constant(date, 730)),
                 compare(ComparisonOp::kGreaterEqual, column(kDiscount, money), constant(numeric, 0, Decimal{5, 2})),
                 compare(ComparisonOp::kLessEqual, column(kDiscount, money), constant(numeric, 0, Decimal{7, 2})),
                 compare(ComparisonOp::kLess, column(kQuantity, money), constant(numeric, 0, Decimal{24, 0}))};
  BoundExpression revenue =
      binary(ExprKind::kArithmetic, column(kPrice, money), column(kDiscount, money), numeric);
  revenue.arithmetic = planner::ArithmeticOp::kMultiply;

  exec::TableScanSource source(table, {kQuantity, kPrice, kDiscount, kShipdate, kComment}, false);
  build_leaf_columns(source, table->row_count());
  exec::MorselReader reader(source, 0);
  exec::Chunk chunk;
  exec::Vector products;
  Decimal sum{0, 4};
  std::size_t kept = 0;
  auto run_chunk = [&] {
    reader.read(exec::kChunkSize, chunk);
    exec::filter_chunk(chunk, filter);
    exec::evaluate_into(revenue, chunk, products);
    for (std::size_t i = 0; i < chunk.size; ++i) {
      if (!products.nulls[i]) sum = value::decimal_add(sum, products.decimal(i));
    }
    kept += chunk.size;
  };
  constexpr std::size_t kWarmChunks = 10;
  for (std::size_t c = 0; c < kWarmChunks; ++c) run_chunk();
  counting = true;
  for (std::size_t c = kWarmChunks; c < kChunks; ++c) run_chunk();
  counting = false;
  CHECK(allocations.load() == 0);

  // The same answer row by row.
  Decimal expected{0, 4};
  std::size_t expected_kept = 0;
  const auto& layout = schema->layout();
  for (auto entry : table->rows()) {
    const storage::RowRef& row = entry.value;
    std::int32_t shipdate = row.get_date(layout.offset(kShipdate));
    if (row.is_null(kDiscount) || shipdate < 365 || shipdate >= 730) continue;
    Decimal discount = row.get_decimal(layout.offset(kDiscount));
    if (discount.units < 5 || discount.units > 7 || row.get_decimal(layout.offset(kQuantity)).units >= 2400) continue;
    ++expected_kept;
    expected = value::decimal_add(expected, value::decimal_mul(row.get_decimal(layout.offset(kPrice)), discount));
  }
  CHECK(kept == expected_kept);
  CHECK(kept > 0);
  CHECK(value::format_decimal(sum) == value::format_decimal(expected));
}

namespace {

enum Q1Column : std::size_t { kQ1Quantity, kQ1Price, kQ1Discount, kQ1Tax, kQ1ReturnFlag, kQ1LineStatus, kQ1Shipdate };

planner::AggregateCall aggregate(planner::AggregateKind kind, std::optional<BoundExpression> argument, SqlType type) {
  planner::AggregateCall out;
  out.kind = kind;
  out.argument = std::move(argument);
  out.type = type;
  return out;
}

}  // namespace

TEST_CASE("a scan, filter and grouped sums allocate nothing per chunk once warm", "[allocation]") {
  using exec::testing::arithmetic;
  using exec::testing::numeric_constant;
  using planner::AggregateKind;
  using planner::ArithmeticOp;
  const SqlType money = SqlType::numeric(15, 2), numeric = SqlType::of(TypeId::kNumeric);
  const SqlType date = SqlType::of(TypeId::kDate), flag = SqlType::character(1);
  std::vector<storage::ColumnSchema> columns = {{"l_quantity", money},     {"l_extendedprice", money},
                                                {"l_discount", money},     {"l_tax", money},
                                                {"l_returnflag", flag},    {"l_linestatus", flag},
                                                {"l_shipdate", date}};
  auto schema = std::make_shared<storage::TableSchema>(16385, "lineitem", columns, std::vector<std::size_t>{});
  constexpr std::size_t kChunks = 150, kRows = kChunks * exec::kChunkSize;
  const char* const kFlags[] = {"A", "N", "R"};
  const char* const kStatuses[] = {"F", "O"};
  std::vector<storage::RowRef> rows;
  storage::RowBuilder builder(schema->layout());
  for (std::size_t i = 0; i < kRows; ++i) {
    builder.set_decimal(kQ1Quantity, Decimal{static_cast<__int128>(100 + (i * 7) % 5000), 2});
    builder.set_decimal(kQ1Price, Decimal{static_cast<__int128>(90000 + (i * 7919) % 9000000), 2});
    builder.set_decimal(kQ1Discount, Decimal{static_cast<__int128>(i % 11), 2});
    builder.set_decimal(kQ1Tax, Decimal{static_cast<__int128>(i % 9), 2});
    builder.set_text(kQ1ReturnFlag, kFlags[(i / 3) % 3]);
    builder.set_text(kQ1LineStatus, kStatuses[(i / 5) % 2]);
    builder.set_date(kQ1Shipdate, static_cast<std::int32_t>(i % 2500));
    rows.push_back(builder.finish());
  }
  auto table = std::make_shared<const storage::Table>(storage::Table(schema).insert_rows(std::move(rows)));

  // where l_shipdate <= 2400 group by l_returnflag, l_linestatus
  auto col = [](Q1Column c, SqlType type) { return planner::column_reference(c, type); };
  BoundExpression filter = compare(ComparisonOp::kLessEqual, col(kQ1Shipdate, date), constant(date, 2400));
  BoundExpression discounted =  // l_extendedprice * (1 - l_discount)
      arithmetic(ArithmeticOp::kMultiply, col(kQ1Price, money),
                 arithmetic(ArithmeticOp::kSubtract, numeric_constant("1"), col(kQ1Discount, money), numeric), numeric);
  BoundExpression charged =  // ... * (1 + l_tax)
      arithmetic(ArithmeticOp::kMultiply, discounted,
                 arithmetic(ArithmeticOp::kAdd, numeric_constant("1"), col(kQ1Tax, money), numeric), numeric);
  std::vector<BoundExpression> keys = {col(kQ1ReturnFlag, flag), col(kQ1LineStatus, flag)};
  std::vector<planner::AggregateCall> calls = {
      aggregate(AggregateKind::kSum, col(kQ1Quantity, money), numeric),
      aggregate(AggregateKind::kSum, col(kQ1Price, money), numeric),
      aggregate(AggregateKind::kSum, discounted, numeric),
      aggregate(AggregateKind::kSum, charged, numeric),
      aggregate(AggregateKind::kAvg, col(kQ1Quantity, money), numeric),
      aggregate(AggregateKind::kAvg, col(kQ1Price, money), numeric),
      aggregate(AggregateKind::kAvg, col(kQ1Discount, money), numeric),
      aggregate(AggregateKind::kCountStar, std::nullopt, SqlType::of(TypeId::kBigint))};

  exec::TableScanSource source(table,
                               {kQ1Quantity, kQ1Price, kQ1Discount, kQ1Tax, kQ1ReturnFlag, kQ1LineStatus, kQ1Shipdate},
                               false, &filter);
  build_leaf_columns(source, table->row_count());
  exec::MorselReader reader(source, 0);
  exec::AggregationTable groups(keys, calls);
  exec::Chunk chunk;
  auto run_chunk = [&] {
    reader.read(exec::kChunkSize, chunk);
    groups.consume(chunk);
  };
  constexpr std::size_t kWarmChunks = 10;
  for (std::size_t c = 0; c < kWarmChunks; ++c) run_chunk();
  allocations = 0;
  counting = true;
  for (std::size_t c = kWarmChunks; c < kChunks; ++c) run_chunk();
  counting = false;
  CHECK(allocations.load() == 0);

  // The same answer row by row.
  struct Expected {
    Decimal quantity{0, 2}, price{0, 2}, discounted{0, 4}, charged{0, 6}, discount{0, 2};
    std::int64_t count = 0;
  };
  std::map<std::string, Expected> expected;
  const auto& layout = schema->layout();
  const Decimal one{1, 0};
  for (auto entry : table->rows()) {
    const storage::RowRef& row = entry.value;
    if (row.get_date(layout.offset(kQ1Shipdate)) > 2400) continue;
    std::string key = std::string(row.get_text(layout.offset(kQ1ReturnFlag))) +
                      std::string(row.get_text(layout.offset(kQ1LineStatus)));
    Expected& group = expected[key];
    Decimal price = row.get_decimal(layout.offset(kQ1Price));
    Decimal discount = row.get_decimal(layout.offset(kQ1Discount));
    Decimal reduced = value::decimal_mul(price, value::decimal_sub(one, discount));
    group.quantity = value::decimal_add(group.quantity, row.get_decimal(layout.offset(kQ1Quantity)));
    group.price = value::decimal_add(group.price, price);
    group.discounted = value::decimal_add(group.discounted, reduced);
    group.charged = value::decimal_add(
        group.charged, value::decimal_mul(reduced, value::decimal_add(one, row.get_decimal(layout.offset(kQ1Tax)))));
    group.discount = value::decimal_add(group.discount, discount);
    ++group.count;
  }
  exec::Chunk result = groups.finish();
  REQUIRE(result.size == expected.size());
  REQUIRE(result.size == 6);
  for (std::size_t g = 0; g < result.size; ++g) {
    std::string key = std::string(result.columns[0].texts[g]) + std::string(result.columns[1].texts[g]);
    INFO("group " << key);
    REQUIRE(expected.count(key) == 1);
    const Expected& want = expected[key];
    CHECK(value::format_decimal(result.columns[2].decimal(g)) == value::format_decimal(want.quantity));
    CHECK(value::format_decimal(result.columns[3].decimal(g)) == value::format_decimal(want.price));
    CHECK(value::format_decimal(result.columns[4].decimal(g)) == value::format_decimal(want.discounted));
    CHECK(value::format_decimal(result.columns[5].decimal(g)) == value::format_decimal(want.charged));
    CHECK(result.columns[9].ints[g] == want.count);
    // avg(l_discount) as PostgreSQL rounds it: numeric division of the sum by the count.
    CHECK(value::format_decimal(result.columns[8].decimal(g)) ==
          value::format_decimal(value::decimal_div(want.discount, Decimal{want.count, 0})));
  }
}
