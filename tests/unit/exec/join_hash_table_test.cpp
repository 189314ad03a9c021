#include "exec/join_hash_table.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "exec/join_key_packing.h"
#include "exec/join_residual.h"
#include "planner/logical_plan.h"

using namespace ptreedb;
using exec::Chunk;
using exec::JoinHashTable;
using exec::Vector;
using value::Decimal;
using value::SqlType;
using value::TypeId;

namespace {

using Pairs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

Vector ints(const std::vector<std::optional<std::int64_t>>& values, SqlType type = SqlType::of(TypeId::kBigint)) {
  Vector out(type);
  out.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    out.nulls[i] = !values[i];
    out.ints[i] = values[i].value_or(0);
  }
  return out;
}

Vector decimals(const std::vector<Decimal>& values) {
  Vector out(SqlType::of(TypeId::kNumeric));
  out.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) out.decimals[i] = values[i];
  return out;
}

// String literals outlive the vectors that view them.
Vector texts(const std::vector<const char*>& values, SqlType type) {
  Vector out(type);
  out.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    out.nulls[i] = values[i] == nullptr;
    if (values[i] != nullptr) out.texts[i] = values[i];
  }
  return out;
}

// A build side whose only columns are its keys.
JoinHashTable table_of(const std::vector<Vector>& keys) {
  Chunk rows;
  rows.size = keys.empty() ? 0 : keys[0].size();
  rows.columns = keys;
  return JoinHashTable(std::move(rows), keys);
}

Pairs matches(const JoinHashTable& table, const std::vector<Vector>& probe) {
  std::vector<std::uint32_t> probe_rows, build_rows;
  table.find_matches(probe, probe.empty() ? 0 : probe[0].size(), probe_rows, build_rows);
  Pairs out;
  for (std::size_t i = 0; i < probe_rows.size(); ++i) out.emplace_back(probe_rows[i], build_rows[i]);
  std::sort(out.begin(), out.end());
  return out;
}

// What a nested loop with SQL equality finds: the reference answer.
Pairs nested_loop(const std::vector<Vector>& build, const std::vector<Vector>& probe) {
  Pairs out;
  for (std::uint32_t i = 0; i < probe[0].size(); ++i) {
    for (std::uint32_t j = 0; j < build[0].size(); ++j) {
      bool equal = true;
      for (std::size_t k = 0; k < build.size() && equal; ++k) {
        equal = !probe[k].is_null(i) && !build[k].is_null(j) && exec::compare_elements(probe[k], i, build[k], j) == 0;
      }
      if (equal) out.emplace_back(i, j);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("a build key with many rows matches each of them; NULL keys never match", "[join_hash_table]") {
  std::vector<Vector> build = {ints({1, 1, std::nullopt, 1, 2, -7})};
  std::vector<Vector> probe = {ints({1, 3, std::nullopt, 2, -7, 1})};
  JoinHashTable table = table_of(build);
  CHECK(table.packed());
  CHECK(table.has_null_key());
  Pairs expected = {{0, 0}, {0, 1}, {0, 3}, {3, 4}, {4, 5}, {5, 0}, {5, 1}, {5, 3}};
  CHECK(matches(table, probe) == expected);
  CHECK(nested_loop(build, probe) == expected);
}

TEST_CASE("a build side without NULL keys says so", "[join_hash_table]") {
  JoinHashTable table = table_of({ints({4, 5})});
  CHECK_FALSE(table.has_null_key());
}

TEST_CASE("an empty build side matches nothing", "[join_hash_table]") {
  JoinHashTable table = table_of({ints({})});
  CHECK(table.size() == 0);
  CHECK_FALSE(table.has_null_key());
  CHECK(matches(table, {ints({0, 1, std::nullopt})}).empty());
  JoinHashTable texts_table = table_of({texts({}, SqlType::of(TypeId::kText))});
  CHECK(matches(texts_table, {texts({"a"}, SqlType::of(TypeId::kText))}).empty());
}

TEST_CASE("a build side of only NULL keys matches nothing", "[join_hash_table]") {
  JoinHashTable table = table_of({ints({std::nullopt, std::nullopt})});
  CHECK(table.has_null_key());
  CHECK(matches(table, {ints({0, 1, std::nullopt})}).empty());
}

TEST_CASE("multi-column keys match on every column", "[join_hash_table]") {
  std::vector<Vector> build = {ints({1, 1, 2, 2, std::nullopt}), ints({10, 20, 10, 20, 10}, SqlType::of(TypeId::kInteger))};
  std::vector<Vector> probe = {ints({1, 2, 2, 3, 1}), ints({20, 10, 30, 10, std::nullopt}, SqlType::of(TypeId::kInteger))};
  JoinHashTable table = table_of(build);
  CHECK(table.packed());
  CHECK(matches(table, probe) == Pairs{{0, 1}, {1, 2}});
  CHECK(matches(table, probe) == nested_loop(build, probe));
}

TEST_CASE("keys spanning the whole int64 range are compared exactly", "[join_hash_table]") {
  constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  // One key of 64 bits packs; two of them do not fit and take the hashed path.
  std::vector<Vector> one = {ints({kMin, kMax, -1, 0, 1})};
  JoinHashTable packed = table_of(one);
  CHECK(packed.packed());
  std::vector<Vector> probe_one = {ints({kMax, kMin, 0, -1, 2, kMin + 1})};
  CHECK(matches(packed, probe_one) == Pairs{{0, 1}, {1, 0}, {2, 3}, {3, 2}});

  std::vector<Vector> two = {ints({kMin, kMax, -1}), ints({kMax, kMin, -1})};
  JoinHashTable hashed = table_of(two);
  CHECK_FALSE(hashed.packed());
  std::vector<Vector> probe_two = {ints({kMax, kMin, kMin, -1}), ints({kMin, kMax, kMin, -1})};
  CHECK(matches(hashed, probe_two) == Pairs{{0, 1}, {1, 0}, {3, 2}});
}

TEST_CASE("probe values outside the build side's range match nothing", "[join_hash_table]") {
  JoinHashTable table = table_of({ints({100, 101, 103})});
  CHECK(matches(table, {ints({99, 104, 102, -100, 100})}) == Pairs{{4, 0}});
}

TEST_CASE("numerics are equal across scales: 1.5 = 1.50", "[join_hash_table]") {
  std::vector<Vector> build = {decimals({{15, 1}, {150, 2}, {3, 0}, {-25, 1}, {0, 4}})};
  std::vector<Vector> probe = {decimals({{1500, 3}, {3000, 3}, {31, 1}, {-250, 2}, {0, 0}, {1, 3}, {15, 0}})};
  JoinHashTable table = table_of(build);
  CHECK(table.packed());
  Pairs expected = {{0, 0}, {0, 1}, {1, 2}, {3, 3}, {4, 4}};
  CHECK(matches(table, probe) == expected);
  CHECK(nested_loop(build, probe) == expected);
}

TEST_CASE("numerics too wide for 64 bits are compared as numerics", "[join_hash_table]") {
  const __int128 big = static_cast<__int128>(1) << 100;
  std::vector<Vector> build = {decimals({{big, 2}, {15, 1}, {1, 30}})};
  std::vector<Vector> probe = {decimals({{big * 10, 3}, {150, 2}, {10, 31}, {big, 3}})};
  JoinHashTable table = table_of(build);
  CHECK_FALSE(table.packed());
  CHECK(matches(table, probe) == Pairs{{0, 0}, {1, 1}, {2, 2}});
}

TEST_CASE("a numeric exact at the build side's scale only", "[join_hash_table]") {
  CHECK(exec::decimal_at_scale({15, 1}, 2) == 150);
  CHECK(exec::decimal_at_scale({150, 2}, 1) == 15);
  CHECK_FALSE(exec::decimal_at_scale({151, 2}, 1).has_value());
  CHECK_FALSE(exec::decimal_at_scale({std::numeric_limits<std::int64_t>::max(), 0}, 1).has_value());
  CHECK(exec::decimal_at_scale({0, 30}, 0) == 0);
}

TEST_CASE("char keys ignore trailing blanks, text keys do not", "[join_hash_table]") {
  const SqlType character = SqlType::character(4);
  std::vector<Vector> build = {texts({"ab", "ab  ", "c", nullptr}, character)};
  std::vector<Vector> probe = {texts({"ab ", "c   ", "d", nullptr}, character)};
  JoinHashTable table = table_of(build);
  CHECK_FALSE(table.packed());
  CHECK(table.has_null_key());
  Pairs expected = {{0, 0}, {0, 1}, {1, 2}};
  CHECK(matches(table, probe) == expected);
  CHECK(nested_loop(build, probe) == expected);

  const SqlType text = SqlType::of(TypeId::kText);
  JoinHashTable text_table = table_of({texts({"ab", "ab ", "", "x"}, text)});
  CHECK(matches(text_table, {texts({"ab", "ab ", "", "y"}, text)}) == Pairs{{0, 0}, {1, 1}, {2, 2}});
}

TEST_CASE("mixed key types: an integer and a text", "[join_hash_table]") {
  const SqlType text = SqlType::of(TypeId::kText);
  std::vector<Vector> build = {ints({1, 1, 2}), texts({"a", "b", "a"}, text)};
  std::vector<Vector> probe = {ints({1, 2, 2}), texts({"b", "b", "a"}, text)};
  JoinHashTable table = table_of(build);
  CHECK(matches(table, probe) == Pairs{{0, 1}, {2, 2}});
}

TEST_CASE("mark_matches flags the probe rows with an equal build row", "[join_hash_table]") {
  JoinHashTable table = table_of({ints({5, 5, 6, std::nullopt})});
  Vector probe = ints({5, 7, std::nullopt, 6});
  JoinHashTable::ProbeScratch scratch;
  std::vector<std::uint8_t> matched(4, 0);
  table.mark_matches({&probe}, 4, scratch, matched);
  CHECK(matched == std::vector<std::uint8_t>{1, 0, 0, 1});
}

TEST_CASE("more than a million build rows, dense and sparse keys", "[join_hash_table]") {
  constexpr std::int64_t kRows = 1'200'000;
  constexpr std::int64_t kDistinct = 300'000;
  for (std::int64_t stride : {std::int64_t{1}, std::int64_t{1'000'003}}) {
    std::vector<std::optional<std::int64_t>> values;
    values.reserve(kRows);
    for (std::int64_t i = 0; i < kRows; ++i) values.push_back((i * 7919 % kDistinct) * stride - 5 * stride);
    JoinHashTable table = table_of({ints(values)});
    CHECK(table.packed());
    CHECK(table.size() == static_cast<std::size_t>(kRows));
    // Each key has four build rows; probes below and above the range find none.
    std::vector<std::optional<std::int64_t>> probes;
    for (std::int64_t k = -10; k < kDistinct + 10; ++k) probes.push_back(k * stride - 5 * stride);
    Pairs found = matches(table, {ints(probes)});
    REQUIRE(found.size() == static_cast<std::size_t>(4 * kDistinct));
    for (const auto& [probe_row, build_row] : found) REQUIRE(*probes[probe_row] == *values[build_row]);
  }
}

TEST_CASE("more than a million build rows on the hashed path", "[join_hash_table]") {
  constexpr std::size_t kRows = 1'100'000;
  std::vector<std::string> words;
  words.reserve(kRows / 2);
  for (std::size_t i = 0; i < kRows / 2; ++i) words.push_back("w" + std::to_string(i));
  Vector build(SqlType::of(TypeId::kText));
  build.resize(kRows);
  for (std::size_t i = 0; i < kRows; ++i) build.texts[i] = words[i % words.size()];
  JoinHashTable table = table_of({build});
  CHECK_FALSE(table.packed());
  Vector probe(SqlType::of(TypeId::kText));
  probe.resize(3);
  std::string absent = "nope";
  probe.texts = {words[0], words[words.size() - 1], absent};
  CHECK(matches(table, {probe}) == Pairs{{0, 0}, {0, static_cast<std::uint32_t>(words.size())},
                                         {1, static_cast<std::uint32_t>(words.size() - 1)},
                                         {1, static_cast<std::uint32_t>(kRows - 1)}});
}

TEST_CASE("an integer join condition is tested on the pairs", "[join_hash_table]") {
  // probe (key, supplier) ++ build (key, supplier): build.supplier <> probe.supplier
  const SqlType integer = SqlType::of(TypeId::kInteger);
  planner::BoundExpression condition;
  condition.kind = planner::ExprKind::kComparison;
  condition.comparison = planner::ComparisonOp::kNotEqual;
  condition.type = SqlType::of(TypeId::kBoolean);
  condition.args = {planner::column_reference(3, integer), planner::column_reference(1, integer)};
  auto residual = exec::JoinResidual::of(condition, 2);
  REQUIRE(residual.has_value());

  Chunk build;
  build.size = 4;
  build.columns = {ints({1, 1, 2, 3}), ints({10, 11, 10, std::nullopt}, integer)};
  Chunk probe;
  probe.size = 4;
  probe.columns = {ints({1, 2, 3, 1}), ints({10, 10, 10, std::nullopt}, integer)};
  JoinHashTable table(build, std::vector<Vector>{build.columns[0]});
  residual->bind(probe, table.rows());
  JoinHashTable::ProbeScratch scratch;
  std::vector<std::uint8_t> matched(4, 0);
  table.mark_matches_if({&probe.columns[0]}, 4, scratch,
                        [&](std::size_t i, std::uint32_t j) { return residual->passes(i, j); }, matched);
  // Row 0 (1, 10) has (1, 11); row 1 (2, 10) only (2, 10); row 2 meets a NULL; row 3 is NULL.
  CHECK(matched == std::vector<std::uint8_t>{1, 0, 0, 0});

  // A condition over one side only, or over text, is left to the evaluator.
  condition.args = {planner::column_reference(3, integer), planner::column_reference(2, integer)};
  CHECK_FALSE(exec::JoinResidual::of(condition, 2).has_value());
}

TEST_CASE("dense keys index buckets directly unless a few outliers would crowd them", "[join_hash_table]") {
  std::vector<std::optional<std::int64_t>> sparse, crowded;
  for (std::int64_t i = 0; i < 100'000; ++i) sparse.push_back(i * 20);  // 20 apart: 32 values a bucket hold 2 keys
  for (std::int64_t i = 0; i < 100'000; ++i) crowded.push_back(i);
  crowded.push_back(3'200'000);  // one far key: a direct bucket would hold 32 of the dense keys
  JoinHashTable direct = table_of({ints(sparse)});
  CHECK(direct.direct_buckets());
  JoinHashTable hashed = table_of({ints(crowded)});
  CHECK(hashed.packed());
  CHECK_FALSE(hashed.direct_buckets());
  for (const auto* table : {&direct, &hashed}) {
    const auto& values = table == &direct ? sparse : crowded;
    std::vector<std::optional<std::int64_t>> probes = {0, 20, 21, 1'999'980, 3'200'000, -1, 99'999};
    Pairs found = matches(*table, {ints(probes)});
    Pairs expected;
    for (std::uint32_t i = 0; i < probes.size(); ++i) {
      for (std::uint32_t j = 0; j < values.size(); ++j) {
        if (*probes[i] == *values[j]) expected.emplace_back(i, j);
      }
    }
    CHECK(found == expected);
  }
}
