#include "exec/table_function_rows.h"
#include "exec/array_text.h"
#include "storage/sql_error.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace ptreedb;
using exec::Chunk;
using exec::Vector;
using planner::FunctionScanNode;
using planner::TableFunction;
using value::SqlType;
using value::TypeId;

namespace {

const SqlType kInt = SqlType::of(TypeId::kInteger);
const SqlType kText = SqlType::of(TypeId::kText);

Vector ints(std::vector<std::optional<std::int64_t>> values) {
  Vector out(kInt);
  for (const auto& value : values) {
    out.nulls.push_back(value ? 0 : 1);
    out.ints.push_back(value.value_or(0));
  }
  return out;
}

Vector texts(const std::vector<std::string>& values) {
  Vector out(kText);
  for (const auto& value : values) {
    out.nulls.push_back(0);
    out.texts.push_back(value);  // the test's strings outlive the vectors
  }
  return out;
}

FunctionScanNode scan_of(TableFunction function, SqlType type, bool ordinality) {
  FunctionScanNode scan;
  scan.call.function = function;
  scan.call.type = type;
  scan.with_ordinality = ordinality;
  return scan;
}

// Runs the function over `input` (one column: a row label) and returns every
// output chunk.
std::vector<Chunk> expand(const FunctionScanNode& scan, const Chunk& input, const std::vector<Vector>& args) {
  std::vector<Chunk> out;
  exec::expand_table_function(scan, input, args, nullptr, [&](Chunk&& chunk) { out.push_back(std::move(chunk)); });
  return out;
}

Chunk labels(std::vector<std::optional<std::int64_t>> values) {
  Chunk chunk;
  chunk.size = values.size();
  chunk.columns.push_back(ints(std::move(values)));
  return chunk;
}

}  // namespace

TEST_CASE("generate_series repeats each input row once per value, with ordinals per row") {
  FunctionScanNode scan = scan_of(TableFunction::kGenerateSeries, kInt, true);
  Chunk input = labels({10, 20, 30});
  // Row 10: 1..3, row 20: NULL stop (no rows), row 30: 5 down to 4.
  auto chunks = expand(scan, input, {ints({1, 1, 5}), ints({3, std::nullopt, 4}), ints({1, 1, -1})});
  REQUIRE(chunks.size() == 1);
  const Chunk& out = chunks[0];
  REQUIRE(out.size == 5);
  REQUIRE(out.columns.size() == 3);
  CHECK(out.columns[0].ints == std::vector<std::int64_t>{10, 10, 10, 30, 30});
  CHECK(out.columns[1].ints == std::vector<std::int64_t>{1, 2, 3, 5, 4});
  CHECK(out.columns[2].ints == std::vector<std::int64_t>{1, 2, 3, 1, 2});
}

TEST_CASE("generate_series emits full chunks and stops before overflowing") {
  FunctionScanNode scan = scan_of(TableFunction::kGenerateSeries, SqlType::of(TypeId::kBigint), false);
  auto chunks = expand(scan, labels({1}), {ints({1}), ints({2500}), ints({1})});
  REQUIRE(chunks.size() == 3);
  CHECK(chunks[0].size == exec::kChunkSize);
  CHECK(chunks[1].size == exec::kChunkSize);
  CHECK(chunks[2].size == 2500 - 2 * exec::kChunkSize);
  CHECK(chunks[2].columns[1].ints.back() == 2500);

  std::int64_t max = std::numeric_limits<std::int64_t>::max();
  auto last = expand(scan, labels({1}), {ints({max - 1}), ints({max}), ints({1})});
  REQUIRE(last.size() == 1);
  CHECK(last[0].columns[1].ints == std::vector<std::int64_t>{max - 1, max});
}

TEST_CASE("generate_series with a zero step is error 22023") {
  FunctionScanNode scan = scan_of(TableFunction::kGenerateSeries, kInt, false);
  try {
    expand(scan, labels({1}), {ints({1}), ints({3}), ints({0})});
    FAIL("no error");
  } catch (const SqlError& error) {
    CHECK(std::string(error.sqlstate()) == "22023");
  }
}

TEST_CASE("unnest returns an array's elements, NULL ones included") {
  FunctionScanNode scan = scan_of(TableFunction::kUnnest, kText, false);
  auto chunks = expand(scan, labels({1, 2, 3}), {texts({"{a,\"b c\",NULL}", "{}", "{\"NULL\"}"})});
  REQUIRE(chunks.size() == 1);
  const Vector& values = chunks[0].columns[1];
  REQUIRE(values.size() == 4);
  CHECK(values.texts[0] == "a");
  CHECK(values.texts[1] == "b c");
  CHECK(values.nulls[2] == 1);
  CHECK(values.texts[3] == "NULL");  // quoted: the string, not a NULL
  CHECK(chunks[0].columns[0].ints == std::vector<std::int64_t>{1, 1, 1, 3});
}

TEST_CASE("array text round-trips elements that need quoting") {
  std::vector<std::optional<std::string>> elements = {"plain", "with space", std::nullopt, "NULL", "", "q\"uote",
                                                      "back\\slash", "{brace}"};
  std::string text = exec::array_text(elements);
  CHECK(text == "{plain,\"with space\",NULL,\"NULL\",\"\",\"q\\\"uote\",\"back\\\\slash\",\"{brace}\"}");
  CHECK(exec::array_elements(text) == elements);
}
