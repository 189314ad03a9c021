// A Q6-shaped pipeline (scan, a five-conjunct filter, a product summed) over
// 150 chunks must do no heap allocation per chunk once warm: the scan reuses
// its chunk, the filter its selection lists, the product its output vector.
// Global operator new is replaced in this test binary to count allocations.
#include <atomic>
#include <cstdlib>
#include <new>

#include <catch2/catch.hpp>

#include "exec/evaluate.h"
#include "exec/selection_filter.h"
#include "exec/table_scan.h"
#include "storage/table/table.h"

namespace {
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
      if (!products.nulls[i]) sum = value::decimal_add(sum, products.decimals[i]);
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
